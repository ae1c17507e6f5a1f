import type { NarrativeBlock, NarrativeRun, NarrativeTableCell } from '@quill/core';
import { type NarrativeSources, readBlocks, readInline, type Style } from '../narrative.js';
import type { XmlNode } from '../xmlTree.js';
import { diffSequences } from './diffSequences.js';
import { nodeRange, type SourceTree, sourceTree } from './sourceTree.js';
import {
  escapeXmlText,
  indentAt,
  indentStep,
  NarrativeWriter,
  normaliseBlocks,
  STYLE_CODES,
} from './writeNarrative.js';
import { prefixOf, type ScannedElement } from './xmlScanner.js';

/** Replace the text [from, to) with `text`. */
export interface Splice {
  from: number;
  to: number;
  text: string;
}

/** The change cannot be made here by touching only what changed: the caller writes more. */
class Rewrite extends Error {}

interface Container {
  /** The element whose children the blocks are. */
  el: ScannedElement;
  /** The style its text is read with (a header cell's bold). */
  base: Style;
  /** Content written on one line (list item, table cell) rather than one block per line. */
  inline: boolean;
}

interface Context {
  xml: string;
  tree: SourceTree;
  sources: NarrativeSources;
  writer: NarrativeWriter;
  prefix: string;
  splices: Splice[];
}

type Paragraph = Extract<NarrativeBlock, { kind: 'paragraph' }>;
type List = Extract<NarrativeBlock, { kind: 'list' }>;
type Table = Extract<NarrativeBlock, { kind: 'table' }>;

const json = (v: unknown) => JSON.stringify(v);
const visible = (s: Style): Style => ({
  bold: !!s.bold,
  italic: !!s.italic,
  underline: !!s.underline,
  recognized: !!s.recognized,
});
const sameVisible = (a: Style, b: Style) => json(visible(a)) === json(visible(b));

/** One character of a paragraph as shown, with where it is written (from < 0: made by the reader). */
interface Atom {
  char: string;
  isBreak: boolean;
  style: Style;
  from: number;
  to: number;
}

const WHITESPACE = /\s/;

/** The text range a block was read from, without the whitespace around loose text. */
function spanRange(ctx: Context, span: readonly XmlNode[]): { start: number; end: number } {
  let start = nodeRange(ctx.tree, span[0]!).start;
  let end = nodeRange(ctx.tree, span.at(-1)!).end;
  while (start < end && WHITESPACE.test(ctx.xml[start]!)) start += 1;
  while (end > start && WHITESPACE.test(ctx.xml[end - 1]!)) end -= 1;
  return { start, end };
}

function rangeOf(ctx: Context, of: object): { start: number; end: number } {
  const source = ctx.sources.get(of);
  if (!source?.span.length) throw new Rewrite();
  return spanRange(ctx, source.span);
}

/** The characters of a paragraph as the reader shows them, each tied to its place in the text. */
function atomsOf(ctx: Context, paragraph: Paragraph): Atom[] {
  const inline = ctx.sources.get(paragraph)?.inline;
  if (!inline) throw new Rewrite();
  const trace = new Map<NarrativeRun, XmlNode>();
  const raw: Atom[] = [];
  const runs = readInline(inline.nodes, inline.style, trace);
  // A caption leading the paragraph: its text, then a space the reader adds.
  if (inline.lead) runs.unshift(...readInline(inline.lead.nodes, inline.lead.style, trace), { text: ' ' });
  for (const run of runs) {
    const node = trace.get(run);
    const style = { ...run, text: undefined };
    if (node?.type === 'element') {
      const { start, end } = nodeRange(ctx.tree, node);
      raw.push({ char: '\n', isBreak: true, style, from: start, to: end });
    } else if (node) {
      const { at } = ctx.tree.texts.get(node)!;
      for (let i = 0; i < node.text.length; i++)
        raw.push({ char: node.text[i]!, isBreak: false, style, from: at[i]!, to: at[i + 1]! });
    } else for (const char of run.text) raw.push({ char, isBreak: false, style, from: -1, to: -1 });
  }
  return collapse(raw);
}

/**
 * Whitespace collapsed as narrative.ts's normaliseRuns shows it: a displayed space stands for the
 * whole run of whitespace it was written as, and a line break for the spaces around it.
 */
function collapse(raw: readonly Atom[]): Atom[] {
  const out: Atom[] = [];
  let atLineStart = true;
  for (const atom of raw) {
    const last = out.at(-1);
    if (atom.isBreak) {
      const br = { ...atom };
      if (last && !last.isBreak && last.char === ' ') {
        out.pop();
        if (last.to === br.from && last.from >= 0) br.from = last.from;
      }
      out.push(br);
      atLineStart = true;
      continue;
    }
    if (WHITESPACE.test(atom.char)) {
      const swallowedBy = last && (last.isBreak || last.char === ' ') ? last : null;
      if (atLineStart || last?.char === ' ') {
        if (swallowedBy && swallowedBy.to === atom.from && atom.from >= 0) swallowedBy.to = atom.to;
        continue;
      }
      out.push({ ...atom, char: ' ' });
      atLineStart = false;
      continue;
    }
    out.push({ ...atom });
    atLineStart = false;
  }
  if (out.at(-1)?.char === ' ' && !out.at(-1)!.isBreak) out.pop();
  while (out.at(-1)?.isBreak) out.pop();
  while (out[0]?.isBreak) out.shift();
  return out;
}

/** The characters of normalised runs, in the atoms' shape (without places). */
function charsOf(runs: readonly NarrativeRun[]): Atom[] {
  return runs.flatMap((r): Atom[] =>
    r.text === '\n'
      ? [{ char: '\n', isBreak: true, style: {}, from: -1, to: -1 }]
      : // One entry per UTF-16 unit, as the atoms are.
        r.text.split('').map((c) => ({ char: c, isBreak: false, style: visible(r), from: -1, to: -1 })),
  );
}

const sameChar = (a: Atom, b: Atom) =>
  a.isBreak === b.isBreak && (a.isBreak || (a.char === b.char && sameVisible(a.style, b.style)));

/** XML for inserted characters written inside text of style `host`. */
function insertion(ctx: Context, chars: readonly Atom[], host: Style): string {
  let out = '';
  let i = 0;
  while (i < chars.length) {
    const first = chars[i]!;
    if (first.isBreak) {
      out += `<${ctx.prefix}br/>`;
      i += 1;
      continue;
    }
    let j = i;
    while (j < chars.length && !chars[j]!.isBreak && sameVisible(chars[j]!.style, first.style)) j += 1;
    const text = escapeXmlText(
      chars
        .slice(i, j)
        .map((c) => c.char)
        .join(''),
    );
    // Text can gain a style inside its host, never lose one: that is written whole instead.
    const lost = STYLE_CODES.some(([key]) => host[key] && !first.style[key]);
    if (lost) throw new Rewrite();
    const codes = STYLE_CODES.filter(([key]) => first.style[key] && !host[key]).map(([, code]) => code);
    out += codes.length
      ? `<${ctx.prefix}content styleCode="${codes.join(' ')}">${text}</${ctx.prefix}content>`
      : text;
    i = j;
  }
  return out;
}

/** Where inserted text goes between two atoms: beside a neighbour whose style it can take. */
function insertionPoint(atoms: readonly Atom[], at: number, style: Style): { pos: number; host: Style } {
  const candidates = [
    atoms[at - 1] && { pos: atoms[at - 1]!.to, host: atoms[at - 1]!.style },
    atoms[at] && { pos: atoms[at]!.from, host: atoms[at]!.style },
  ].filter((c): c is { pos: number; host: Style } => !!c && c.pos >= 0);
  const fits = (host: Style) => STYLE_CODES.every(([key]) => !host[key] || style[key]);
  const chosen = candidates.find((c) => sameVisible(c.host, style)) ?? candidates.find((c) => fits(c.host));
  if (!chosen) throw new Rewrite();
  return chosen;
}

/** Changes only the characters of a paragraph that differ. */
function patchParagraph(ctx: Context, old: Paragraph, oldN: Paragraph, next: Paragraph): void {
  const atoms = atomsOf(ctx, old);
  const was = charsOf(oldN.runs);
  if (atoms.length !== was.length || atoms.some((a, i) => !sameChar(a, was[i]!))) throw new Rewrite();
  const chars = charsOf(next.runs);
  for (const h of diffSequences(atoms.length, chars.length, (i, j) => sameChar(atoms[i]!, chars[j]!))) {
    const removed = atoms.slice(h.a0, h.a1);
    if (removed.some((a) => a.from < 0)) throw new Rewrite();
    const ranges: { from: number; to: number }[] = [];
    for (const a of removed) {
      const last = ranges.at(-1);
      if (last && last.to === a.from) last.to = a.to;
      else ranges.push({ from: a.from, to: a.to });
    }
    const added = chars.slice(h.b0, h.b1);
    if (added.length) {
      const first = ranges.shift();
      const at = first
        ? { pos: first.from, host: atoms[h.a0]!.style }
        : insertionPoint(atoms, h.a0, added[0]!.style);
      ctx.splices.push({ from: at.pos, to: first?.to ?? at.pos, text: insertion(ctx, added, at.host) });
    }
    for (const r of ranges) ctx.splices.push({ from: r.from, to: r.to, text: '' });
  }
}

/** Writes a paragraph's text again, keeping a `<paragraph>` element's own tag (its ID, its style). */
function rewriteParagraph(ctx: Context, old: Paragraph, next: Paragraph, container: Container): void {
  const source = ctx.sources.get(old);
  const only = source?.span.length === 1 ? source.span[0] : undefined;
  if (only?.type === 'element' && only.local === 'paragraph') {
    const el = ctx.tree.elements.get(only)!;
    const style = source?.inline?.style ?? container.base;
    ctx.splices.push({ from: el.openEnd, to: el.closeStart, text: ctx.writer.inline(next.runs, style) });
    return;
  }
  const { start, end } = rangeOf(ctx, old);
  ctx.splices.push({ from: start, to: end, text: ctx.writer.inline(next.runs, container.base) });
}

function blockText(ctx: Context, block: NarrativeBlock, container: Container, at: number): string {
  return ctx.writer.block(block, container.base, container.inline ? null : indentAt(ctx.xml, at));
}

/**
 * Replaces old siblings [a0, a1) by new items (written whole): between the neighbours' places, on
 * lines of their own below a block container, run together inside an item or cell.
 */
function replaceSiblings(
  ctx: Context,
  olds: readonly object[],
  a0: number,
  a1: number,
  written: (at: number) => string[],
  container: Container,
): void {
  const { xml } = ctx;
  const separator = (at: number) => (container.inline ? '' : `\n${indentAt(xml, at)}`);
  if (a1 > a0) {
    const from = rangeOf(ctx, olds[a0]!).start;
    let to = rangeOf(ctx, olds[a1 - 1]!).end;
    let start = from;
    const parts = written(from);
    if (!parts.length && !container.inline) {
      // A removed block takes its line with it.
      const lower = a0 > 0 ? rangeOf(ctx, olds[a0 - 1]!).end : container.el.openEnd;
      const gap = /\r?\n[ \t]*$/.exec(xml.slice(lower, from));
      if (gap) start = from - gap[0].length;
      else if (a1 < olds.length) to = rangeOf(ctx, olds[a1]!).start;
    }
    ctx.splices.push({ from: start, to, text: parts.join(separator(from)) });
    return;
  }
  if (a0 > 0) {
    const prev = rangeOf(ctx, olds[a0 - 1]!);
    const parts = written(prev.start);
    ctx.splices.push({
      from: prev.end,
      to: prev.end,
      text: parts.map((p) => separator(prev.start) + p).join(''),
    });
    return;
  }
  if (a1 < olds.length) {
    const next = rangeOf(ctx, olds[a1]!);
    const parts = written(next.start);
    ctx.splices.push({
      from: next.start,
      to: next.start,
      text: parts.map((p) => p + separator(next.start)).join(''),
    });
    return;
  }
  throw new Rewrite();
}

/** Runs `change`; if it cannot be done in place, drops what it planned and runs `instead`. */
function orElse(ctx: Context, change: () => void, instead: () => void): void {
  const planned = ctx.splices.length;
  try {
    change();
  } catch (e) {
    if (!(e instanceof Rewrite)) throw e;
    ctx.splices.length = planned;
    instead();
  }
}

function patchBlock(
  ctx: Context,
  old: NarrativeBlock,
  oldN: NarrativeBlock,
  next: NarrativeBlock,
  container: Container,
) {
  if (old.kind === 'paragraph')
    orElse(
      ctx,
      () => patchParagraph(ctx, old, oldN as Paragraph, next as Paragraph),
      () => rewriteParagraph(ctx, old, next as Paragraph, container),
    );
  else if (old.kind === 'list') patchList(ctx, old, oldN as List, next as List, container);
  else patchTable(ctx, old, oldN as Table, next as Table);
}

/** The container of a list item or table cell as the reader found it. */
function containerOf(ctx: Context, of: object): Container {
  const container = ctx.sources.get(of)?.container;
  const el = container && ctx.tree.elements.get(container.el);
  if (!el) throw new Rewrite();
  return { el, base: container.style, inline: true };
}

/** The element a list or table block (or a row) was read from. */
function elementOf(ctx: Context, of: object): ScannedElement {
  const first = ctx.sources.get(of)?.span[0];
  const el = first?.type === 'element' ? ctx.tree.elements.get(first) : undefined;
  if (!el) throw new Rewrite();
  return el;
}

/**
 * Changes a run of siblings (blocks, list items, rows, cells) into `next`: unchanged ones stay,
 * a changed one that can be paired with its new form is patched in place (`patch`), and the rest
 * are removed or written (`write`) beside their neighbours.
 */
function patchSiblings<T extends object>(
  ctx: Context,
  olds: readonly T[],
  oldsN: readonly T[],
  next: readonly T[],
  pairs: (old: T, nextOne: T) => boolean,
  patch: (old: T, oldN: T, nextOne: T) => void,
  write: (nextOne: T, at: number) => string,
  container: Container,
): void {
  const keys = oldsN.map(json);
  const nextKeys = next.map(json);
  for (const h of diffSequences(keys.length, nextKeys.length, (i, j) => keys[i] === nextKeys[j])) {
    const paired =
      h.a1 - h.a0 === h.b1 - h.b0 && oldsN.slice(h.a0, h.a1).every((o, k) => pairs(o, next[h.b0 + k]!));
    if (paired) {
      for (let i = h.a0, j = h.b0; i < h.a1; i++, j++) {
        const [o, oN, n] = [olds[i]!, oldsN[i]!, next[j]!];
        // What cannot be patched in place is written again whole, in its place.
        orElse(
          ctx,
          () => patch(o, oN, n),
          () => {
            const { start, end } = rangeOf(ctx, o);
            ctx.splices.push({ from: start, to: end, text: write(n, start) });
          },
        );
      }
      continue;
    }
    const added = next.slice(h.b0, h.b1);
    replaceSiblings(ctx, olds, h.a0, h.a1, (at) => added.map((n) => write(n, at)), container);
  }
}

function patchList(ctx: Context, old: List, oldN: List, next: List, container: Container): void {
  if (old.ordered !== next.ordered || json(oldN.caption) !== json(next.caption)) throw new Rewrite();
  patchSiblings(
    ctx,
    old.items,
    oldN.items,
    next.items,
    () => true,
    (item, itemN, nextItem) => patchContainer(ctx, item, itemN, nextItem, containerOf(ctx, item)),
    (item) => ctx.writer.item(item, container.base),
    { ...container, el: elementOf(ctx, old), inline: false },
  );
}

const sameShape = (a: NarrativeTableCell, b: NarrativeTableCell) =>
  a.header === b.header && a.colspan === b.colspan && (a.rowspan ?? 1) === (b.rowspan ?? 1);

function patchRow(
  ctx: Context,
  row: readonly NarrativeTableCell[],
  rowN: readonly NarrativeTableCell[],
  next: readonly NarrativeTableCell[],
): void {
  patchSiblings(
    ctx,
    row,
    rowN,
    next,
    sameShape,
    (cell, cellN, nextCell) =>
      patchContainer(ctx, cell.blocks, cellN.blocks, nextCell.blocks, containerOf(ctx, cell)),
    (cell) => ctx.writer.cells([cell]),
    { el: elementOf(ctx, row), base: {}, inline: true },
  );
}

function patchTable(ctx: Context, old: Table, oldN: Table, next: Table): void {
  if (json(oldN.caption) !== json(next.caption) || old.head.length !== next.head.length) throw new Rewrite();
  const rows = { el: elementOf(ctx, old), base: {}, inline: false };
  for (const part of ['head', 'body'] as const)
    patchSiblings(
      ctx,
      old[part],
      oldN[part],
      next[part],
      () => true,
      (row, rowN, nextRow) => patchRow(ctx, row, rowN, nextRow),
      (row) => ctx.writer.row(row),
      rows,
    );
}

/** Changes the blocks of a container (section text, list item, table cell) into `next`. */
function patchContainer(
  ctx: Context,
  old: readonly NarrativeBlock[],
  oldN: readonly NarrativeBlock[],
  next: readonly NarrativeBlock[],
  container: Container,
): void {
  if (!old.length) {
    if (!next.length) return;
    // Nothing to stand beside: the container's content is written whole (an empty `<td/>` by its parent).
    const el = container.el;
    if (el.selfClosing) throw new Rewrite();
    const indent = indentAt(ctx.xml, el.start);
    const step = indentStep(indent);
    const text = container.inline
      ? ctx.writer.container(next, container.base)
      : `${next.map((b) => `\n${indent}${step}${ctx.writer.block(b, container.base, indent + step)}`).join('')}\n${indent}`;
    ctx.splices.push({ from: el.openEnd, to: el.closeStart, text });
    return;
  }
  patchSiblings(
    ctx,
    old,
    oldN,
    next,
    (o, n) => o.kind === n.kind,
    (o, oN, n) => patchBlock(ctx, o, oN, n, container),
    (n, at) => blockText(ctx, n, container, at),
    container,
  );
}

/**
 * The splices that turn the narrative in `text` (a section's non-empty `<text>` element) into
 * `blocks`, touching only what the user changed: a changed word changes its text node, a new row
 * or item is added beside the others, and every element, attribute, `ID` and line break outside
 * the change stays as written. Null when the narrative cannot be read back here; the caller then
 * writes the narrative whole.
 */
export function patchNarrative(
  xml: string,
  text: ScannedElement,
  blocks: readonly NarrativeBlock[],
): Splice[] | null {
  const tree = sourceTree(xml, text);
  const sources: NarrativeSources = new WeakMap();
  const old = readBlocks(tree.nodes, {}, sources);
  const prefix = prefixOf(text);
  const ctx: Context = {
    xml,
    tree,
    sources,
    writer: new NarrativeWriter(prefix, indentStep(indentAt(xml, text.start))),
    prefix,
    splices: [],
  };
  try {
    patchContainer(ctx, old, normaliseBlocks(old), normaliseBlocks(blocks), {
      el: text,
      base: {},
      inline: false,
    });
  } catch (e) {
    if (e instanceof Rewrite) return null;
    throw e;
  }
  return ctx.splices;
}
