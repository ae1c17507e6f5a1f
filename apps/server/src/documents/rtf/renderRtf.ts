import { message } from '@quill/core';
import { type Block, blocksText, type Run, type TableCell } from '../cda/narrative.js';
import type { CdaSection } from '../cda/readCda.js';
import type { RenderableDocument } from '../renderable.js';
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

/** A part as RTF; `intbl` inside table cells. Paragraph ends (\par or \cell) are the caller's. */
function partRtf(p: Part, intbl: boolean): string {
  if (p.kind === 'table') return p.rtf;
  return `\\pard\\plain${intbl ? '\\intbl' : ''}\\li${p.indent}\\sa80${p.extra}\\f0\\fs${SIZE.body} ${p.body}`;
}

/** The parts of narrative blocks at a left indent; inside cells (`intbl`) tables become text lines. */
function* blocks(list: readonly Block[], indent: number, intbl: boolean): Walk<Part[]> {
  const out: Part[] = [];
  for (const b of list) {
    if (b.kind === 'paragraph') out.push(para(indent, runs(b.runs)));
    else if (b.kind === 'list') {
      if (b.caption) out.push(para(indent, runs(b.caption)));
      const inner = indent + INDENT;
      for (const [i, item] of b.items.entries()) {
        const marker = `${b.ordered ? `${i + 1}.` : '\\u8226?'}\\tab `;
        const body = (yield blocks(item, inner, intbl)) as Part[];
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
      out.push({ kind: 'table', rtf: (yield table(b, indent)) as string });
    }
  }
  return out;
}

/** Column widths in twips from the length of what each column holds. */
function widths(rows: TableCell[][], columns: number, total: number): number[] {
  const need = new Array<number>(columns).fill(4);
  for (const row of rows) {
    let col = 0;
    for (const cell of row) {
      if (cell.colspan === 1 && col < columns) {
        const longest = Math.max(
          ...blocksText(cell.blocks)
            .split('\n')
            .map((l) => l.length),
          0,
        );
        need[col] = Math.max(need[col]!, Math.min(longest, 40));
      }
      col += cell.colspan;
    }
  }
  const sum = need.reduce((a, b) => a + b, 0);
  return need.map((n) => Math.floor((n / sum) * total));
}

function* table(b: Extract<Block, { kind: 'table' }>, indent: number): Walk<string> {
  const rows = [...b.head.map((r) => ({ r, head: true })), ...b.body.map((r) => ({ r, head: false }))];
  const columns = Math.max(0, ...rows.map(({ r }) => r.reduce((n, c) => n + c.colspan, 0)));
  if (!columns) return '';
  const total = TEXT_WIDTH - indent;
  const w = widths([...b.head, ...b.body], columns, total);
  const edges = [indent];
  for (const x of w) edges.push(edges.at(-1)! + x);
  const border =
    '\\clbrdrt\\brdrs\\brdrw10\\clbrdrl\\brdrs\\brdrw10\\clbrdrb\\brdrs\\brdrw10\\clbrdrr\\brdrs\\brdrw10';
  const out: string[] = [];
  for (const { r, head } of rows) {
    let col = 0;
    let defs = `\\trowd\\trgaph80\\trleft${indent}${head ? '\\trhdr' : ''}`;
    let cells = '';
    for (const cell of r) {
      if (col >= columns) break;
      col = Math.min(columns, col + cell.colspan);
      defs += `${border}${head || cell.header ? '\\clcbpat3' : ''}\\cellx${edges[col]}`;
      const parts = ((yield blocks(cell.blocks, 0, true)) as Part[]).map((p) => partRtf(p, true));
      cells += `${parts.length ? parts.join('\\par ') : partRtf(para(0, ''), true)}\\cell `;
    }
    out.push(`${defs}\n${cells}\\row`);
  }
  return out.join('\n');
}

function* sections(list: readonly CdaSection[], depth: number): Walk<string[]> {
  const out: string[] = [];
  for (const s of list) {
    if (s.title) {
      const size = depth ? SIZE.subsection : SIZE.section;
      out.push(`\\pard\\plain\\sb200\\sa60\\keepn\\f0\\fs${size}\\b ${escapeRtf(s.title)}\\b0\\par`);
    }
    for (const part of (yield blocks(s.blocks, 0, false)) as Part[]) {
      out.push(part.kind === 'table' ? part.rtf : `${partRtf(part, false)}\\par`);
    }
    out.push(...((yield sections(s.sections, depth + 1)) as string[]));
  }
  return out;
}

function header(doc: RenderableDocument): string[] {
  const out: string[] = [];
  if (doc.title) out.push(`\\pard\\plain\\sa120\\f0\\fs${SIZE.title}\\b ${escapeRtf(doc.title)}\\b0\\par`);
  const label = 1700;
  const value = TEXT_WIDTH / 2 - label;
  for (let i = 0; i < doc.fields.length; i += 2) {
    const pair = doc.fields.slice(i, i + 2);
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
  if (out.length) out.push('\\pard\\plain\\sa120\\brdrb\\brdrs\\brdrw10\\brsp20\\f0\\fs8 \\par');
  return out;
}

function footer(): string {
  const template = message('documents.render.page', { page: '{{page}}', pages: '{{pages}}' });
  const field = (name: string) => `{\\field{\\*\\fldinst ${name}}{\\fldrslt 1}}`;
  const text = template
    .split(/(\{\{pages?\}\})/)
    .map((part) =>
      part === '{{page}}' ? field('PAGE') : part === '{{pages}}' ? field('SECTIONPAGES') : escapeRtf(part),
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
    ...runWalk(sections(doc.sections, 0)),
    '}',
  ];
  return Buffer.from(parts.join('\n'), 'latin1');
}
