import { type Endpoint, endpoint } from '../endpoint.js';
import { SaveJobResultSchema } from '../jobSave.js';
import { SaveWordDocumentBodySchema, WordAuthQuerySchema, WordAuthSchema } from '../word.js';

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

/**
 * The path of Quill's own WOPI client page (the embedded default when WOPI_DISCOVERY_URL is unset):
 * it takes the posted form (`access_token`, `access_token_ttl`) with `mode` (edit or view) and
 * `WOPISrc` in its query, as Collabora Online's page does. Served by the WOPI client page's own
 * route, so it is not an entry of the table.
 */
export const EMBEDDED_WOPI_CLIENT_PATH = '/wopi-client/docx';
