import { MAX_ROWSPAN, type NarrativeBlock, type NarrativeRun, type NarrativeTableCell } from '@quill/core';
import { runWalk, type Walk } from '../walk.js';
import { HL7_V3, type XmlElement, type XmlNode } from './xmlTree.js';

/** A run of narrative text in one style; `text` '\n' is a line break (one definition, in core). */
export type Run = NarrativeRun;

/** One cell of a narrative table. */
export type TableCell = NarrativeTableCell;

/** A block of section narrative (CDA R2 narrative block), shared with the editing contract. */
export type Block = NarrativeBlock;

export type Style = Omit<Run, 'text'>;

const BREAK: Run = { text: '\n' };

/** The local style (CDA allows "x" names) that marks a speech recognizer's unedited text (issue 27). */
export const RECOGNIZED_STYLE = 'xRecognized';

/**
 * Where the reader found a block (only when asked: the editor's minimal save, edit/patchNarrative):
 * the nodes it was read from in order, for a paragraph the inline nodes and their style, for a list
 * item or table cell the element whose children its blocks are.
 */
export interface BlockSource {
  span: readonly XmlNode[];
  inline?: {
    nodes: readonly XmlNode[];
    style: Style;
    /** A paragraph's `<caption>` content, read in bold before its text and a space. */
    lead?: { nodes: readonly XmlNode[]; style: Style };
  };
  container?: { el: XmlElement; style: Style };
}

/** Blocks, list items (their block arrays), table rows (their cell arrays) and cells → sources. */
export type NarrativeSources = WeakMap<object, BlockSource>;

/** A narrative element's `ID` (which entries point at) added to the anchors its text carries. */
function anchored(el: XmlElement, base: Style): Style {
  const id = el.attrs.ID;
  if (!id) return base;
  return { ...base, anchors: base.anchors ? `${base.anchors} ${id}` : id };
}

function styleOf(el: XmlElement, base: Style): Style {
  const codes = (el.attrs.styleCode ?? '').split(/\s+/).filter(Boolean);
  const style: Style = { ...anchored(el, base) };
  for (const code of codes) {
    if (code === 'Bold' || code === 'xBold') style.bold = true;
    else if (code === 'Italics' || code === 'Emphasis') style.italic = true;
    else if (code === 'Underline') style.underline = true;
    else if (code === RECOGNIZED_STYLE) style.recognized = true;
  }
  return style;
}

const sameStyle = (a: Run, b: Run) =>
  !a.bold === !b.bold &&
  !a.italic === !b.italic &&
  !a.underline === !b.underline &&
  !a.recognized === !b.recognized &&
  a.anchors === b.anchors;

/** Collapses whitespace as a browser shows narrative; drops spaces at line starts and ends. */
export function normaliseRuns(runs: Run[]): Run[] {
  const out: Run[] = [];
  let atLineStart = true;
  for (const run of runs) {
    if (run.text === '\n') {
      const last = out.at(-1);
      if (last && last.text !== '\n') last.text = last.text.replace(/ +$/, '');
      out.push({ ...BREAK });
      atLineStart = true;
      continue;
    }
    let text = run.text.replace(/\s+/g, ' ');
    if (atLineStart || out.at(-1)?.text.endsWith(' ')) text = text.replace(/^ /, '');
    if (!text) continue;
    const last = out.at(-1);
    if (last && last.text !== '\n' && sameStyle(last, run)) last.text += text;
    else out.push({ ...run, text });
    atLineStart = false;
  }
  const last = out.at(-1);
  if (last && last.text !== '\n') last.text = last.text.replace(/ +$/, '');
  while (out.length && (out.at(-1)!.text === '\n' || out.at(-1)!.text === '')) out.pop();
  while (out.length && out[0]!.text === '\n') out.shift();
  return out.filter((r) => r.text !== '');
}

/** The plain text of runs (line breaks as '\n'). */
export function runsText(runs: readonly Run[]): string {
  return runs.map((r) => r.text).join('');
}

const isV3Element = (n: XmlNode): n is XmlElement =>
  n.type === 'element' && (n.ns === HL7_V3 || n.ns === null);
const isV3 = (n: XmlNode, local: string): n is XmlElement => isV3Element(n) && n.local === local;

/**
 * Inline content of an element as runs (captions, titles, cells without blocks), not yet
 * normalised. With `trace`, each run read from a text node or `<br/>` is mapped to that node.
 */
export function readInline(nodes: readonly XmlNode[], style: Style = {}, trace?: Map<Run, XmlNode>): Run[] {
  const runs: Run[] = [];
  // A work list, never recursion: nesting depth is the document's to choose.
  type Work = { node: XmlNode; style: Style } | { close: Run };
  const work: Work[] = [];
  const push = (list: readonly XmlNode[], s: Style) => {
    for (let i = list.length - 1; i >= 0; i--) work.push({ node: list[i]!, style: s });
  };
  push(nodes, style);
  for (let item = work.pop(); item; item = work.pop()) {
    if ('close' in item) {
      runs.push(item.close);
      continue;
    }
    const { node: n, style: s } = item;
    if (n.type === 'text') {
      if (!n.text) continue;
      // A text node of one newline is whitespace, not a line break (that is `<br/>`).
      const run = { ...s, text: n.text === '\n' ? ' ' : n.text };
      runs.push(run);
      trace?.set(run, n);
      continue;
    }
    if (n.ns !== HL7_V3 && n.ns !== null) continue;
    switch (n.local) {
      case 'br': {
        const run = { ...s, ...BREAK };
        runs.push(run);
        trace?.set(run, n);
        break;
      }
      case 'footnoteRef':
      case 'col':
      case 'colgroup':
        break;
      case 'content':
        // A revision marked deleted is not part of what the document says.
        if (n.attrs.revised !== 'delete') push(n.children, styleOf(n, s));
        break;
      case 'footnote':
        runs.push({ ...s, text: ' [' });
        work.push({ close: { ...s, text: ']' } });
        push(n.children, s);
        break;
      default:
        push(n.children, styleOf(n, s));
    }
  }
  return runs;
}

function* readCells(tr: XmlElement, base: Style, sources?: NarrativeSources): Walk<TableCell[]> {
  const cells: TableCell[] = [];
  const rowBase = anchored(tr, base);
  for (const cell of tr.children) {
    if (!isV3(cell, 'td') && !isV3(cell, 'th')) continue;
    const style = anchored(cell, cell.local === 'th' ? { ...rowBase, bold: true } : rowBase);
    const read: TableCell = {
      header: cell.local === 'th',
      colspan: Math.max(1, Math.min(64, Number.parseInt(cell.attrs.colspan ?? '1', 10) || 1)),
      blocks: (yield blockWalk(cell.children, style, sources)) as Block[],
    };
    // rowspan="0" (to the end of the row group in HTML) is read as 1, as most readers of CDA do.
    const rowspan = Math.min(MAX_ROWSPAN, Number.parseInt(cell.attrs.rowspan ?? '1', 10) || 1);
    if (rowspan > 1) read.rowspan = rowspan;
    cells.push(read);
    sources?.set(read, { span: [cell], container: { el: cell, style } });
  }
  sources?.set(cells, { span: [tr] });
  return cells;
}

/** Table style codes that draw lines (CDA's rule codes, and local "x" codes naming borders). */
const LINE_STYLES = /^(Botrule|Toprule|Lrule|Rrule|Allrule|x.*(border|rule|grid|line).*)$/i;
/** Local style codes that ask for no lines. */
const NO_LINE_STYLES = /^x?(no-?borders?|borderless|no-?lines|no-?rules|layout)$/i;

/**
 * Whether a table's markup says it has no lines: `border="0"` with no `rules` or `frame` that
 * draws any, or a style code asking for no borders — a table used for layout, which the HL7
 * stylesheet's browser shows without a grid. A table that says nothing keeps its grid.
 */
function drawsNoLines(table: XmlElement): boolean {
  const styles = (table.attrs.styleCode ?? '').split(/\s+/).filter(Boolean);
  if (styles.some((s) => NO_LINE_STYLES.test(s))) return true;
  if (styles.some((s) => LINE_STYLES.test(s))) return false;
  const border = table.attrs.border?.trim();
  // An empty `border` draws lines in HTML, as does any width but 0.
  if (border === undefined || border === '' || Number.parseFloat(border) !== 0) return false;
  const rules = table.attrs.rules?.trim().toLowerCase();
  const frame = table.attrs.frame?.trim().toLowerCase();
  return (!rules || rules === 'none') && (!frame || frame === 'void');
}

function* readTable(table: XmlElement, style: Style, sources?: NarrativeSources): Walk<Block> {
  let caption: Run[] | null = null;
  const head: TableCell[][] = [];
  const body: TableCell[][] = [];
  const cellBase: Style = anchored(table, style.anchors ? { anchors: style.anchors } : {});
  const cells = (tr: XmlElement) => readCells(tr, cellBase, sources);
  for (const part of table.children) {
    if (!isV3Element(part)) continue;
    if (part.local === 'caption')
      caption = normaliseRuns(readInline(part.children, { ...style, bold: true }));
    else if (part.local === 'thead') {
      for (const tr of part.children) if (isV3(tr, 'tr')) head.push((yield cells(tr)) as TableCell[]);
    } else if (part.local === 'tbody' || part.local === 'tfoot') {
      for (const tr of part.children) if (isV3(tr, 'tr')) body.push((yield cells(tr)) as TableCell[]);
    } else if (part.local === 'tr') body.push((yield cells(part)) as TableCell[]);
  }
  const block: Block = { kind: 'table', caption: caption?.length ? caption : null, head, body };
  if (drawsNoLines(table)) block.borderless = true;
  sources?.set(block, { span: [table] });
  return block;
}

function* readList(list: XmlElement, style: Style, sources?: NarrativeSources): Walk<Block> {
  let caption: Run[] | null = null;
  const items: Block[][] = [];
  const itemBase = anchored(list, style);
  for (const part of list.children) {
    if (!isV3Element(part)) continue;
    if (part.local === 'caption')
      caption = normaliseRuns(readInline(part.children, { ...style, bold: true }));
    else if (part.local === 'item') {
      const itemStyle = anchored(part, itemBase);
      const item = (yield blockWalk(part.children, itemStyle, sources)) as Block[];
      items.push(item);
      sources?.set(item, { span: [part], container: { el: part, style: itemStyle } });
    }
  }
  const block: Block = {
    kind: 'list',
    ordered: list.attrs.listType === 'ordered',
    caption: caption?.length ? caption : null,
    items,
  };
  sources?.set(block, { span: [list] });
  return block;
}

/**
 * The blocks of a narrative container (section `<text>`, list item, table cell, paragraph):
 * loose inline content between blocks becomes a paragraph; `<paragraph>` starts a new one (its
 * `<caption>` leads it in bold); lists and tables keep their structure; `<br/>` is a line break.
 */
export function readBlocks(
  nodes: readonly XmlNode[],
  style: Style = {},
  sources?: NarrativeSources,
): Block[] {
  return runWalk(blockWalk(nodes, style, sources));
}

/** readBlocks as a walk: lists, tables and paragraphs within it are sub-walks (walk.ts). */
function* blockWalk(nodes: readonly XmlNode[], style: Style, sources?: NarrativeSources): Walk<Block[]> {
  const blocks: Block[] = [];
  let pending: XmlNode[] = [];
  const flush = () => {
    const runs = normaliseRuns(readInline(pending, style));
    if (runs.length) {
      const block: Block = { kind: 'paragraph', runs };
      blocks.push(block);
      sources?.set(block, { span: pending, inline: { nodes: pending, style } });
    }
    pending = [];
  };
  for (const n of nodes) {
    if (n.type === 'element' && (n.ns === HL7_V3 || n.ns === null)) {
      if (n.local === 'paragraph') {
        flush();
        const caption = n.children.filter((c) => isV3(c, 'caption')) as XmlElement[];
        const rest = n.children.filter((c) => !isV3(c, 'caption'));
        const inner = (yield blockWalk(rest, styleOf(n, style), sources)) as Block[];
        const leadStyle = { ...style, bold: true };
        const leadNodes = caption.flatMap((c) => c.children);
        const lead = readInline(leadNodes, leadStyle);
        if (lead.length) {
          const first = inner[0];
          if (first?.kind === 'paragraph') {
            first.runs = normaliseRuns([...lead, { text: ' ' }, ...first.runs]);
            // Read from two places: traced as one when the paragraph is this one block.
            const inline = sources?.get(first)?.inline;
            if (inline && inner.length === 1)
              sources?.set(first, {
                span: [n],
                inline: { ...inline, lead: { nodes: leadNodes, style: leadStyle } },
              });
            else sources?.delete(first);
          } else inner.unshift({ kind: 'paragraph', runs: normaliseRuns(lead) });
        }
        // A paragraph read as one block is that block's place: an edit may write it whole.
        if (inner.length === 1 && sources?.has(inner[0]!))
          sources.set(inner[0]!, { ...sources.get(inner[0]!)!, span: [n] });
        blocks.push(...inner);
        continue;
      }
      if (n.local === 'list') {
        flush();
        blocks.push((yield readList(n, style, sources)) as Block);
        continue;
      }
      if (n.local === 'table') {
        flush();
        blocks.push((yield readTable(n, style, sources)) as Block);
        continue;
      }
      if (n.local === 'caption') {
        flush();
        const captionStyle = { ...style, bold: true };
        const runs = normaliseRuns(readInline(n.children, captionStyle));
        if (runs.length) {
          const block: Block = { kind: 'paragraph', runs };
          blocks.push(block);
          sources?.set(block, { span: [n], inline: { nodes: n.children, style: captionStyle } });
        }
        continue;
      }
    }
    pending.push(n);
  }
  flush();
  return blocks;
}

/** Every word-bearing text of the blocks, in reading order (search, tests, plain-text output). */
export function blocksText(blocks: readonly Block[]): string {
  const out: string[] = [];
  const work: Block[] = [...blocks].reverse();
  const push = (list: readonly Block[]) => {
    for (let i = list.length - 1; i >= 0; i--) work.push(list[i]!);
  };
  for (let b = work.pop(); b; b = work.pop()) {
    if (b.kind === 'paragraph') {
      out.push(runsText(b.runs));
      continue;
    }
    if (b.caption) out.push(runsText(b.caption));
    if (b.kind === 'list') push(b.items.flat());
    else push([...b.head, ...b.body].flatMap((row) => row.flatMap((cell) => cell.blocks)));
  }
  return out.join('\n');
}
