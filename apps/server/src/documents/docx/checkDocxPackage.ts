import { DEFAULT_DOCUMENT_LIMITS, type DocumentLimits } from '../limits.js';
import { readZipParts, ZipError } from '../zipParts.js';
import { DOCX_MAIN_PART, DOCX_WHAT, NotDocxError } from './readDocx.js';

const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const W = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main';
const CONTENT_TYPES = '[Content_Types].xml';
/** How much of the main part's start is looked at to find its root element. */
const HEAD_BYTES = 64 * 1024;

/** The main part's start must be a WordprocessingML `document` element. */
function checkMainPartHead(head: string): void {
  const root = /<(?:([A-Za-z_][\w.-]*):)?document[\s/>]/.exec(
    head.replace(/<\?[\s\S]*?\?>|<!--[\s\S]*?-->/g, ''),
  );
  if (!root) throw new NotDocxError(`${DOCX_MAIN_PART} has no WordprocessingML document element`);
  const prefix = root[1];
  const declared = prefix ? `xmlns:${prefix}="${W}"` : `xmlns="${W}"`;
  if (!head.includes(declared) && !head.includes(declared.replace(/"/g, "'")))
    throw new NotDocxError(`${DOCX_MAIN_PART} is not in the WordprocessingML namespace`);
}

/**
 * Whether bytes are a real, bounded Word document: a zip (its central directory readable) whose
 * parts all inflate within `limits` — counted while inflating, every XML part scanned for its
 * element count, attributes and depth (documents/zipParts.ts) — with `[Content_Types].xml` and a
 * `word/document.xml` whose root is a WordprocessingML document. Throws {@link NotDocxError} with
 * the reason, or DocumentLimitError / ForbiddenMarkupError for a bound crossed.
 */
export async function checkDocxPackage(
  bytes: Buffer,
  limits: DocumentLimits = DEFAULT_DOCUMENT_LIMITS,
): Promise<void> {
  if (!bytes.subarray(0, 4).equals(ZIP_MAGIC)) throw new NotDocxError('not a zip file');
  const seen = new Set<string>();
  let parts: Map<string, Buffer>;
  try {
    parts = await readZipParts(bytes, limits, {
      what: DOCX_WHAT,
      keep: (name) => {
        seen.add(name);
        return name === DOCX_MAIN_PART;
      },
    });
  } catch (err) {
    if (err instanceof ZipError) throw new NotDocxError(err.detail);
    throw err;
  }
  if (!seen.has(CONTENT_TYPES)) throw new NotDocxError(`the package has no ${CONTENT_TYPES}`);
  const main = parts.get(DOCX_MAIN_PART);
  if (!main) throw new NotDocxError(`the package has no ${DOCX_MAIN_PART}`);
  checkMainPartHead(main.subarray(0, HEAD_BYTES).toString('utf8'));
}
