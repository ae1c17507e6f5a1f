import { message } from '@quill/core';
import { type Block, blocksText } from './cda/narrative.js';
import { type Measure, naturalWidths } from './pdf/wrapRuns.js';
import type { TableGrid } from './tableGrid.js';

/** How a narrative table is set: its type size, cell padding and columns, in one or more groups side by side. */
export interface TablePlan {
  /** Points. */
  size: number;
  /** Cell padding, left plus right (points): the options' padding, less when that keeps one table. */
  padding: number;
  /**
   * Columns shown together, each with its width (points, summing to the width given): one group
   * when the table fits; otherwise the first column (the row's key, such as the date) and the
   * next columns that fit, then a continuation with the key again and the columns after.
   */
  groups: { columns: number[]; widths: number[] }[];
}

export interface TablePlanOptions {
  measure: Measure;
  /** The text size (points) the table is set in when it fits. */
  size: number;
  /** The smallest size the type may shrink to before the table is continued. */
  floor: number;
  /** Cell padding, left plus right (points). */
  padding: number;
  /** The least padding (left plus right) a table at the floor size may keep to stay one table. */
  minPadding: number;
}

/** The smallest type a table shrinks to (points) before its columns continue below. */
export const TABLE_FLOOR_SIZE = 7;

/** The line before a continuation group: which of the table's columns it shows. */
export function continuedNote(group: readonly number[], columns: number): string {
  const shown = group.length > 1 && group[0] === 0 ? group.slice(1) : group;
  return message('documents.render.tableContinued', { from: shown[0]! + 1, to: shown.at(-1)! + 1, columns });
}

/** The narrowest a column gets (points), however little it holds, while the table fits. */
const MIN_COLUMN = 30;
/** A list inside a cell is indented at least this much (points), more for long markers. */
const LIST_INDENT = 14;
const STEP = 0.5;
/** How much further (points) the type may shrink to keep every column heading on one line. */
const HEADING_SHRINK = 1.5;
/** Rounding slack (points) between a plan's sums and the width. */
const EPSILON = 1e-6;

const sum = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0);

/**
 * What a cell needs: widths at size 1 (text scales with its size) plus an indent in points (lists),
 * for its longest unbreakable token and its longest line. A cell's need at a size is the largest
 * `unit * size + indent` of its entries.
 */
interface Need {
  word: [number, number][];
  line: [number, number][];
}

/**
 * Adds an entry, keeping one per indent (the widest): a need at any size is the same, since
 * `unit * size + indent` grows with `unit` at a given indent, and a column's entries stay few.
 */
function addNeed(entries: [number, number][], unit: number, indent: number): void {
  for (const e of entries)
    if (e[1] === indent) {
      if (unit > e[0]) e[0] = unit;
      return;
    }
  entries.push([unit, indent]);
}

function cellNeeds(blocks: readonly Block[], measure: Measure, size: number): Need {
  const need: Need = { word: [], line: [] };
  const work: { blocks: readonly Block[]; indent: number }[] = [{ blocks, indent: 0 }];
  for (let job = work.pop(); job; job = work.pop()) {
    for (const b of job.blocks) {
      let w: { word: number; line: number };
      if (b.kind === 'paragraph') w = naturalWidths(b.runs, 1, measure);
      else if (b.kind === 'list') {
        // As layoutFlow indents an item: past its widest marker, at the table's size.
        const marker = b.ordered ? measure(`${b.items.length}.`, 'regular', size) : 0;
        const indent = job.indent + Math.max(LIST_INDENT, marker + 6);
        for (const item of b.items) work.push({ blocks: item, indent });
        if (b.caption) {
          const c = naturalWidths(b.caption, 1, measure);
          addNeed(need.word, c.word, job.indent);
          addNeed(need.line, c.line, job.indent);
        }
        continue;
      } else {
        // A table in a cell is set as lines of text, its cells separated by bars.
        const rows = [...b.head, ...b.body].map((r) => r.map((c) => blocksText(c.blocks)).join(' | '));
        w = naturalWidths([{ text: rows.join('\n') }], 1, measure);
      }
      // Header cells are bold: naturalWidths measures each run in its own face.
      addNeed(need.word, w.word, job.indent);
      addNeed(need.line, w.line, job.indent);
    }
  }
  return need;
}

const at = (entries: readonly [number, number][], size: number) =>
  entries.reduce((m, [unit, indent]) => Math.max(m, unit * size + indent), 0);

/** `from` grown toward `to` by `spare`, in proportion to what each column still wants. */
function grow(from: readonly number[], to: readonly number[], spare: number): number[] {
  const want = sum(to) - sum(from);
  return from.map((w, i) => w + (want > 0 ? (spare * (to[i]! - w)) / want : spare / from.length));
}

/**
 * Widths filling `width` for columns that need at least `min` (their longest token), would keep
 * their headings on one line with `heading`, and would like `max` (their longest line).
 */
function share(
  min: readonly number[],
  heading: readonly number[],
  max: readonly number[],
  width: number,
): number[] {
  if (sum(max) <= width) return max.map((w) => (w * width) / sum(max));
  if (sum(heading) <= width) return grow(heading, max, width - sum(heading));
  if (sum(min) <= width + EPSILON) return grow(min, heading, Math.max(0, width - sum(min)));
  // The last resort: one column whose token alone is wider than the whole width at the floor size.
  // Only then are the columns narrower than their tokens, and the writer breaks that token.
  return min.map((w) => (w * width) / sum(min));
}

interface Widths {
  min: number[];
  head: number[];
  max: number[];
}

/**
 * Plans a table the way the HL7 stylesheet's browser would set it: every column at least as wide
 * as its longest unbreakable token (a word, number, code, date or unit, never split across lines),
 * headings on one line where the width allows, the rest of the width shared by how much each
 * column holds. A cell spanning columns needs its token's width across them. When the tokens do
 * not fit side by side, the type shrinks in half-point steps down to `floor` (and up to
 * HEADING_SHRINK more to keep the headings on one line); at the floor, narrow columns give up
 * their MIN_COLUMN and the cells their padding down to `minPadding`, so a table a little too wide
 * stays one table; only when the tokens still do not fit are the columns continued in further
 * groups, each with the first column again (filled evenly when the last would hold one column). A token is broken only when it alone
 * is wider than the whole width at the floor size (the documented last resort).
 */
export function planTable(grid: TableGrid, width: number, o: TablePlanOptions): TablePlan {
  const columns = grid.columns;
  const word: [number, number][][] = Array.from({ length: columns }, () => []);
  const heading: [number, number][][] = Array.from({ length: columns }, () => []);
  const line: [number, number][][] = Array.from({ length: columns }, () => []);
  const spans: { col: number; colspan: number; need: Need }[] = [];
  for (const row of grid.byRow)
    for (const p of row) {
      if (!p.cell?.blocks.length) continue;
      const need = cellNeeds(p.cell.blocks, o.measure, o.size);
      if (p.colspan > 1) {
        spans.push({ col: p.col, colspan: p.colspan, need });
        continue;
      }
      for (const [unit, indent] of need.word) addNeed(word[p.col]!, unit, indent);
      for (const [unit, indent] of need.line) {
        addNeed(line[p.col]!, unit, indent);
        if (p.header) addNeed(heading[p.col]!, unit, indent);
      }
    }
  const widths = (size: number, padding: number, floorWidth: number): Widths => {
    const min = word.map((w) => Math.max(floorWidth, at(w, size) + padding));
    const max = line.map((w, i) => Math.max(min[i]!, at(w, size) + padding));
    // A spanning cell's token across its columns: what they lack, shared among them.
    for (const s of spans) {
      const cols = [...Array(s.colspan).keys()].map((k) => s.col + k);
      for (const [need, xs] of [
        [at(s.need.word, size) + padding, min],
        [at(s.need.line, size) + padding, max],
      ] as const) {
        const lack = need - sum(cols.map((c) => xs[c]!));
        if (lack > 0) for (const c of cols) xs[c]! += lack / s.colspan;
      }
    }
    for (let i = 0; i < columns; i++) max[i] = Math.max(max[i]!, min[i]!);
    const head = heading.map((w, i) =>
      Math.min(max[i]!, Math.max(min[i]!, w.length ? at(w, size) + padding : 0)),
    );
    return { min, head, max };
  };
  const all = [...Array(columns).keys()];
  const floorWidth = Math.min(MIN_COLUMN, width / Math.max(1, columns));
  const fitting = (from: number, to: number, fits: (w: Widths) => boolean) => {
    for (let size = from; size >= to - 1e-9; size -= STEP)
      if (fits(widths(size, o.padding, floorWidth))) return size;
    return null;
  };
  const one = (size: number, padding: number, w: Widths): TablePlan => ({
    size,
    padding,
    groups: [{ columns: all, widths: share(w.min, w.head, w.max, width) }],
  });
  const wordsFit = fitting(o.size, o.floor, ({ min }) => sum(min) <= width + EPSILON);
  if (wordsFit !== null) {
    // A little smaller still, when that keeps every heading on one line.
    const headingsFit = fitting(
      wordsFit,
      Math.max(o.floor, wordsFit - HEADING_SHRINK),
      ({ head }) => sum(head) <= width + EPSILON,
    );
    const size = headingsFit ?? wordsFit;
    return one(size, o.padding, widths(size, o.padding, floorWidth));
  }
  const size = o.floor;
  // Rebalancing at the floor: columns only as wide as their tokens, then less padding.
  for (const padding of [o.padding, o.minPadding]) {
    const w = widths(size, padding, 0);
    if (sum(w.min) <= width + EPSILON) return one(size, padding, w);
  }
  // Continued: each group as roomy as one table that fits (full padding, MIN_COLUMN).
  const padding = o.padding;
  const { min, head, max } = widths(size, padding, floorWidth);
  // The key column comes along into every continuation when it leaves room for the others.
  const key = columns > 1 && min[0]! <= width / 3 ? [0] : [];
  const pack = (cap: number): number[][] => {
    const groups: number[][] = [];
    let current = [0];
    for (let c = 1; c < columns; c++) {
      const fits = sum(current.map((i) => min[i]!)) + min[c]! <= width + EPSILON;
      if ((fits && current.length - key.length < cap) || current.length === key.length) current.push(c);
      else {
        groups.push(current);
        current = [...key, c];
      }
    }
    groups.push(current);
    return groups;
  };
  let groups = pack(columns);
  // A last group of one column alone: the same number of groups, filled evenly, instead.
  if (groups.length > 1 && groups.at(-1)!.length - key.length === 1) {
    const even = pack(Math.ceil((columns - key.length) / groups.length));
    if (even.length === groups.length) groups = even;
  }
  const pick = (xs: readonly number[], cols: readonly number[]) => cols.map((i) => xs[i]!);
  return {
    size,
    padding,
    groups: groups.map((cols) => ({
      columns: cols,
      widths: share(pick(min, cols), pick(head, cols), pick(max, cols), width),
    })),
  };
}
