import type { NarrativeBlock, NarrativeRun, NarrativeTableCell } from '@quill/core';
import { normaliseRuns, RECOGNIZED_STYLE } from '../narrative.js';

type Style = Omit<NarrativeRun, 'text'>;

/** The style flags the model edits and the `styleCode` each is written as. */
export const STYLE_CODES: ['bold' | 'italic' | 'underline' | 'recognized', string][] = [
  ['bold', 'Bold'],
  ['italic', 'Italics'],
  ['underline', 'Underline'],
  ['recognized', RECOGNIZED_STYLE],
];

const BOLD: Style = { bold: true };

/** Escapes text for element content ('>' too, so "]]>" can never appear). */
export function escapeXmlText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function cleanRun(run: NarrativeRun, base: Style): NarrativeRun {
  const out: NarrativeRun = { text: run.text };
  if (run.text === '\n') return out;
  for (const [key] of STYLE_CODES) if (run[key] || base[key]) out[key] = true;
  return out;
}

function normaliseInline(runs: readonly NarrativeRun[], base: Style): NarrativeRun[] {
  return normaliseRuns(runs.map((r) => cleanRun(r, base)));
}

function normaliseCell(cell: NarrativeTableCell): NarrativeTableCell {
  const out: NarrativeTableCell = {
    header: cell.header,
    colspan: cell.colspan,
    blocks: normaliseWithin(cell.blocks, cell.header ? BOLD : {}),
  };
  if ((cell.rowspan ?? 1) > 1) out.rowspan = cell.rowspan;
  return out;
}

function normaliseWithin(blocks: readonly NarrativeBlock[], base: Style): NarrativeBlock[] {
  const out: NarrativeBlock[] = [];
  for (const b of blocks) {
    if (b.kind === 'paragraph') {
      const runs = normaliseInline(b.runs, base);
      if (runs.length) out.push({ kind: 'paragraph', runs });
    } else if (b.kind === 'list') {
      const caption = b.caption ? normaliseInline(b.caption, { ...base, bold: true }) : [];
      out.push({
        kind: 'list',
        ordered: b.ordered,
        caption: caption.length ? caption : null,
        items: b.items.map((item) => normaliseWithin(item, base)),
      });
    } else {
      const caption = b.caption ? normaliseInline(b.caption, { ...base, bold: true }) : [];
      out.push({
        kind: 'table',
        caption: caption.length ? caption : null,
        head: b.head.map((row) => row.map(normaliseCell)),
        body: b.body.map((row) => row.map(normaliseCell)),
      });
    }
  }
  return out;
}

/**
 * Brings blocks to the form the narrative reader gives back for them: whitespace collapsed as
 * shown, adjacent runs of one style merged, empty paragraphs dropped, and the bold that table
 * header cells and captions always have made explicit. Writing normalised blocks and reading them
 * again gives the same blocks.
 */
export function normaliseBlocks(blocks: readonly NarrativeBlock[]): NarrativeBlock[] {
  return normaliseWithin(blocks, {});
}

/** Writes XML of the narrative block elements with one namespace prefix ('' or 'p:'). */
export class NarrativeWriter {
  constructor(
    private readonly prefix: string,
    private readonly step: string,
  ) {}

  private element(local: string, inner: string, attrs = ''): string {
    const name = `${this.prefix}${local}`;
    return inner ? `<${name}${attrs}>${inner}</${name}>` : `<${name}${attrs}/>`;
  }

  /**
   * Joins child elements of a list or table part: one per line below `indent`, or run together
   * when `indent` is null (inside an item or cell). Whitespace there is not narrative text.
   */
  private layout(parts: readonly string[], indent: string | null): string {
    if (indent === null || !parts.length) return parts.join('');
    return `${parts.map((p) => `\n${indent}${this.step}${p}`).join('')}\n${indent}`;
  }

  inline(runs: readonly NarrativeRun[], base: Style): string {
    return runs
      .map((run) => {
        if (run.text === '\n') return `<${this.prefix}br/>`;
        const codes = STYLE_CODES.filter(([key]) => run[key] && !base[key]).map(([, code]) => code);
        const text = escapeXmlText(run.text);
        return codes.length ? this.element('content', text, ` styleCode="${codes.join(' ')}"`) : text;
      })
      .join('');
  }

  /** Content of a container that reads loose inline text as a paragraph (item, cell). */
  container(blocks: readonly NarrativeBlock[], base: Style): string {
    const only = blocks[0];
    if (blocks.length === 1 && only?.kind === 'paragraph') return this.inline(only.runs, base);
    return blocks.map((b) => this.block(b, base, null)).join('');
  }

  /** A list item's element. */
  item(blocks: readonly NarrativeBlock[], base: Style): string {
    return this.element('item', this.container(blocks, base));
  }

  /** A table row's element, its cells on one line. */
  row(cells: readonly NarrativeTableCell[]): string {
    return this.element('tr', this.cells(cells));
  }

  /** A table row's cells, on one line. */
  cells(cells: readonly NarrativeTableCell[]): string {
    return cells.map((c) => this.cell(c)).join('');
  }

  private cell(cell: NarrativeTableCell): string {
    const local = cell.header ? 'th' : 'td';
    const rows = (cell.rowspan ?? 1) > 1 ? ` rowspan="${cell.rowspan}"` : '';
    const span = `${cell.colspan > 1 ? ` colspan="${cell.colspan}"` : ''}${rows}`;
    return this.element(local, this.container(cell.blocks, cell.header ? BOLD : {}), span);
  }

  private rows(rows: readonly NarrativeTableCell[][], indent: string | null): string {
    const inner = indent === null ? null : indent + this.step;
    return this.layout(
      rows.map((row) =>
        this.element(
          'tr',
          this.layout(
            row.map((c) => this.cell(c)),
            inner,
          ),
        ),
      ),
      indent,
    );
  }

  /** One block; `indent` is the indentation of its own line, null to write it on one line. */
  block(b: NarrativeBlock, base: Style, indent: string | null): string {
    if (b.kind === 'paragraph') return this.element('paragraph', this.inline(b.runs, base));
    const caption = b.caption
      ? [this.element('caption', this.inline(b.caption, { ...base, bold: true }))]
      : [];
    const inner = indent === null ? null : indent + this.step;
    if (b.kind === 'list') {
      const items = b.items.map((item) => this.element('item', this.container(item, base)));
      return this.element(
        'list',
        this.layout([...caption, ...items], indent),
        ` listType="${b.ordered ? 'ordered' : 'unordered'}"`,
      );
    }
    const head = b.head.length ? [this.element('thead', this.rows(b.head, inner))] : [];
    const body = this.element('tbody', this.rows(b.body, inner));
    return this.element(
      'table',
      this.layout([...caption, ...head, body], indent),
      ' border="1" width="100%"',
    );
  }
}

/** The whitespace that starts the line `at` is on. */
export function indentAt(xml: string, at: number): string {
  const lineStart = xml.lastIndexOf('\n', at - 1) + 1;
  return /^[ \t]*/.exec(xml.slice(lineStart, at))![0];
}

/** The indentation step of a document indented with `indent`: a tab, or two spaces. */
export function indentStep(indent: string): string {
  return indent.includes('\t') || indent === '' ? '\t' : '  ';
}

/**
 * The content of a section `<text>` element for these blocks: one block per line, indented one
 * step below the `<text>` tag's own indentation (list items and table rows and cells on lines of
 * their own), ending on that indentation. Expects normalised blocks (normaliseBlocks).
 */
export function writeNarrative(blocks: readonly NarrativeBlock[], prefix: string, indent: string): string {
  if (!blocks.length) return '';
  const step = indentStep(indent);
  const writer = new NarrativeWriter(prefix, step);
  return `${blocks.map((b) => `\n${indent}${step}${writer.block(b, {}, indent + step)}`).join('')}\n${indent}`;
}
