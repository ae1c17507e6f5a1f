import { z } from 'zod';
import { WOPI_SRC_MAX_LENGTH } from '../../rules/wopi/wopiSrc.js';
import { WOPI_TOKEN_MAX_LENGTH, WORD_CLIENT_MODES } from '../../rules/wopi/wordClient.js';
import { plainText } from '../documents/text.js';

/**
 * The embedded WOPI client page (issue 22, "Word documents (WOPI)"): what the job view's form post
 * carries to it. The host names the page's address with `mode` and `WOPISrc` in the query and posts
 * the access token and its lifetime as form fields, as hosts do for Collabora Online, so the token
 * never appears in an address, a log line or the browser's history.
 */

/** The page's query: the mode and the file's WOPI address (checked to be this server's by the route). */
export const WordClientQuerySchema = z.object({
  mode: z.enum(WORD_CLIENT_MODES),
  WOPISrc: plainText('WOPISrc', { max: WOPI_SRC_MAX_LENGTH }).min(1, 'WOPISrc is required'),
});
export type WordClientQuery = z.infer<typeof WordClientQuerySchema>;

/**
 * The form the job view posts into its frame: `access_token` and `access_token_ttl` (when the token
 * ends, in ms since 1970; 0 or absent when unknown). Without a token the page says to open the
 * document from the job view.
 */
export const WordClientFormSchema = z.object({
  access_token: z
    .string()
    .max(WOPI_TOKEN_MAX_LENGTH)
    .regex(/^[\x21-\x7e]*$/, 'printable ASCII without spaces')
    .optional(),
  access_token_ttl: z
    .string()
    .regex(/^\d{0,15}$/, 'milliseconds since 1970')
    .optional(),
});
export type WordClientForm = z.infer<typeof WordClientFormSchema>;
