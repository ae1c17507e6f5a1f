import { type Endpoint, endpoint } from '../endpoint.js';
import { SaveJobResultSchema } from '../jobSave.js';
import { SaveWordDocumentBodySchema, WordAuthQuerySchema, WordAuthSchema } from '../wopi/word.js';

/** The job view's Word calls (spec 01 §7 getwordauth; spec 02 §7 "Word service details", saveWordDocument). */
export const WORD = {
  /** The WOPI access token and the WOPI client's editing (when allowed) and viewing addresses. */
  auth: endpoint({
    method: 'GET',
    path: '/api/jobs/getwordauth',
    tags: ['job'],
    query: WordAuthQuerySchema,
    answer: WordAuthSchema,
  }),
  /** Completes a Word edit with a save mode (the document arrived by the WOPI client's PutFile). */
  saveWordDocument: endpoint({
    method: 'POST',
    path: '/api/job/saveWordDocument',
    tags: ['job'],
    body: SaveWordDocumentBodySchema,
    answer: SaveJobResultSchema,
  }),
} satisfies Record<string, Endpoint>;
