import { message } from '@quill/core';
import { type Block, blocksText, type TableCell } from './cda/narrative.js';
import { type Measure, naturalWidths } from './pdf/wrapRuns.js';

/** How a narrative table is set: its type size and its columns, in one or more groups side by side. */
export interface TablePlan {
  /** Points. */
  size: number;
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
}

/** The smallest type a table shrinks to (points) before its columns continue below. */
export const TABLE_FLOOR_SIZE = 7;

/** The line before a continuation group: which of the table's columns it shows. */
export function continuedNote(group: readonly number[], columns: number): string {
  const shown = group.length > 1 && group[0] === 0 ? group.slice(1) : group;
  return message('documents.render.tableContinued', { from: shown[0]! + 1, to: shown.at(-1)! + 1, columns });
}

/** The narrowest a column gets (points), however little it holds. */
const MIN_COLUMN = 30;
/** A list inside a cell is indented this much. */
const LIST_INDENT = 14;
const STEP = 0.5;
/** How much further (points) the type may shrink to keep every column heading on one line. */
const HEADING_SHRINK = 1.5;

const sum = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0);

/** A cell's longest word and longest line at size 1 (widths are proportional to the size). */
function cellNeeds(cell: TableCell, measure: Measure): { word: number; line: number } {
  let word = 0;
  let line = 0;
  const work: { blocks: readonly Block[]; indent: number }[] = [{ blocks: cell.blocks, indent: 0 }];
  for (let job = work.pop(); job; job = work.pop()) {
    for (const b of job.blocks) {
      let w: { word: number; line: number };
      if (b.kind === 'paragraph') w = naturalWidths(b.runs, 1, measure);
      else if (b.kind === 'list') {
        for (const item of b.items) work.push({ blocks: item, indent: job.indent + LIST_INDENT });
        continue;
      } else {
        // A table in a cell is set as lines of text, its cells separated by bars.
        const rows = [...b.head, ...b.body].map((r) => r.map((c) => blocksText(c.blocks)).join(' | '));
        w = naturalWidths([{ text: rows.join('\n') }], 1, measure);
      }
      // Header cells are bold: naturalWidths measures each run in its own face.
      word = Math.max(word, w.word + job.indent);
      line = Math.max(line, w.line + job.indent);
    }
  }
  return { word, line };
}

/** `from` grown toward `to` by `spare`, in proportion to what each column still wants. */
function grow(from: readonly number[], to: readonly number[], spare: number): number[] {
  const want = sum(to) - sum(from);
  return from.map((w, i) => w + (want > 0 ? (spare * (to[i]! - w)) / want : spare / from.length));
}

/**
 * Widths filling `width` for columns that need at least `min` (their longest word), would keep
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
  if (sum(min) <= width) return grow(min, heading, width - sum(min));
  // A single word wider than the whole width: the only case where a word is broken.
  return min.map((w) => (w * width) / sum(min));
}

/**
 * Plans a table the way the HL7 stylesheet's browser would set it: every column at least as wide
 * as its longest word, headings on one line where the width allows, the rest of the width shared
 * by how much each column holds. When the words do not fit side by side, the type shrinks in
 * half-point steps down to `floor` (and up to HEADING_SHRINK more to keep the headings on one
 * line); when they still
 * do not fit, the columns are continued in further groups, each with the first column again. A
 * word is broken only when it alone is wider than the whole width.
 */
export function planTable(
  rows: readonly TableCell[][],
  columns: number,
  width: number,
  o: TablePlanOptions,
): TablePlan {
  const word = new Array<number>(columns).fill(0);
  const heading = new Array<number>(columns).fill(0);
  const line = new Array<number>(columns).fill(0);
  for (const row of rows) {
    let col = 0;
    for (const cell of row) {
      if (cell.colspan === 1 && col < columns) {
        const need = cellNeeds(cell, o.measure);
        word[col] = Math.max(word[col]!, need.word);
        line[col] = Math.max(line[col]!, need.line);
        if (cell.header) heading[col] = Math.max(heading[col]!, need.line);
      }
      col += cell.colspan;
    }
  }
  const floorWidth = Math.min(MIN_COLUMN, width / columns);
  const at = (size: number) => {
    const min = word.map((w) => Math.max(floorWidth, w * size + o.padding));
    const max = line.map((w, i) => Math.max(min[i]!, w * size + o.padding));
    const head = heading.map((w, i) => Math.min(max[i]!, Math.max(min[i]!, w * size + o.padding)));
    return { min, head, max };
  };
  const all = [...Array(columns).keys()];
  const fitting = (from: number, to: number, fits: (w: ReturnType<typeof at>) => boolean) => {
    for (let size = from; size >= to - 1e-9; size -= STEP) if (fits(at(size))) return size;
    return null;
  };
  const wordsFit = fitting(o.size, o.floor, ({ min }) => sum(min) <= width);
  if (wordsFit !== null) {
    // A little smaller still, when that keeps every heading on one line.
    const headingsFit = fitting(
      wordsFit,
      Math.max(o.floor, wordsFit - HEADING_SHRINK),
      ({ head }) => sum(head) <= width,
    );
    const size = headingsFit ?? wordsFit;
    const { min, head, max } = at(size);
    return { size, groups: [{ columns: all, widths: share(min, head, max, width) }] };
  }
  const size = o.floor;
  const { min, head, max } = at(size);
  // The key column comes along into every continuation when it leaves room for the others.
  const key = columns > 1 && min[0]! <= width / 3 ? [0] : [];
  const groups: number[][] = [];
  let current = [0];
  for (let c = 1; c < columns; c++) {
    const fits = sum(current.map((i) => min[i]!)) + min[c]! <= width;
    if (fits || current.length === key.length) current.push(c);
    else {
      groups.push(current);
      current = [...key, c];
    }
  }
  groups.push(current);
  const pick = (xs: readonly number[], cols: readonly number[]) => cols.map((i) => xs[i]!);
  return {
    size,
    groups: groups.map((cols) => ({
      columns: cols,
      widths: share(pick(min, cols), pick(head, cols), pick(max, cols), width),
    })),
  };
}

/**
 * A row's cells as shown in one group of columns: a cell that starts in the group keeps its
 * content and spans the group's columns it covers; one that started in an earlier group leaves
 * an empty cell over the columns it still covers there.
 */
export function rowInGroup(row: readonly TableCell[], group: readonly number[]): TableCell[] {
  const position = new Map(group.map((c, i) => [c, i]));
  const out: TableCell[] = [];
  let col = 0;
  for (const cell of row) {
    const covered = [...Array(cell.colspan).keys()].map((k) => col + k).filter((c) => position.has(c));
    if (covered.length)
      out.push(
        position.has(col)
          ? { ...cell, colspan: covered.length }
          : { header: cell.header, colspan: covered.length, blocks: [] },
      );
    col += cell.colspan;
  }
  return out;
}
