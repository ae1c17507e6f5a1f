import { endpoint } from '../endpoint.js';
import {
  ReauthenticateQuerySchema,
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
  /**
   * Starts a fresh OIDC authentication of the signed-in user for a signature (prompt=login,
   * max_age=0): redirects to the identity provider, whose answer comes back through the sign-in
   * callback (account.oidcCallback) and then to `returnUrl` with `?reauth=<outcome>`.
   */
  reauthenticate: endpoint({
    method: 'GET',
    path: '/api/signing/reauthenticate',
    tags,
    summary: 'Starts a fresh sign-in at the identity provider to sign (redirect)',
    query: ReauthenticateQuerySchema,
    produces: ['text/html'],
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
