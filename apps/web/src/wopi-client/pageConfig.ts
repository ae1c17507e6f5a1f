import { wopiFileIdOf } from '@quill/core/rules/wopi/wopiSrc';
import { WORD_CLIENT_META, WORD_CLIENT_MODES, type WordClientMode } from '@quill/core/rules/wopi/wordClient';

/** What the page was asked to do, from the meta tags its route wrote (WORD_CLIENT_META). */
export type PageConfig =
  | { kind: 'open'; mode: WordClientMode; wopiSrc: string; token: string; tokenTtl: number }
  /** Reached without a token (a reload of the frame): open the document from its job. */
  | { kind: 'noToken' }
  /** A WOPISrc that is not this server's: the page sends its token nowhere. */
  | { kind: 'badAddress' };

function meta(doc: Document, name: string): HTMLMetaElement | null {
  return doc.querySelector<HTMLMetaElement>(`meta[name="${name}"]`);
}

/**
 * Reads the page's state from its meta tags and removes the token's, so the secret does not stay
 * in the document for anything that reads it later. The WOPISrc is checked again here (the route
 * checked it too): the token only ever goes to this server's `/wopi/files/{id}`.
 */
export function readPageConfig(doc: Document, ownOrigin: string): PageConfig {
  const tokenMeta = meta(doc, WORD_CLIENT_META.token);
  const token = tokenMeta?.content ?? '';
  tokenMeta?.remove();
  if (meta(doc, WORD_CLIENT_META.state)?.content !== 'open' || !token) return { kind: 'noToken' };
  const mode = meta(doc, WORD_CLIENT_META.mode)?.content as WordClientMode;
  const wopiSrc = meta(doc, WORD_CLIENT_META.wopiSrc)?.content ?? '';
  if (!WORD_CLIENT_MODES.includes(mode) || !wopiFileIdOf(wopiSrc, [ownOrigin])) return { kind: 'badAddress' };
  const tokenTtl = Number(meta(doc, WORD_CLIENT_META.tokenTtl)?.content ?? 0);
  return { kind: 'open', mode, wopiSrc, token, tokenTtl: Number.isSafeInteger(tokenTtl) ? tokenTtl : 0 };
}
