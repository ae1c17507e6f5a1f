import { message } from '@quill/core';
import PDFDocument from 'pdfkit';
import type { CdaSection } from '../cda/readCda.js';
import type { HeaderField, RenderableDocument } from '../renderable.js';
import { type FontFace, registerDocumentFonts } from './fonts.js';
import {
  type CellLayout,
  type Flow,
  type Gap,
  layoutBlocks,
  linesHeight,
  SIZES,
  type TableFlow,
} from './layoutFlow.js';
import { textMeasure } from './measure.js';
import { LEADING, type Line, type Measure, wrapRuns } from './wrapRuns.js';

/** Page size of rendered documents. */
export type PageSize = 'LETTER' | 'A4';

const PAGE: Record<PageSize, [number, number]> = { LETTER: [612, 792], A4: [595.28, 841.89] };
/** Three-quarter-inch margins all round; the running head and page number sit inside them. */
const MARGIN = 54;

class PageWriter {
  readonly doc: PDFKit.PDFDocument;
  readonly measure: Measure;
  readonly left = MARGIN;
  readonly top = MARGIN;
  readonly width: number;
  readonly bottom: number;
  y = MARGIN;
  private pages = 0;

  constructor(
    private readonly size: PageSize,
    private readonly runningHead: string | null,
    title: string | null,
  ) {
    const [w, h] = PAGE[size];
    this.width = w - 2 * MARGIN;
    this.bottom = h - MARGIN;
    this.doc = new PDFDocument({
      autoFirstPage: false,
      bufferPages: true,
      info: { Title: title ?? '', Creator: 'Quill', Producer: 'Quill' },
      // A PDF viewer's title bar shows the document's title, not the blob URL it was opened from.
      displayTitle: Boolean(title),
    });
    registerDocumentFonts(this.doc);
    this.measure = textMeasure();
  }

  newPage() {
    this.doc.addPage({ size: PAGE[this.size], margin: 0 });
    this.pages++;
    this.y = this.top;
    if (this.pages > 1 && this.runningHead) {
      const text = this.fit(this.runningHead, 'regular', SIZES.footer, this.width);
      this.write(text, 'regular', SIZES.footer, this.left, MARGIN / 2 - SIZES.footer / 2, '#555555');
    }
  }

  /** Starts a new page unless `height` more fits on this one (or this page is still empty). */
  ensure(height: number) {
    if (this.y + height > this.bottom && this.y > this.top) this.newPage();
  }

  /** Cuts text to fit a width, ending it with an ellipsis. */
  fit(text: string, face: FontFace, size: number, width: number): string {
    if (this.measure(text, face, size) <= width) return text;
    const chars = Array.from(text);
    while (chars.length && this.measure(`${chars.join('')}…`, face, size) > width) chars.pop();
    return `${chars.join('')}…`;
  }

  write(
    text: string,
    face: FontFace,
    size: number,
    x: number,
    y: number,
    color = '#000000',
    underline = false,
  ) {
    this.doc.font(face).fontSize(size).fillColor(color).text(text, x, y, { lineBreak: false, underline });
  }

  line(line: Line, x0: number, y: number) {
    for (const s of line.segments)
      this.write(s.text, s.face, line.size, x0 + line.x + s.x, y, '#000000', s.underline);
  }

  flows(flows: Flow[]) {
    flows.forEach((flow, i) => {
      if (flow.kind === 'gap') {
        this.y = Math.min(this.y + flow.height, this.bottom);
      } else if (flow.kind === 'rule') {
        this.ensure(6);
        this.doc
          .moveTo(this.left, this.y + 2)
          .lineTo(this.left + this.width, this.y + 2)
          .lineWidth(0.75)
          .strokeColor('#444444')
          .stroke();
        this.y += 6;
      } else if (flow.kind === 'line') {
        this.ensure(flow.keepWithNext ? this.keepHeight(flows, i) : flow.height);
        this.line(flow, this.left, this.y);
        this.y += flow.height;
      } else {
        this.table(flow);
      }
    });
  }

  /** A title and what follows it: the title lines plus two lines (or a table's head and first row). */
  private keepHeight(flows: Flow[], from: number): number {
    let h = 0;
    let i = from;
    for (; i < flows.length; i++) {
      const f = flows[i]!;
      if (f.kind === 'line' && f.keepWithNext) h += f.height;
      else if (f.kind === 'gap') h += f.height;
      else break;
    }
    const next = flows[i];
    if (next?.kind === 'line') h += 2 * next.height;
    if (next?.kind === 'table')
      h += Math.min(openingHeight(next, this.bottom - this.top), (this.bottom - this.top) / 2);
    return h;
  }

  private table(t: TableFlow) {
    const head = bands(t.head);
    const body = bands(t.body);
    const headHeight = head.reduce((h, b) => h + bandHeights(b, t).reduce((a, x) => a + x, 0), 0);
    const repeatHead = headHeight < (this.bottom - this.top) / 3;
    const breakPage = (inHead: boolean) => {
      this.newPage();
      if (!inHead && repeatHead) for (const b of head) this.band(b, t, true, breakPage);
    };
    // A head row is never left alone at a page's foot: it starts a page with the first body row.
    if (t.head.length && t.body.length) this.ensure(openingHeight(t, this.bottom - this.top));
    for (const b of head) this.band(b, t, true, breakPage);
    for (const b of body) this.band(b, t, false, breakPage);
  }

  /**
   * Places rows a row span joins: together on one page (a new page when they do not fit here but
   * fit on one), each spanning cell drawn over the rows it covers. A band taller than a page is
   * placed row by row, a spanning cell's text in its first row and its box continued below.
   */
  private band(rows: CellLayout[][], t: TableFlow, inHead: boolean, breakPage: (inHead: boolean) => void) {
    if (rows.length === 1 && rows[0]!.every((c) => (c.rowspan ?? 1) === 1)) {
      this.row(rows[0]!, t, inHead, breakPage);
      return;
    }
    const heights = bandHeights(rows, t);
    const total = heights.reduce((a, b) => a + b, 0);
    const room = this.bottom - this.top;
    if (total > room * 0.9) {
      for (const row of rowsApart(rows)) this.row(row, t, inHead, breakPage);
      return;
    }
    if (this.y + total > this.bottom && this.y > this.top) breakPage(inHead);
    const tops = heights.map((_, i) => heights.slice(0, i).reduce((a, b) => a + b, 0));
    const x0 = this.left + t.x;
    rows.forEach((row, i) => {
      for (const c of row) {
        const span = Math.min(c.rowspan ?? 1, rows.length - i);
        const height = heights.slice(i, i + span).reduce((a, b) => a + b, 0);
        this.box(c, x0, this.y + tops[i]!, height, t, c.lines);
      }
    });
    this.y += total;
  }
  /** Places one row, splitting it line by line across pages when it is taller than what is left. */
  private row(cells: CellLayout[], t: TableFlow, inHead: boolean, breakPage: (inHead: boolean) => void) {
    const full = rowHeight(cells, t);
    const room = this.bottom - this.top;
    if (this.y + full > this.bottom && full <= room * 0.9 && this.y > this.top) breakPage(inHead);
    let pending = cells.map((c) => [...c.lines]);
    const minimum = 2 * t.padding + SIZES.body * LEADING;
    for (;;) {
      const space = this.bottom - this.y - 2 * t.padding;
      const taken: number[] = pending.map((lines) => {
        let h = 0;
        let n = 0;
        while (n < lines.length && h + lines[n]!.height <= space) h += lines[n++]!.height;
        return n;
      });
      if (!taken.some((n) => n > 0) && pending.some((lines) => lines.length)) {
        if (this.y > this.top) {
          breakPage(inHead);
          continue;
        }
        // Not even one line fits on an empty page (cannot happen at these sizes): place one anyway.
        pending.forEach((lines, i) => {
          taken[i] = Math.min(1, lines.length);
        });
      }
      const slices = pending.map((lines, i) => lines.slice(0, taken[i]));
      const height = Math.max(minimum, ...slices.map((s) => linesHeight(s) + 2 * t.padding));
      this.cells(cells, slices, t, Math.min(height, this.bottom - this.y));
      this.y += Math.min(height, this.bottom - this.y);
      pending = pending.map((lines, i) => lines.slice(taken[i]));
      if (!pending.some((lines) => lines.length)) return;
      breakPage(inHead);
    }
  }

  private cells(cells: CellLayout[], slices: (Line | Gap)[][], t: TableFlow, height: number) {
    const x0 = this.left + t.x;
    cells.forEach((c, i) => {
      this.box(c, x0, this.y, height, t, slices[i]!);
    });
  }

  /** One cell's box (when the table has a grid) and its lines. */
  private box(c: CellLayout, x0: number, y0: number, height: number, t: TableFlow, lines: (Line | Gap)[]) {
    if (t.borders) {
      const rect = this.doc.lineWidth(0.5).rect(x0 + c.x, y0, c.width, height);
      if (c.header) rect.fillAndStroke('#eeeeee', '#888888');
      else rect.strokeColor('#888888').stroke();
    }
    let y = y0 + t.padding;
    for (const l of lines) {
      if (l.kind === 'line') this.line(l, x0 + c.x + t.padding, y);
      y += l.height;
    }
  }

  pageNumbers() {
    const range = this.doc.bufferedPageRange();
    for (let i = 0; i < range.count; i++) {
      this.doc.switchToPage(range.start + i);
      const text = message('documents.render.page', { page: i + 1, pages: range.count });
      const w = this.measure(text, 'regular', SIZES.footer);
      const y = this.bottom + MARGIN / 2 - SIZES.footer / 2;
      this.write(text, 'regular', SIZES.footer, this.left + this.width - w, y, '#555555');
    }
  }

  finish(): Promise<Buffer> {
    const chunks: Buffer[] = [];
    this.doc.on('data', (c: Buffer) => chunks.push(c));
    const done = new Promise<Buffer>((resolve, reject) => {
      this.doc.on('end', () => resolve(Buffer.concat(chunks)));
      this.doc.on('error', reject);
    });
    this.pageNumbers();
    this.doc.flushPages();
    this.doc.end();
    return done;
  }
}

function rowHeight(cells: CellLayout[], t: TableFlow): number {
  return Math.max(
    2 * t.padding + SIZES.body * LEADING,
    ...cells.filter((c) => (c.rowspan ?? 1) === 1).map((c) => linesHeight(c.lines) + 2 * t.padding),
  );
}

/** Rows grouped into bands: consecutive rows a row span joins (one row when none does). */
function bands(rows: CellLayout[][]): CellLayout[][][] {
  const out: CellLayout[][][] = [];
  let reach = -1;
  rows.forEach((row, i) => {
    if (i > reach) out.push([]);
    out.at(-1)!.push(row);
    for (const c of row) reach = Math.max(reach, i + (c.rowspan ?? 1) - 1);
  });
  return out;
}

/** The heights of a band's rows: each as tall as its cells, the last rows a span covers taller when its cell needs it. */
function bandHeights(rows: CellLayout[][], t: TableFlow): number[] {
  const heights = rows.map((row) => rowHeight(row, t));
  rows.forEach((row, i) => {
    for (const c of row) {
      const span = Math.min(c.rowspan ?? 1, rows.length - i);
      if (span === 1) continue;
      const lack =
        linesHeight(c.lines) + 2 * t.padding - heights.slice(i, i + span).reduce((a, b) => a + b, 0);
      if (lack > 0) heights[i + span - 1]! += lack;
    }
  });
  return heights;
}

/** A band's rows placed one by one: a spanning cell holds its text in its first row, an empty box below. */
function rowsApart(rows: CellLayout[][]): CellLayout[][] {
  const out = rows.map((row) => row.map((c) => ({ ...c, rowspan: 1 })));
  rows.forEach((row, i) => {
    for (const c of row)
      for (let k = 1; k < Math.min(c.rowspan ?? 1, rows.length - i); k++)
        out[i + k]!.push({ ...c, rowspan: 1, lines: [] });
  });
  for (const row of out) row.sort((a, b) => a.x - b.x);
  return out;
}

/**
 * The height of a table's head and its first body row, which are kept on one page: the whole first
 * band when it is kept together (one row, or rows a span joins, up to 0.9 of a page `room` tall),
 * else the first few lines of a row that will split across pages anyway.
 */
function openingHeight(t: TableFlow, room: number): number {
  const sumOf = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
  const head = bands(t.head).reduce((h, b) => h + sumOf(bandHeights(b, t)), 0);
  const first = bands(t.body)[0];
  const firstHeight = first ? sumOf(bandHeights(first, t)) : 0;
  // A band up to 0.9 of a page — one row as well as rows a span joins — moves to the next page whole.
  const together = first && firstHeight <= room * 0.9;
  return head + (together ? firstHeight : Math.min(firstHeight, 2 * t.padding + 3 * SIZES.body * LEADING));
}

/** Header fields two label/value pairs a row, without rules. */
function fieldGrid(fields: readonly HeaderField[], labelWidth: number, w: PageWriter): Flow {
  const size = SIZES.field;
  const valueWidth = (w.width - 2 * labelWidth) / 2;
  const padding = 1.5;
  const cell = (x: number, width: number, text: string, bold: boolean): CellLayout => ({
    x,
    width,
    header: false,
    lines: wrapRuns([{ text, bold }], width - 2 * padding, size, w.measure),
  });
  const body: CellLayout[][] = [];
  for (let i = 0; i < fields.length; i += 2) {
    const row: CellLayout[] = [];
    fields.slice(i, i + 2).forEach((f, j) => {
      const x = j * (labelWidth + valueWidth);
      row.push(cell(x, labelWidth, f.label, true), cell(x + labelWidth, valueWidth, f.value, false));
    });
    body.push(row);
  }
  return { kind: 'table', x: 0, width: w.width, padding, borders: false, head: [], body };
}

/**
 * The header: title, warnings (bold), the job's facts, then what the document's own header says
 * under its heading (issue 40), and a rule.
 */
function headerFlows(doc: RenderableDocument, w: PageWriter): Flow[] {
  const out: Flow[] = [];
  // The document's state (issue 43) first, where a reader looks before anything else.
  for (const mark of doc.marks ?? []) {
    out.push(...wrapRuns([{ text: mark, bold: true }], w.width, SIZES.section, w.measure), {
      kind: 'gap',
      height: 4,
    });
  }
  if (doc.title) {
    const title = wrapRuns([{ text: doc.title, bold: true }], w.width, SIZES.title, w.measure);
    out.push(...title, { kind: 'gap', height: 6 });
  }
  for (const notice of doc.notices ?? []) {
    out.push(...wrapRuns([{ text: notice, bold: true }], w.width, SIZES.body, w.measure), {
      kind: 'gap',
      height: 4,
    });
  }
  const own = doc.documentFields?.fields ?? [];
  const labels = [...doc.fields, ...own].map((f) => w.measure(f.label, 'bold', SIZES.field));
  const labelWidth = Math.min(Math.max(0, ...labels) + 8, w.width * 0.23);
  if (doc.fields.length) out.push(fieldGrid(doc.fields, labelWidth, w));
  if (own.length && doc.documentFields) {
    if (doc.fields.length) out.push({ kind: 'gap', height: 5 });
    const heading = wrapRuns(
      [{ text: doc.documentFields.heading, bold: true, italic: true }],
      w.width,
      SIZES.field,
      w.measure,
    );
    out.push(...heading.map((l) => ({ ...l, keepWithNext: true })), { kind: 'gap', height: 1 });
    out.push(fieldGrid(own, labelWidth, w));
  }
  if (out.length) out.push({ kind: 'gap', height: 4 }, { kind: 'rule' }, { kind: 'gap', height: 6 });
  return out;
}

/** An addendum's mark above the text, bold (issue 43). */
function addendumFlows(doc: RenderableDocument, w: PageWriter): Flow[] {
  if (!doc.addendum) return [];
  return [
    ...wrapRuns([{ text: doc.addendum, bold: true }], w.width, SIZES.body, w.measure),
    { kind: 'gap', height: 6 },
  ];
}

/** Quill's signature lines after the text, under a rule, kept together (issue 43). */
function signatureFlows(doc: RenderableDocument, w: PageWriter): Flow[] {
  const lines = doc.signatureLines ?? [];
  if (!lines.length) return [];
  const out: Flow[] = [{ kind: 'gap', height: 14 }, { kind: 'rule' }, { kind: 'gap', height: 4 }];
  lines.forEach((text, i) => {
    const wrapped = wrapRuns([{ text, bold: true }], w.width, SIZES.body, w.measure);
    out.push(...wrapped.map((l) => ({ ...l, keepWithNext: i < lines.length - 1 })));
  });
  return out;
}

function sectionFlows(sections: readonly CdaSection[], w: PageWriter, depth: number): Flow[] {
  const out: Flow[] = [];
  for (const s of sections) {
    if (s.title) {
      const size = depth ? SIZES.subsection : SIZES.section;
      out.push({ kind: 'gap', height: 6 });
      for (const line of wrapRuns([{ text: s.title, bold: true }], w.width, size, w.measure)) {
        out.push({ ...line, keepWithNext: true });
      }
      out.push({ kind: 'gap', height: 3 });
    }
    out.push(...layoutBlocks(s.blocks, w.width, { measure: w.measure, size: SIZES.body, tables: true }));
    out.push(...sectionFlows(s.sections, w, depth + 1));
  }
  return out;
}

/**
 * Renders a document as PDF with pdfkit: embedded DejaVu fonts, a header block (title and job
 * facts), every section's title and narrative wrapped within the margins — paragraphs, lists,
 * tables whose rows split across pages with the head row repeated — and "Page N of M".
 */
export async function renderPdf(doc: RenderableDocument, opts: { size?: PageSize } = {}): Promise<Buffer> {
  const w = new PageWriter(opts.size ?? 'LETTER', doc.runningHead, doc.title);
  w.newPage();
  w.flows([
    ...headerFlows(doc, w),
    ...addendumFlows(doc, w),
    ...sectionFlows(doc.sections, w, 0),
    ...signatureFlows(doc, w),
  ]);
  return w.finish();
}
