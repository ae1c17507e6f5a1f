import { WOPI_FILE_PATH } from '../../contract/endpoints/wopiFile.js';

// The WHATWG URL parser, a global of both Node and the browser (core has neither's types).
interface ParsedUrl {
  readonly origin: string;
  readonly pathname: string;
  readonly protocol: string;
}
declare const URL: new (input: string) => ParsedUrl;

/** The longest WOPISrc accepted (a URL of this server's `/wopi/files/{fileId}`). */
export const WOPI_SRC_MAX_LENGTH = 2048;

/** What comes before the file id in a WOPISrc's path (`/wopi/files/`). */
const FILE_PATH_PREFIX = WOPI_FILE_PATH.slice(0, WOPI_FILE_PATH.indexOf('{'));
/** WOPI: a file id "must be URL safe"; at most 128 of these characters, not only dots. */
const FILE_ID = /^(?=.*[A-Za-z0-9])[A-Za-z0-9._~-]{1,128}$/;

/** The origin of a URL (`https://quill.example.org`), or null when it is not an http(s) URL. */
export function originOf(url: string): string | null {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.origin : null;
  } catch {
    return null;
  }
}

/**
 * The file id of a WOPISrc that names a file of this server's WOPI host — exactly
 * `{origin}/wopi/files/{fileId}` for one of `origins`, with no query, fragment or credentials —
 * else null. The embedded client page sends its access token to this address, so anything else is
 * refused: by the page's route (400) and again by the page before its first call.
 */
export function wopiFileIdOf(wopiSrc: string, origins: readonly string[]): string | null {
  if (wopiSrc.length > WOPI_SRC_MAX_LENGTH) return null;
  let url: ParsedUrl;
  try {
    url = new URL(wopiSrc);
  } catch {
    return null;
  }
  // Written exactly as parsed: no credentials, query, fragment, dot segments or default port.
  if (wopiSrc !== `${url.origin}${url.pathname}`) return null;
  const allowed = origins.map(originOf).filter((o): o is string => o !== null);
  if (!allowed.includes(url.origin) || !url.pathname.startsWith(FILE_PATH_PREFIX)) return null;
  const fileId = url.pathname.slice(FILE_PATH_PREFIX.length);
  return FILE_ID.test(fileId) ? fileId : null;
}
