import { type Block, blocksText, type Run } from '../cda/narrative.js';
import { type GroupCell, gridInGroup, tableGrid } from '../tableGrid.js';
import { continuedNote, planTable, TABLE_FLOOR_SIZE } from '../tablePlan.js';
import { runWalk, type Walk } from '../walk.js';
import { type Line, type Measure, wrapRuns } from './wrapRuns.js';

/** Vertical space. */
export interface Gap {
  kind: 'gap';
  height: number;
}

/** A cell laid out: its lines, relative to the cell's padded content box. */
export interface CellLayout {
  x: number;
  width: number;
  header: boolean;
  lines: (Line | Gap)[];
  /** Rows the cell covers, its own and those below (tableGrid); 1 when absent. */
  rowspan?: number;
}

/**
 * A table laid out: column positions fixed, rows to be placed (and split) by the page writer. Each
 * row holds the cells that start in it; a cell with a `rowspan` reaches into the rows below.
 */
export interface TableFlow {
  kind: 'table';
  x: number;
  width: number;
  padding: number;
  /** Draw the grid: false for a table whose markup says it has no lines. */
  borders: boolean;
  head: CellLayout[][];
  body: CellLayout[][];
}

/** A horizontal rule across the text width. */
export interface Rule {
  kind: 'rule';
}

/** What the page writer places, top to bottom. */
export type Flow = Line | Gap | TableFlow | Rule;

/** Text sizes (points). */
export const SIZES = { body: 10, title: 15, section: 11.5, subsection: 10.5, field: 9, footer: 8 } as const;

const PARAGRAPH_GAP = 4;
const ITEM_GAP = 2;
const CELL_PADDING = 4;
/** The least cell padding (each side) a table at the floor size keeps to stay one table. */
const MIN_CELL_PADDING = 1.5;

export interface LayoutOptions {
  measure: Measure;
  size: number;
  /** Tables inside table cells are flattened to text lines. */
  tables: boolean;
}

function shift<T extends Flow>(flows: T[], dx: number): T[] {
  for (const f of flows) if (f.kind === 'line' || f.kind === 'table') f.x += dx;
  return flows;
}

function trimGaps<T extends Flow>(flows: T[]): T[] {
  while (flows.at(-1)?.kind === 'gap') flows.pop();
  return flows;
}

function paragraph(runs: readonly Run[], width: number, o: LayoutOptions): Flow[] {
  if (!runs.length) return [];
  return [...wrapRuns(runs, width, o.size, o.measure), { kind: 'gap', height: PARAGRAPH_GAP }];
}

function* list(block: Extract<Block, { kind: 'list' }>, width: number, o: LayoutOptions): Walk<Flow[]> {
  const out: Flow[] = block.caption ? paragraph(block.caption, width, o) : [];
  const markers = block.items.map((_, i) => (block.ordered ? `${i + 1}.` : '•'));
  const markerWidth = Math.max(0, ...markers.map((m) => o.measure(m, 'regular', o.size)));
  const indent = Math.min(Math.max(14, markerWidth + 6), width / 3);
  for (const [i, item] of block.items.entries()) {
    const inner = shift(trimGaps((yield blockFlows(item, width - indent, o)) as Flow[]), indent);
    const marker = { text: markers[i]!, face: 'regular' as const, underline: false, x: -indent };
    const first = inner[0];
    if (first?.kind === 'line') first.segments.unshift(marker);
    else {
      const height = o.size * 1.3;
      inner.unshift({ kind: 'line', x: indent, size: o.size, height, segments: [marker] });
    }
    out.push(...inner, { kind: 'gap', height: ITEM_GAP });
  }
  trimGaps(out).push({ kind: 'gap', height: PARAGRAPH_GAP });
  return out;
}

function* layoutRow(
  row: readonly GroupCell[],
  edges: number[],
  padding: number,
  o: LayoutOptions,
): Walk<CellLayout[]> {
  const cells: CellLayout[] = [];
  for (const p of row) {
    const x = edges[p.at]!;
    const width = edges[p.at + p.span]! - x;
    // A cell that started in columns of another group stands empty here.
    const blocks = p.starts ? (p.cell?.blocks ?? []) : [];
    const inner = trimGaps((yield blockFlows(blocks, width - 2 * padding, o)) as Flow[]);
    const cell: CellLayout = { x, width, header: p.header, lines: inner as (Line | Gap)[] };
    if (p.rowspan > 1) cell.rowspan = p.rowspan;
    cells.push(cell);
  }
  return cells;
}

function* table(block: Extract<Block, { kind: 'table' }>, width: number, o: LayoutOptions): Walk<Flow[]> {
  const grid = tableGrid(block.head, block.body);
  const columns = grid.columns;
  // The caption stays on the page with the table's first rows.
  const out: Flow[] = block.caption
    ? paragraph(block.caption, width, o).map((f) => (f.kind === 'line' ? { ...f, keepWithNext: true } : f))
    : [];
  if (columns === 0) return out;
  if (!o.tables) {
    // A table inside a table cell: each row as one line of text, cells separated by bars.
    for (const row of [...block.head, ...block.body]) {
      const text = row.map((c) => blocksText(c.blocks).replace(/\n/g, ' ')).join(' | ');
      out.push(...paragraph([{ text }], width, o));
    }
    return out;
  }
  const plan = planTable(grid, width, {
    measure: o.measure,
    size: o.size,
    floor: TABLE_FLOOR_SIZE,
    padding: 2 * CELL_PADDING,
    minPadding: 2 * MIN_CELL_PADDING,
  });
  const padding = plan.padding / 2;
  const inTable = { ...o, size: plan.size };
  // What a cell's blocks are laid out with (tables inside it flattened), made once per table.
  const inCell: LayoutOptions = { measure: o.measure, size: plan.size, tables: false };
  for (const [g, group] of plan.groups.entries()) {
    if (g > 0)
      out.push(
        ...paragraph([{ text: continuedNote(group.columns, columns), italic: true }], width, inTable).map(
          (f) => (f.kind === 'line' ? { ...f, keepWithNext: true } : f),
        ),
      );
    const edges = [0];
    for (const w of group.widths) edges.push(edges.at(-1)! + w);
    edges[group.widths.length] = width;
    const rows: CellLayout[][] = [];
    for (const r of gridInGroup(grid, group.columns))
      rows.push((yield layoutRow(r, edges, padding, inCell)) as CellLayout[]);
    out.push({
      kind: 'table',
      x: 0,
      width,
      padding,
      borders: !block.borderless,
      head: rows.slice(0, grid.headRows),
      body: rows.slice(grid.headRows),
    });
    out.push({ kind: 'gap', height: PARAGRAPH_GAP * 2 });
  }
  return out;
}

function* blockFlows(blocks: readonly Block[], width: number, o: LayoutOptions): Walk<Flow[]> {
  const out: Flow[] = [];
  for (const block of blocks) {
    if (block.kind === 'paragraph') out.push(...paragraph(block.runs, width, o));
    else if (block.kind === 'list') out.push(...((yield list(block, width, o)) as Flow[]));
    else out.push(...((yield table(block, width, o)) as Flow[]));
  }
  return out;
}

/**
 * Lays out narrative blocks in a column `width` points wide, x relative to the column. Lists in
 * lists and tables in cells are walked with a stack on the heap (walk.ts), never the call stack.
 */
export function layoutBlocks(blocks: readonly Block[], width: number, o: LayoutOptions): Flow[] {
  return runWalk(blockFlows(blocks, width, o));
}

/** The height of a cell's content. */
export function linesHeight(lines: readonly (Line | Gap)[]): number {
  return lines.reduce((h, l) => h + l.height, 0);
}
