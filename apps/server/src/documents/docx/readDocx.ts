import type { Block, Run, TableCell } from '../cda/narrative.js';
import { parseXml, type XmlElement, type XmlNode, XmlSyntaxError } from '../cda/xmlTree.js';
import { DEFAULT_DOCUMENT_LIMITS, type DocumentLimits } from '../limits.js';
import { runWalk, type Walk } from '../walk.js';
import { readZipParts, ZipError } from '../zipParts.js';

const W = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main';
/** The main part of a Word document. */
export const DOCX_MAIN_PART = 'word/document.xml';
/** How a Word package is named in messages about its limits. */
export const DOCX_WHAT = 'the Word document';

/** Thrown when bytes are not a readable Word document; `detail` says why. */
export class NotDocxError extends Error {
  constructor(readonly detail: string) {
    super(`Not a Word document: ${detail}`);
    this.name = 'NotDocxError';
  }
}

/**
 * The bytes of one part of a Word package, or null when it has no such part. Every part is
 * inflated within `limits` (documents/zipParts.ts): a bomb stops at its bound, never whole.
 */
export async function readZipPart(
  bytes: Buffer,
  name: string,
  limits: DocumentLimits = DEFAULT_DOCUMENT_LIMITS,
): Promise<Buffer | null> {
  try {
    const parts = await readZipParts(bytes, limits, { what: DOCX_WHAT, keep: (n) => n === name });
    return parts.get(name) ?? null;
  } catch (err) {
    if (err instanceof ZipError) throw new NotDocxError(err.detail);
    throw err;
  }
}

const isW = (n: XmlNode, local: string): n is XmlElement =>
  n.type === 'element' && n.ns === W && n.local === local;
const wChildren = (el: XmlElement) =>
  el.children.filter((c): c is XmlElement => c.type === 'element' && c.ns === W);

/** The w:val attribute, whatever prefix the document binds the namespace to. */
const valOf = (el: XmlElement | undefined) =>
  el ? (el.attrs['w:val'] ?? Object.entries(el.attrs).find(([k]) => k.endsWith(':val'))?.[1]) : undefined;

function on(props: XmlElement | undefined, local: string): boolean {
  const el = props?.children.find((c) => isW(c, local)) as XmlElement | undefined;
  if (!el) return false;
  const val = valOf(el);
  return val === undefined || !['0', 'false', 'none', 'off'].includes(val);
}

function runsOf(el: XmlElement, out: Run[]) {
  // A work list of elements in document order, never recursion on the document's depth.
  const work: XmlElement[] = wChildren(el).reverse();
  for (let c = work.pop(); c; c = work.pop()) {
    if (c.local === 'r') {
      const props = c.children.find((p) => isW(p, 'rPr')) as XmlElement | undefined;
      const style = { bold: on(props, 'b'), italic: on(props, 'i'), underline: on(props, 'u') };
      for (const part of wChildren(c)) {
        if (part.local === 't')
          out.push({ ...style, text: part.children.map((t) => (t.type === 'text' ? t.text : '')).join('') });
        else if (part.local === 'tab') out.push({ ...style, text: '\t' });
        else if (part.local === 'br' || part.local === 'cr') out.push({ text: '\n' });
        else if (part.local === 'noBreakHyphen') out.push({ ...style, text: '-' });
      }
    } else if (c.local !== 'del' && c.local !== 'pPr' && c.local !== 'rPr') {
      // Hyperlinks, insertions, smart tags, simple fields, content controls: their runs count.
      work.push(...wChildren(c).reverse());
    }
  }
}

function* cellOf(tc: XmlElement): Walk<TableCell> {
  const props = tc.children.find((p) => isW(p, 'tcPr')) as XmlElement | undefined;
  const span = props?.children.find((p) => isW(p, 'gridSpan')) as XmlElement | undefined;
  return {
    header: false,
    colspan: Math.max(1, Math.min(64, Number.parseInt(valOf(span) ?? '1', 10) || 1)),
    blocks: (yield blocksOf(tc)) as Block[],
  };
}

/** The blocks of a container, as a walk (walk.ts): tables in cells nest without the call stack. */
function* blocksOf(container: XmlElement): Walk<Block[]> {
  const blocks: Block[] = [];
  for (const c of wChildren(container)) {
    if (c.local === 'p') {
      const runs: Run[] = [];
      runsOf(c, runs);
      blocks.push({ kind: 'paragraph', runs: runs.filter((r) => r.text !== '') });
    } else if (c.local === 'tbl') {
      const body: TableCell[][] = [];
      for (const tr of wChildren(c)) {
        if (tr.local !== 'tr') continue;
        const row: TableCell[] = [];
        for (const tc of wChildren(tr)) if (tc.local === 'tc') row.push((yield cellOf(tc)) as TableCell);
        body.push(row);
      }
      blocks.push({ kind: 'table', caption: null, head: [], body });
    } else if (c.local === 'sdt' || c.local === 'sdtContent' || c.local === 'customXml') {
      blocks.push(...((yield blocksOf(c)) as Block[]));
    }
  }
  return blocks;
}

/**
 * Reads a DOCX file's main part (word/document.xml, through yauzl) as narrative blocks:
 * paragraphs with bold/italic/underline runs, tabs and line breaks, and tables. Deleted revisions
 * are left out. Throws NotDocxError when the bytes are not a zip holding a Word main part.
 */
export async function readDocx(
  bytes: Buffer,
  limits: DocumentLimits = DEFAULT_DOCUMENT_LIMITS,
): Promise<Block[]> {
  const part = await readZipPart(bytes, DOCX_MAIN_PART, limits);
  if (!part) throw new NotDocxError(`it has no ${DOCX_MAIN_PART}`);
  let root: XmlElement;
  try {
    root = parseXml(part.toString('utf8').replace(/^\uFEFF/, ''), limits, DOCX_WHAT).root;
  } catch (err) {
    if (err instanceof XmlSyntaxError)
      throw new NotDocxError(`${DOCX_MAIN_PART} is not well-formed XML (${err.message})`);
    throw err;
  }
  const body = root.children.find((c) => isW(c, 'body')) as XmlElement | undefined;
  if (root.local !== 'document' || root.ns !== W || !body) {
    throw new NotDocxError(`${DOCX_MAIN_PART} is not a WordprocessingML document`);
  }
  return runWalk(blocksOf(body));
}
