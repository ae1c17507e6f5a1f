import { XmlSyntaxError } from './cda/xmlTree.js';

/** How the bytes of an XML file are encoded, found as XML 1.0 Appendix F says. */
export interface XmlEncoding {
  /** The WHATWG encoding label the bytes are read with (`utf-8`, `utf-16le`, `windows-1252`…). */
  encoding: string;
  /** The encoding as the file names it (its BOM or its declaration), for messages. */
  declared: string;
}

// The declaration's encoding pseudo-attribute, in the ASCII-compatible head of the file.
const DECLARED = /^\s*<\?xml\s[^>]*?\bencoding\s*=\s*(["'])([A-Za-z][A-Za-z0-9._:-]*)\1/;
const HEAD_BYTES = 1024;

/**
 * The encoding of XML bytes: a byte order mark (UTF-8, UTF-16 either byte order), the two-byte
 * shape of `<` in UTF-16 without a mark, else the declaration's `encoding="…"` (UTF-8 when there
 * is none). A declared UTF-16 over bytes that are plainly not UTF-16 is read as UTF-8: the bytes
 * win over the label.
 */
export function xmlEncoding(bytes: Uint8Array): XmlEncoding {
  const [a, b, c] = bytes;
  if (a === 0xef && b === 0xbb && c === 0xbf) return { encoding: 'utf-8', declared: 'UTF-8' };
  if (a === 0xff && b === 0xfe) return { encoding: 'utf-16le', declared: 'UTF-16' };
  if (a === 0xfe && b === 0xff) return { encoding: 'utf-16be', declared: 'UTF-16' };
  if (a === 0x3c && b === 0x00) return { encoding: 'utf-16le', declared: 'UTF-16' };
  if (a === 0x00 && b === 0x3c) return { encoding: 'utf-16be', declared: 'UTF-16' };
  const head = Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.byteLength, HEAD_BYTES)).toString(
    'latin1',
  );
  const declared = DECLARED.exec(head)?.[2];
  if (!declared || /^utf-?(8|16)/i.test(declared)) return { encoding: 'utf-8', declared: 'UTF-8' };
  return { encoding: declared.toLowerCase(), declared };
}

/** Whether the bytes begin, in their encoding, with markup (`<` after any white space). */
export function looksLikeXml(bytes: Uint8Array): boolean {
  let encoding = xmlEncoding(bytes).encoding;
  try {
    new TextDecoder(encoding);
  } catch {
    encoding = 'utf-8';
  }
  const head = new TextDecoder(encoding).decode(bytes.subarray(0, HEAD_BYTES));
  return head.trimStart().startsWith('<');
}

/**
 * The text of XML bytes in any encoding WHATWG TextDecoder knows (xmlEncoding) — a UTF-16 byte
 * order mark dropped, a UTF-8 one kept — and, when it was not UTF-8, its declaration saying `encoding="UTF-8"` — the text
 * is UTF-8 from here on (a save writes it so); the stored bytes are never changed. Throws
 * XmlSyntaxError (reason `encoding`) for an encoding no decoder knows, (reason `badText`) for
 * bytes that are not valid in their encoding.
 */
export function decodeXml(bytes: Uint8Array): string {
  const { encoding, declared } = xmlEncoding(bytes);
  let decoder: InstanceType<typeof TextDecoder>;
  try {
    // A UTF-8 BOM stays (a save writes the text back as it was); any other goes with its encoding.
    decoder = new TextDecoder(encoding, { fatal: true, ignoreBOM: encoding === 'utf-8' });
  } catch {
    throw new XmlSyntaxError(`the encoding ${declared} is not one that can be read`, {
      reason: 'encoding',
      encoding: declared,
    });
  }
  let text: string;
  try {
    text = decoder.decode(bytes);
  } catch {
    throw new XmlSyntaxError(`the bytes are not valid ${declared}`, {
      reason: 'badText',
      encoding: declared,
    });
  }
  if (decoder.encoding === 'utf-8') return text;
  if (decoder.encoding === 'windows-1252') text = text.replace(/[\u0080-\u009f]/g, cp1252);
  return text.replace(
    /^(\s*<\?xml\s[^>]*?\bencoding\s*=\s*)(["'])[^"']*\2/,
    (_, before: string, q: string) => `${before}${q}UTF-8${q}`,
  );
}

// windows-1252 at 0x80–0x9F (WHATWG's reading of ISO-8859-1 too): Node 20's decoder gives the C1
// controls there instead; the undefined five stay as they are.
const CP1252 =
  '\u20ac\u0081\u201a\u0192\u201e\u2026\u2020\u2021\u02c6\u2030\u0160\u2039\u0152\u008d\u017d\u008f\u0090\u2018\u2019\u201c\u201d\u2022\u2013\u2014\u02dc\u2122\u0161\u203a\u0153\u009d\u017e\u0178';
const cp1252 = (c: string) => CP1252[c.charCodeAt(0) - 0x80]!;

// What may come before the first element: white space, the declaration, comments, PIs.
const PROLOG = /^(?:\s+|<\?[\s\S]*?\?>|<!--[\s\S]*?-->)*/;

/** Whether markup is an HTML page: an HTML doctype or an `html` first element, any case. */
export function isHtmlPage(text: string): boolean {
  const start = text.replace(/^\uFEFF/, '').slice(0, 64 * 1024);
  const rest = start.slice(PROLOG.exec(start)?.[0].length ?? 0);
  return /^<!doctype\s+html\b/i.test(rest) || /^<(?:[\w.-]+:)?html[\s/>]/i.test(rest);
}
