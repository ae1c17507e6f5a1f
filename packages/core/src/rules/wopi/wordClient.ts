/**
 * The fixed names of Quill's embedded WOPI client page (issue 22), shared by its route and the page.
 * Without schemas, so the page's first download carries no zod.
 */

/** How the page opens the document: editable (locked while open) or read-only. */
export const WORD_CLIENT_MODES = ['edit', 'view'] as const;
export type WordClientMode = (typeof WORD_CLIENT_MODES)[number];

/** The longest access token the page accepts; WOPI tokens are opaque printable ASCII. */
export const WOPI_TOKEN_MAX_LENGTH = 4096;

/**
 * The `<meta>` names by which the page's route hands the page its state (the content security
 * policy allows no inline script): `state` is `open` (with the four others) or `noToken`.
 */
export const WORD_CLIENT_META = {
  state: 'quill-word-client',
  mode: 'quill-wopi-mode',
  wopiSrc: 'quill-wopi-src',
  token: 'quill-wopi-token',
  tokenTtl: 'quill-wopi-token-ttl',
} as const;
