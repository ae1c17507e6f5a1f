import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { WORD_CLIENT_META, type WordClientMode } from '@quill/core';
import type { FastifyReply } from 'fastify';

/** The built page of the embedded WOPI client (apps/web/wopi-client.html, issue 22). */
export const WORD_CLIENT_HTML = 'wopi-client.html';

/** What the page is told: a document to open, or that no access token came with the request. */
export type WordClientPageState =
  | { kind: 'open'; mode: WordClientMode; wopiSrc: string; token: string; tokenTtl: number }
  | { kind: 'noToken' };

function attribute(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * The state as `<meta>` tags (WORD_CLIENT_META): the page's script reads them, and removes the
 * token's, at start. Attribute values are escaped, so no value can end its tag.
 */
function metaTags(state: WordClientPageState): string {
  const values: [string, string][] = [[WORD_CLIENT_META.state, state.kind]];
  if (state.kind === 'open') {
    values.push(
      [WORD_CLIENT_META.mode, state.mode],
      [WORD_CLIENT_META.wopiSrc, state.wopiSrc],
      [WORD_CLIENT_META.token, state.token],
      [WORD_CLIENT_META.tokenTtl, String(state.tokenTtl)],
    );
  }
  return values.map(([name, content]) => `<meta name="${name}" content="${attribute(content)}">`).join('');
}

/** The built page with the state's meta tags at the end of its head. */
export function renderWordClientPage(template: string, state: WordClientPageState): string {
  const at = template.indexOf('</head>');
  if (at < 0) throw new Error(`${WORD_CLIENT_HTML} has no </head>`);
  return `${template.slice(0, at)}${metaTags(state)}${template.slice(at)}`;
}

/** The built page's HTML from the web app's dist folder, read once; null when it is not built. */
export function loadWordClientTemplate(webDist: string | null): string | null {
  if (!webDist) return null;
  try {
    return readFileSync(join(webDist, WORD_CLIENT_HTML), 'utf8');
  } catch {
    return null;
  }
}

/**
 * Sends the page. It may carry an access token: never stored by a cache, no Referer sent from it.
 * Framing by this origin only comes from the app's security headers (frame-ancestors 'self').
 */
export function sendWordClientPage(reply: FastifyReply, template: string, state: WordClientPageState) {
  return reply
    .type('text/html; charset=utf-8')
    .header('Cache-Control', 'no-store')
    .header('Referrer-Policy', 'no-referrer')
    .send(renderWordClientPage(template, state));
}
