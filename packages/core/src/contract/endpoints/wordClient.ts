import { type Endpoint, endpoint } from '../endpoint.js';
import { WordClientFormSchema, WordClientQuerySchema } from '../wopi/wordClient.js';

const tags = ['wordClient'];

/**
 * Quill's embedded WOPI client (issue 22): the page a Word job's frame loads when no
 * WOPI_DISCOVERY_URL names an external client. Pages for a frame, not calls, so they are left out of
 * the OpenAPI document.
 */
export const WORD_CLIENT = {
  /** The job view's form post into its frame: the DOCX editor page for the file at WOPISrc. */
  open: endpoint({
    method: 'POST',
    path: '/wopi-client/docx',
    tags,
    query: WordClientQuerySchema,
    body: WordClientFormSchema,
    consumes: 'application/x-www-form-urlencoded',
    produces: ['text/html'],
    hidden: true,
  }),
  /** A reload of the frame: no token comes with it, so the page says where to open the document. */
  reload: endpoint({
    method: 'GET',
    path: '/wopi-client/docx',
    tags,
    produces: ['text/html'],
    hidden: true,
  }),
} satisfies Record<string, Endpoint>;
