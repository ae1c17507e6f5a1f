import { message } from '@quill/core';
import { type Block, blocksText, type Run } from '../cda/narrative.js';
import type { CdaSection } from '../cda/readCda.js';
import { textMeasure } from '../pdf/measure.js';
import type { Measure } from '../pdf/wrapRuns.js';
import type { HeaderField, RenderableDocument } from '../renderable.js';
import { type GroupCell, gridInGroup, tableGrid } from '../tableGrid.js';
import { continuedNote, planTable, TABLE_FLOOR_SIZE } from '../tablePlan.js';
import { runWalk, type Walk } from '../walk.js';
import { escapeRtf } from './escapeRtf.js';

/** Letter paper with three-quarter-inch margins, in twips. */
const PAGE = { width: 12240, height: 15840, margin: 1080 };
const TEXT_WIDTH = PAGE.width - 2 * PAGE.margin;
const INDENT = 360;
/** Half-points. */
const SIZE = { body: 20, field: 18, title: 30, section: 23, subsection: 21, footer: 16 };

function runs(list: readonly Run[]): string {
  return list
    .map((r) => {
      if (r.text === '\n') return '\\line ';
      const on = `${r.bold ? '\\b' : ''}${r.italic ? '\\i' : ''}${r.underline ? '\\ul' : ''}`;
      return on ? `{${on} ${escapeRtf(r.text)}}` : escapeRtf(r.text);
    })
    .join('');
}

/** A paragraph (its left indent, extra properties and content) or a finished table. */
type Part = { kind: 'para'; indent: number; extra: string; body: string } | { kind: 'table'; rtf: string };

const para = (indent: number, body: string, extra = ''): Part => ({ kind: 'para', indent, extra, body });

/**
 * A part as RTF; `intbl` inside table cells, set in `halfPoints`. Paragraph ends (\par or \cell)
 * are the caller's.
 */
function partRtf(p: Part, intbl: boolean, halfPoints: number = SIZE.body): string {
  if (p.kind === 'table') return p.rtf;
  return `\\pard\\plain${intbl ? '\\intbl' : ''}\\li${p.indent}\\sa80${p.extra}\\f0\\fs${halfPoints} ${p.body}`;
}

/** The parts of narrative blocks at a left indent; inside cells (`intbl`) tables become text lines. */
function* blocks(list: readonly Block[], indent: number, intbl: boolean, measure: Measure): Walk<Part[]> {
  const out: Part[] = [];
  for (const b of list) {
    if (b.kind === 'paragraph') out.push(para(indent, runs(b.runs)));
    else if (b.kind === 'list') {
      if (b.caption) out.push(para(indent, runs(b.caption)));
      const inner = indent + INDENT;
      for (const [i, item] of b.items.entries()) {
        const marker = `${b.ordered ? `${i + 1}.` : '\\u8226?'}\\tab `;
        const body = (yield blocks(item, inner, intbl, measure)) as Part[];
        const first = body[0];
        // The marker hangs in the indent of the item's first paragraph, up to a tab stop.
        const hang = `\\fi-${INDENT}\\tx${inner}`;
        if (first?.kind === 'para' && first.extra === '') body[0] = para(inner, marker + first.body, hang);
        else body.unshift(para(inner, marker, hang));
        out.push(...body);
      }
    } else if (intbl) {
      if (b.caption) out.push(para(indent, runs(b.caption)));
      for (const row of [...b.head, ...b.body]) {
        const text = row.map((c) => blocksText(c.blocks).replace(/\n/g, ' ')).join(' | ');
        out.push(para(indent, escapeRtf(text)));
      }
    } else {
      if (b.caption) out.push(para(indent, runs(b.caption), '\\keepn'));
      const rtf = (yield table(b, indent, measure)) as string;
      // A small paragraph after the table, as the PDF's gap: a table that follows stays a table of its own.
      if (rtf) out.push({ kind: 'table', rtf: `${rtf}\n\\pard\\plain\\sa0\\f0\\fs8 \\par` });
    }
  }
  return out;
}

/** Twips in a point. */
const TWIPS = 20;
/** \trgaph: the space (twips) each side of a cell's text, as the PDF's cell padding. */
const CELL_GAP = 80;
/** The least \trgaph a table at the floor size keeps to stay one table. */
const MIN_CELL_GAP = 30;
/** Points a column keeps beyond its text and gaps: word processors draw the borders inside it. */
const BORDER_SLACK = 3;
const BORDER =
  '\\clbrdrt\\brdrs\\brdrw10\\clbrdrl\\brdrs\\brdrw10\\clbrdrb\\brdrs\\brdrw10\\clbrdrr\\brdrs\\brdrw10';

/**
 * A table in RTF, laid out by tableGrid and planned as the PDF's table: a cell spanning columns is
 * one cell as wide as they are; a cell spanning rows is the first of vertically merged cells
 * (\clvmgf) with a merged cell (\clvmrg) in each row below. Head rows repeat on each page
 * (\trhdr) and keep with the first body row; rows a span joins keep together. A table whose
 * markup has no lines gets no borders.
 */
function* table(b: Extract<Block, { kind: 'table' }>, indent: number, measure: Measure): Walk<string> {
  const grid = tableGrid(b.head, b.body);
  const columns = grid.columns;
  if (!columns) return '';
  // The same plan as the PDF's: sizes and widths from the words, in the same font.
  const plan = planTable(grid, (TEXT_WIDTH - indent) / TWIPS, {
    measure,
    size: SIZE.body / 2,
    floor: TABLE_FLOOR_SIZE,
    padding: (2 * CELL_GAP) / TWIPS + BORDER_SLACK,
    minPadding: (2 * MIN_CELL_GAP) / TWIPS + BORDER_SLACK,
  });
  const gap = Math.round(((plan.padding - BORDER_SLACK) / 2) * TWIPS);
  const halfPoints = Math.round(plan.size * 2);
  const border = b.borderless ? '' : BORDER;
  const out: string[] = [];
  for (const [g, group] of plan.groups.entries()) {
    if (g > 0)
      out.push(
        `${partRtf(para(indent, `{\\i ${escapeRtf(continuedNote(group.columns, columns))}}`, '\\keepn'), false)}\\par`,
      );
    const edges = [indent];
    for (const w of group.widths) edges.push(edges.at(-1)! + Math.floor(w * TWIPS));
    const placed = gridInGroup(grid, group.columns);
    // The cells over each row: those starting in it, and those reaching down into it from above.
    const over: { p: GroupCell; first: boolean }[][] = placed.map(() => []);
    for (const row of placed)
      for (const p of row)
        for (let r = p.row; r < Math.min(p.row + p.rowspan, placed.length); r++)
          over[r]!.push({ p, first: r === p.row });
    // The last row each row's band reaches: rows before it keep with the next.
    let reach = -1;
    const keep = placed.map((row, r) => {
      for (const p of row) reach = Math.max(reach, r + p.rowspan - 1);
      return r < reach || (r < grid.headRows && grid.rows > grid.headRows);
    });
    for (const [r, cellsOver] of over.entries()) {
      const head = r < grid.headRows;
      cellsOver.sort((x, y) => x.p.at - y.p.at);
      let defs = `\\trowd\\trgaph${gap}\\trleft${indent}${head ? '\\trhdr' : ''}${keep[r] ? '\\trkeepfollow' : ''}`;
      let cells = '';
      for (const { p, first } of cellsOver) {
        const merge = p.rowspan > 1 ? (first ? '\\clvmgf' : '\\clvmrg') : '';
        defs += `${merge}${border}${p.header ? '\\clcbpat3' : ''}\\cellx${edges[p.at + p.span]}`;
        const blocksOf = first && p.starts ? (p.cell?.blocks ?? []) : [];
        const extra = keep[r] ? '\\keepn' : '';
        const parts = ((yield blocks(blocksOf, 0, true, measure)) as Part[]).map((part) =>
          partRtf(
            part.kind === 'para' && extra ? { ...part, extra: part.extra + extra } : part,
            true,
            halfPoints,
          ),
        );
        cells += `${parts.length ? parts.join('\\par ') : partRtf(para(0, '', extra), true, halfPoints)}\\cell `;
      }
      out.push(`${defs}\n${cells}\\row`);
    }
  }
  return out.join('\n');
}

function* sections(list: readonly CdaSection[], depth: number, measure: Measure): Walk<string[]> {
  const out: string[] = [];
  for (const s of list) {
    if (s.title) {
      const size = depth ? SIZE.subsection : SIZE.section;
      out.push(`\\pard\\plain\\sb200\\sa60\\keepn\\f0\\fs${size}\\b ${escapeRtf(s.title)}\\b0\\par`);
    }
    for (const part of (yield blocks(s.blocks, 0, false, measure)) as Part[]) {
      out.push(part.kind === 'table' ? part.rtf : `${partRtf(part, false)}\\par`);
    }
    out.push(...((yield sections(s.sections, depth + 1, measure)) as string[]));
  }
  return out;
}

/** Header fields two label/value pairs a row, without rules. */
function fieldRows(fields: readonly HeaderField[]): string[] {
  const out: string[] = [];
  const label = 2300;
  const value = TEXT_WIDTH / 2 - label;
  for (let i = 0; i < fields.length; i += 2) {
    const pair = fields.slice(i, i + 2);
    let defs = '\\trowd\\trgaph60\\trleft0';
    let cells = '';
    pair.forEach((f, j) => {
      const x = j * (label + value);
      defs += `\\cellx${x + label}\\cellx${x + label + value}`;
      const p = `\\pard\\plain\\intbl\\f0\\fs${SIZE.field} `;
      cells += `${p}\\b ${escapeRtf(f.label)}\\b0\\cell ${p}${escapeRtf(f.value)}\\cell `;
    });
    out.push(`${defs}\n${cells}\\row`);
  }
  return out;
}

/**
 * The header: title, warnings (bold), the job's facts, then what the document's own header says
 * under its heading (issue 40), and a rule.
 */
function header(doc: RenderableDocument): string[] {
  const out: string[] = [];
  // The document's state (issue 43) first, where a reader looks before anything else.
  for (const mark of doc.marks ?? [])
    out.push(`\\pard\\plain\\sa80\\f0\\fs${SIZE.section}\\b ${escapeRtf(mark)}\\b0\\par`);
  if (doc.title) out.push(`\\pard\\plain\\sa120\\f0\\fs${SIZE.title}\\b ${escapeRtf(doc.title)}\\b0\\par`);
  for (const notice of doc.notices ?? [])
    out.push(`\\pard\\plain\\sa80\\f0\\fs${SIZE.body}\\b ${escapeRtf(notice)}\\b0\\par`);
  out.push(...fieldRows(doc.fields));
  const own = doc.documentFields;
  if (own?.fields.length) {
    out.push(
      `\\pard\\plain\\sb100\\sa20\\keepn\\f0\\fs${SIZE.field}\\b\\i ${escapeRtf(own.heading)}\\i0\\b0\\par`,
      ...fieldRows(own.fields),
    );
  }
  if (out.length) out.push('\\pard\\plain\\sa120\\brdrb\\brdrs\\brdrw10\\brsp20\\f0\\fs8 \\par');
  return out;
}

/** An addendum's mark above the text (bold), issue 43. */
function addendum(doc: RenderableDocument): string[] {
  return doc.addendum
    ? [`\\pard\\plain\\sa120\\f0\\fs${SIZE.body}\\b ${escapeRtf(doc.addendum)}\\b0\\par`]
    : [];
}

/** Quill's signature lines after the text, under a rule, kept together (issue 43). */
function signatures(doc: RenderableDocument): string[] {
  const lines = doc.signatureLines ?? [];
  if (!lines.length) return [];
  return [
    '\\pard\\plain\\sb240\\sa60\\keepn\\brdrb\\brdrs\\brdrw10\\brsp20\\f0\\fs8 \\par',
    ...lines.map(
      (line, i) =>
        `\\pard\\plain\\sa60${i < lines.length - 1 ? '\\keepn' : ''}\\f0\\fs${SIZE.body}\\b ${escapeRtf(line)}\\b0\\par`,
    ),
  ];
}

function footer(): string {
  const template = message('documents.render.page', { page: '{{page}}', pages: '{{pages}}' });
  const field = (name: string) => `{\\field{\\*\\fldinst ${name}}{\\fldrslt 1}}`;
  const text = template
    .split(/(\{\{pages?\}\})/)
    .map((part) =>
      part === '{{page}}' ? field('PAGE') : part === '{{pages}}' ? field('NUMPAGES') : escapeRtf(part),
    )
    .join('');
  return `\\pard\\plain\\qr\\f0\\fs${SIZE.footer} ${text}\\par`;
}

/**
 * Renders a document as RTF with a writer of our own: title and header fields, every section's
 * title (bold) and narrative — paragraphs, lists with hanging markers, tables (\trowd/\cellx,
 * head rows repeated on each page) — and "Page N of M" fields in the footer.
 */
export function renderRtf(doc: RenderableDocument): Buffer {
  const head = doc.runningHead ? escapeRtf(doc.runningHead) : '';
  const parts = [
    '{\\rtf1\\ansi\\ansicpg1252\\deff0\\uc1',
    '{\\fonttbl{\\f0\\fswiss\\fcharset0 DejaVu Sans;}}',
    '{\\colortbl;\\red0\\green0\\blue0;\\red85\\green85\\blue85;\\red238\\green238\\blue238;}',
    `{\\info{\\title ${escapeRtf(doc.title ?? '')}}{\\author Quill}}`,
    `\\paperw${PAGE.width}\\paperh${PAGE.height}\\margl${PAGE.margin}\\margr${PAGE.margin}\\margt${PAGE.margin}\\margb${PAGE.margin}`,
    '\\sectd\\titlepg',
    `{\\header \\pard\\plain\\f0\\fs${SIZE.footer}\\cf2 ${head}\\par}`,
    `{\\footer ${footer()}}`,
    `{\\footerf ${footer()}}`,
    ...header(doc),
    ...addendum(doc),
    ...runWalk(sections(doc.sections, 0, textMeasure())),
    ...signatures(doc),
    '}',
  ];
  return Buffer.from(parts.join('\n'), 'latin1');
}
