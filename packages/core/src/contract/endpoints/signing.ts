import { endpoint } from '../endpoint.js';
import {
  ReturnForCorrectionSchema,
  ReturnResultSchema,
  SignaturesQuerySchema,
  SignaturesSchema,
  SignRequestSchema,
  SignResultSchema,
  ToSignCountSchema,
  ToSignQueueSchema,
} from '../signing.js';

const tags = ['signing'];

/** Signing (issue 43): the dictator's To sign queue, signing, return for correction. */
export const SIGNING = {
  /** The jobs waiting for the signed-in account's signature (author or co-signer). */
  queue: endpoint({ method: 'GET', path: '/api/signing/queue', tags, answer: ToSignQueueSchema }),
  /** The To sign ticker's count. */
  count: endpoint({ method: 'GET', path: '/api/signing/count', tags, answer: ToSignCountSchema }),
  /** Signs one job or several (the bulk limit) with the password asked again; all or nothing. */
  sign: endpoint({
    method: 'POST',
    path: '/api/signing/sign',
    tags,
    body: SignRequestSchema,
    answer: SignResultSchema,
  }),
  /** Sends a job back to transcription with a note saying what to correct. */
  returnForCorrection: endpoint({
    method: 'POST',
    path: '/api/signing/return',
    tags,
    body: ReturnForCorrectionSchema,
    answer: ReturnResultSchema,
  }),
  /** A job's signatures, live and voided. */
  signatures: endpoint({
    method: 'GET',
    path: '/api/signing/signatures',
    tags,
    query: SignaturesQuerySchema,
    answer: SignaturesSchema,
  }),
};
