import { HL7_V3, parseXml, type XmlElement, type XmlNode } from '../../documents/cda/xmlTree.js';
import { DEFAULT_DOCUMENT_LIMITS } from '../../documents/limits.js';

/**
 * Tests only: what a C-CDA document's narrative says (its words and its tables, the tables laid
 * out by the HTML table algorithm), and checks of a rendering's layout text (`pdftotext -layout`)
 * against it: every word present, no word split across lines, every cell of a spanned table under
 * its own header. Written apart from the product's table code, so it grades that code.
 */

/** Narrative words as both sides are tokenised: runs of non-space, NFC. */
export function tokenise(text: string): string[] {
  return unseen(text.normalize('NFC')).split(/\s+/).filter(Boolean);
}

/**
 * Text as a reader reads it: without the characters nobody sees drawn (zero-width spaces and
 * joiners, soft hyphens), a non-breaking hyphen (RTF's `\_`) read as the hyphen it shows.
 */
const unseen = (text: string) =>
  text.replace(/[\u200B-\u200D\u2060\uFEFF\u00AD]/g, '').replace(/\u2011/g, '-');

// Elements that stand apart from the text around them (their words never run into a neighbour's).
const BLOCKS = new Set([
  'paragraph',
  'list',
  'item',
  'table',
  'thead',
  'tbody',
  'tfoot',
  'tr',
  'td',
  'th',
  'caption',
  'br',
  'title',
  'footnote',
]);

/** One cell of a table placed on its grid. */
export interface GridCell {
  text: string;
  row: number;
  col: number;
  rowspan: number;
  colspan: number;
  header: boolean;
}

/** A narrative table: its cells on the grid, how many rows head it, and its header per column. */
export interface NarrativeTable {
  cells: GridCell[];
  headerRows: number;
  columns: number;
  /** For each grid column, the header cell above it (the lowest header row's owner), if any. */
  headerOf: (GridCell | null)[];
  spanned: boolean;
}

export interface Narrative {
  words: string[];
  tables: NarrativeTable[];
}

const v3 = (n: XmlNode): n is XmlElement => n.type === 'element' && (n.ns === HL7_V3 || n.ns === null);
const kids = (el: XmlElement, local: string) =>
  el.children.filter((c): c is XmlElement => v3(c) && c.local === local);

/** The text a reader sees in narrative markup: deleted revisions and footnote marks left out. */
function textOf(el: XmlElement): string {
  const out: string[] = [];
  const work: XmlNode[] = [el];
  for (let n = work.pop(); n; n = work.pop()) {
    if (n.type === 'text') out.push(n.text);
    else if (v3(n)) {
      if (n.local === 'content' && n.attrs.revised === 'delete') continue;
      if (n.local === 'footnoteRef' || n.local === 'renderMultiMedia') continue;
      if (BLOCKS.has(n.local)) {
        out.push(' ');
        work.push({ type: 'text', text: ' ' });
      }
      for (let i = n.children.length - 1; i >= 0; i--) work.push(n.children[i]!);
    }
  }
  return out.join('');
}

const span = (v: string | undefined) => {
  const n = Number.parseInt(v ?? '1', 10);
  return Number.isFinite(n) && n > 0 ? Math.min(n, 1000) : 1;
};

/** A `<table>` on its grid (HTML's algorithm: each cell takes the next free slot of its row). */
export function layTable(table: XmlElement): NarrativeTable {
  const rows: { tr: XmlElement; head: boolean }[] = [];
  for (const part of table.children) {
    if (!v3(part)) continue;
    if (part.local === 'thead') for (const tr of kids(part, 'tr')) rows.push({ tr, head: true });
    else if (part.local === 'tbody' || part.local === 'tfoot')
      for (const tr of kids(part, 'tr')) rows.push({ tr, head: false });
    else if (part.local === 'tr') rows.push({ tr: part, head: false });
  }
  const taken = new Set<string>();
  const cells: GridCell[] = [];
  rows.forEach(({ tr }, r) => {
    let col = 0;
    for (const c of tr.children) {
      if (!v3(c) || (c.local !== 'td' && c.local !== 'th')) continue;
      while (taken.has(`${r},${col}`)) col++;
      const rowspan = span(c.attrs.rowspan);
      const colspan = span(c.attrs.colspan);
      for (let i = 0; i < rowspan && r + i < rows.length; i++)
        for (let j = 0; j < colspan; j++) taken.add(`${r + i},${col + j}`);
      cells.push({
        text: textOf(c).replace(/\s+/g, ' ').trim(),
        row: r,
        col,
        rowspan,
        colspan,
        header: c.local === 'th',
      });
      col += colspan;
    }
  });
  // The rows that head the table: thead's, else the leading rows of th only, else the first row.
  let headerRows = rows.findIndex((r) => !r.head);
  if (headerRows === -1) headerRows = rows.length;
  if (headerRows === 0) {
    const rowCells = (r: number) => cells.filter((c) => c.row === r);
    while (
      headerRows < rows.length &&
      rowCells(headerRows).length &&
      rowCells(headerRows).every((c) => c.header)
    )
      headerRows++;
    if (headerRows === 0 && rows.length > 1) headerRows = 1;
  }
  const columns = Math.max(0, ...cells.map((c) => c.col + c.colspan));
  const headerOf = Array.from({ length: columns }, (_, col) => {
    const owner = cells.find(
      (c) => c.row < headerRows && c.row + c.rowspan >= headerRows && c.col <= col && col < c.col + c.colspan,
    );
    return owner ?? null;
  });
  return {
    cells,
    headerRows,
    columns,
    headerOf,
    spanned: cells.some((c) => c.rowspan > 1 || c.colspan > 1),
  };
}

/** The narrative of a C-CDA document: section titles and text, its tables laid out; a text nonXMLBody. */
export function readNarrative(xml: string): Narrative {
  const { root } = parseXml(xml.replace(/^\uFEFF/, ''), DEFAULT_DOCUMENT_LIMITS, 'the corpus document');
  const words: string[] = [];
  const tables: NarrativeTable[] = [];
  const work: XmlElement[] = [root];
  for (let el = work.pop(); el; el = work.pop()) {
    if (el.local === 'section') {
      const title = kids(el, 'title')[0];
      if (title) words.push(...tokenise(textOf(title)));
      const text = kids(el, 'text')[0];
      if (text) {
        words.push(...tokenise(textOf(text)));
        const inner: XmlElement[] = [text];
        for (let t = inner.pop(); t; t = inner.pop()) {
          if (t.local === 'table') tables.push(layTable(t));
          for (let i = t.children.length - 1; i >= 0; i--) {
            const c = t.children[i]!;
            if (v3(c)) inner.push(c);
          }
        }
      }
    }
    if (el.local === 'nonXMLBody') {
      const text = kids(el, 'text')[0];
      const media = text?.attrs.mediaType ?? 'text/plain';
      if (text && text.attrs.representation !== 'B64' && media.startsWith('text/'))
        words.push(...tokenise(textOf(text)));
      continue;
    }
    // Entries' text is for machines; the narrative is the sections' <text>.
    if (el.local === 'entry') continue;
    for (let i = el.children.length - 1; i >= 0; i--) {
      const c = el.children[i]!;
      if (v3(c) && c.local !== 'text') work.push(c);
    }
  }
  return { words, tables };
}

/** The narrative words a rendering does not hold (ignoring how lines broke them). */
export function missingWords(words: readonly string[], rendered: string): string[] {
  const all = unseen(rendered.normalize('NFC')).replace(/\s+/g, '');
  return [...new Set(words)].filter((w) => !all.includes(w));
}

/** A word on a line: its column (characters in layout text, points in word boxes). */
export interface Token {
  text: string;
  col: number;
}

/** Lines of words as placed on the page. */
export interface PlacedLines {
  lines: Token[][];
  /** How far (in the lines' unit) a cell may start left of its header and still be under it. */
  slack: number;
}

/**
 * The words of a PDF (`pdftotext -bbox` boxes, testing/documents/pdfProbe.ts) as lines, pages one after the
 * other: words whose baselines are within 2 points share a line; a word's column is its left edge
 * in points. Unlike `pdftotext -layout` text, columns keep the page's geometry exactly.
 */
export function boxLines(
  pages: readonly { words: readonly { text: string; xMin: number; yMax: number }[] }[],
): PlacedLines {
  const lines: Token[][] = [];
  for (const page of pages) {
    const rows: { y: number; words: Token[] }[] = [];
    for (const w of page.words) {
      const row = rows.find((r) => Math.abs(r.y - w.yMax) <= 2);
      if (row) row.words.push({ text: w.text, col: w.xMin });
      else rows.push({ y: w.yMax, words: [{ text: w.text, col: w.xMin }] });
    }
    rows.sort((a, b) => a.y - b.y);
    for (const r of rows) lines.push(r.words.sort((a, b) => a.col - b.col));
  }
  return { lines, slack: 2 };
}
const lineTokens = (line: string): Token[] =>
  [...line.matchAll(/\S+/g)].map((m) => ({ text: m[0], col: m.index }));

/**
 * The pieces of a token laid out on lines of text as "segments": runs of tokens no more than one
 * space apart (table cells sit further apart than that in `pdftotext -layout`).
 */
function segments(line: string): Token[][] {
  const out: Token[][] = [];
  let last: Token | null = null;
  for (const t of lineTokens(line)) {
    if (last && t.col - (last.col + last.text.length) <= 1) out.at(-1)!.push(t);
    else out.push([t]);
    last = t;
  }
  return out;
}

/** One token of the narrative found broken over lines. */
export interface SplitToken {
  token: string;
  pieces: string[];
  /** 1-based line of the first piece. */
  line: number;
}

/**
 * Words one above the other in the narrative's tables: the last word of each cell with the first
 * word of the cell below it in the same column ("3" in one row's Value over "0" in the next).
 */
export function stackedWords(tables: readonly NarrativeTable[]): [string, string][] {
  const out: [string, string][] = [];
  for (const t of tables) {
    const at = new Map(t.cells.map((c) => [`${c.row + c.rowspan}:${c.col}`, c]));
    for (const below of t.cells) {
      const above = at.get(`${below.row}:${below.col}`);
      const last = above && tokenise(above.text).at(-1);
      const first = tokenise(below.text)[0];
      if (last && first) out.push([last, first]);
    }
  }
  return out;
}

/**
 * Tokens of the narrative laid out in two or more pieces on consecutive lines ("24898600" over
 * "5"): a piece ending its segment on one line, the rest starting a segment at the same left edge
 * on the next line, together a narrative token — unless the narrative itself has those pieces as
 * words in that order, or one above the other in a table column (`stacked`).
 */
export function splitTokens(
  layout: string,
  words: readonly string[],
  stacked: readonly [string, string][] = [],
): SplitToken[] {
  const vocabulary = new Set(words);
  const prefixes = new Set<string>();
  for (const w of vocabulary) for (let i = 1; i < w.length; i++) prefixes.add(w.slice(0, i));
  const pairs = new Set<string>(stacked.map(([a, b]) => `${a}\u0000${b}`));
  for (let i = 1; i < words.length; i++) pairs.add(`${words[i - 1]}\u0000${words[i]}`);
  const lines = unseen(layout.normalize('NFC')).split('\n').map(segments);
  const found: SplitToken[] = [];
  // The next non-blank line after line i (a table row may be followed by a blank line).
  const next = (i: number) => (lines[i + 1]?.length ? i + 1 : -1);
  for (let i = 0; i < lines.length; i++) {
    for (const seg of lines[i]!) {
      const first = seg[0]!;
      const last = seg.at(-1)!;
      if (!prefixes.has(last.text)) continue;
      // Follow the pieces down the lines while they stay a prefix of some narrative token.
      let joined = last.text;
      const pieces = [last.text];
      let at = i;
      let left = first.col;
      for (;;) {
        const j = next(at);
        if (j === -1) break;
        const cont = lines[j]!.find((s) => Math.abs(s[0]!.col - left) <= 1);
        if (!cont) break;
        const piece = cont[0]!.text;
        const candidate = joined + piece;
        if (pairs.has(`${pieces.at(-1)}\u0000${piece}`)) break;
        if (vocabulary.has(candidate) && cont.length > 0) {
          found.push({ token: candidate, pieces: [...pieces, piece], line: i + 1 });
          break;
        }
        if (!prefixes.has(candidate) || cont.length > 1) break;
        joined = candidate;
        pieces.push(piece);
        at = j;
        left = cont[0]!.col;
      }
    }
  }
  return found;
}

/** A cell of a spanned table not under its own header in the layout text. */
export interface MisplacedCell {
  text: string;
  expected: string;
  /** The header it sits under, or null when none could be told. */
  found: string | null;
  line: number;
}

export interface PlacementReport {
  checked: number;
  misplaced: MisplacedCell[];
  /** Cells whose first word was not found in the layout at all (counted, not judged). */
  unlocated: number;
}

const firstToken = (text: string) => tokenise(text)[0] ?? null;

/**
 * For a table with a row or column span, whether each body cell sits under its header in the
 * layout text or word boxes: the cell's first word is found on or after its row's line, then the nearest line
 * above holding the table's header words gives each header's column; the cell belongs to the
 * header whose column starts last at or before the cell's (one character of slack).
 */
export function checkPlacement(
  table: NarrativeTable,
  layout: string | PlacedLines,
  fromLine = 0,
): PlacementReport & { endLine: number } {
  const { lines, slack } =
    typeof layout === 'string'
      ? { lines: layout.normalize('NFC').split('\n').map(lineTokens), slack: 1 }
      : {
          lines: layout.lines.map((l) => l.map((t) => ({ ...t, text: t.text.normalize('NFC') }))),
          slack: layout.slack,
        };
  const report = { checked: 0, misplaced: [] as MisplacedCell[], unlocated: 0, endLine: fromLine };
  const headerWords = [...new Set(table.headerOf.filter(Boolean))].map((h) => firstToken(h!.text));
  const distinct = new Set(headerWords.filter(Boolean));
  if (distinct.size < 2 || distinct.size !== headerWords.length) return report;
  const headerTokens = new Set(table.headerOf.flatMap((h) => (h ? tokenise(h.text) : [])));
  // A line of the header: two of its words, or one and nothing but header words (a column continued alone).
  const isHeaderLine = (l: number) => {
    const words = lines[l]!.map((t) => t.text);
    let n = 0;
    for (const w of distinct) if (words.includes(w!)) n++;
    return n >= 2 || (n === 1 && words.every((w) => headerTokens.has(w)));
  };
  let cursor = fromLine;
  while (cursor < lines.length && !isHeaderLine(cursor)) cursor++;
  if (cursor >= lines.length) return report;
  cursor++;
  const body = table.cells.filter((c) => c.row >= table.headerRows);
  const rows = [...new Set(body.map((c) => c.row))].sort((a, b) => a - b);
  for (const r of rows) {
    let rowStart = Number.POSITIVE_INFINITY;
    for (const cell of body.filter((c) => c.row === r)) {
      const word = firstToken(cell.text);
      const header = table.headerOf[cell.col];
      if (!word || !header) continue;
      report.checked++;
      let line = -1;
      let col = -1;
      // A row's cells start on one line: once one is found, the others are looked for from there.
      const from = Number.isFinite(rowStart) ? Math.max(cursor, rowStart) : cursor;
      for (let l = from; l < lines.length && line === -1; l++) {
        const t = lines[l]!.find((x) => x.text === word);
        if (t) [line, col] = [l, t.col];
      }
      if (line === -1) {
        report.unlocated++;
        continue;
      }
      rowStart = Math.min(rowStart, line);
      let h = line - 1;
      while (h >= 0 && !isHeaderLine(h)) h--;
      // A head of several rows (a heading over two columns, the rest spanning both rows) is read whole.
      const head: Token[] = [];
      for (let k = h; k >= 0 && isHeaderLine(k); k--) head.push(...lines[k]!);
      const starts = [...new Set(table.headerOf)]
        .filter((x): x is GridCell => x !== null)
        .map((x) => ({ cell: x, at: head.find((t) => t.text === firstToken(x.text))?.col }))
        .filter((x): x is { cell: GridCell; at: number } => x.at !== undefined)
        .sort((a, b) => a.at - b.at);
      const under = starts.filter((s) => s.at <= col + slack).at(-1)?.cell ?? null;
      if (under !== header)
        report.misplaced.push({
          text: cell.text.trim(),
          expected: header.text.trim(),
          found: under?.text.trim() ?? null,
          line: line + 1,
        });
      report.endLine = Math.max(report.endLine, line);
    }
    if (Number.isFinite(rowStart)) cursor = rowStart + 1;
  }
  return report;
}
