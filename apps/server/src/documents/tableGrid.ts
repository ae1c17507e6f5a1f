import type { TableCell } from './cda/narrative.js';

/** A cell placed in the table's grid of rows and columns. */
export interface PlacedCell {
  /** The cell as read; null for a slot no cell of the markup covers (a short row, padded). */
  cell: TableCell | null;
  /** First row (head rows first, then the body) and first column it covers. */
  row: number;
  col: number;
  /** Rows and columns it covers, clamped to its row group and to the table. */
  rowspan: number;
  colspan: number;
  /** A header cell (`th`) or a cell of a head row. */
  header: boolean;
}

/** A narrative table as the HTML table algorithm lays it out. */
export interface TableGrid {
  columns: number;
  /** Head rows, then body rows. */
  rows: number;
  /** How many of the rows are head rows (`thead`). */
  headRows: number;
  /** Cells by the row they start in, left to right; together they cover every slot once. */
  byRow: PlacedCell[][];
}

/**
 * A table without a thead whose first body rows are all header cells (th), as many exports write
 * it: those rows are its head, so they repeat on each page and keep with the first body row. Only
 * rows no row span reaches past, and never the last row.
 */
function headAndBody(
  head: readonly TableCell[][],
  body: readonly TableCell[][],
): { head: readonly TableCell[][]; body: readonly TableCell[][] } {
  if (head.length) return { head, body };
  let n = 0;
  let reach = 0;
  while (n < body.length - 1 && body[n]!.length && body[n]!.every((c) => c.header)) {
    for (const c of body[n]!) reach = Math.max(reach, n + (c.rowspan ?? 1));
    n++;
  }
  while (n > 0 && reach > n) {
    n--;
    reach = 0;
    for (let r = 0; r < n; r++) for (const c of body[r]!) reach = Math.max(reach, r + (c.rowspan ?? 1));
  }
  return { head: body.slice(0, n), body: body.slice(n) };
}

/**
 * Places every cell of a table by its `rowspan` and `colspan`, as a browser does (the HTML table
 * algorithm, which the HL7 stylesheet relies on): each cell takes the first column of its row that
 * no cell from a row above still covers, so a cell spanning rows pushes the later cells of those
 * rows to the right. A row span ends with its row group (head or body); a column span stops before
 * a slot another cell covers and at the table's last column. The table has as many columns as
 * its rightmost cell start (a span past every other cell adds only columns nobody fills, which a
 * browser shows without width); a short row is padded with empty slots.
 */
export function tableGrid(givenHead: readonly TableCell[][], givenBody: readonly TableCell[][]): TableGrid {
  const { head, body } = headAndBody(givenHead, givenBody);
  const rows = head.length + body.length;
  const taken: boolean[][] = Array.from({ length: rows }, () => []);
  const byRow: PlacedCell[][] = Array.from({ length: rows }, () => []);
  let columns = 0;
  const place = (group: readonly TableCell[][], first: number, inHead: boolean) => {
    const end = first + group.length;
    group.forEach((cells, i) => {
      const r = first + i;
      let col = 0;
      for (const cell of cells) {
        while (taken[r]![col]) col++;
        let colspan = 1;
        while (colspan < Math.max(1, cell.colspan) && !taken[r]![col + colspan]) colspan++;
        const rowspan = Math.max(1, Math.min(cell.rowspan ?? 1, end - r));
        for (let rr = r; rr < r + rowspan; rr++)
          for (let c = col; c < col + colspan; c++) taken[rr]![c] = true;
        byRow[r]!.push({ cell, row: r, col, rowspan, colspan, header: inHead || cell.header });
        // The next cell starts after this one's span, so the last start bounds every real column.
        columns = Math.max(columns, col + 1);
        col += colspan;
      }
    });
  };
  place(head, 0, true);
  place(body, head.length, false);
  // A column span reaching past every column a cell starts in or fills alone is clamped to the table.
  for (const row of byRow) for (const p of row) p.colspan = Math.max(1, Math.min(p.colspan, columns - p.col));
  // Slots no cell covers (short rows, or spans clamped above) are padded with empty cells.
  const covered: boolean[][] = Array.from({ length: rows }, () => new Array<boolean>(columns).fill(false));
  for (const row of byRow)
    for (const p of row)
      for (let r = p.row; r < p.row + p.rowspan; r++)
        for (let c = p.col; c < p.col + p.colspan; c++) covered[r]![c] = true;
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < columns; c++)
      if (!covered[r]![c])
        byRow[r]!.push({ cell: null, row: r, col: c, rowspan: 1, colspan: 1, header: r < head.length });
    byRow[r]!.sort((a, b) => a.col - b.col);
  }
  return { columns, rows, headRows: head.length, byRow };
}

/** A placed cell as shown in one group of columns (a table continued to the right). */
export interface GroupCell extends PlacedCell {
  /** First position within the group and how many of the group's positions it covers. */
  at: number;
  span: number;
  /** False when the cell started in columns of another group: an empty cell stands there. */
  starts: boolean;
}

/**
 * A grid's cells as shown in one group of its columns (the key column and a run of others): a cell
 * that starts in the group keeps its content over the group's columns it covers; one that started
 * in a column left out stands as an empty cell over the columns it still covers.
 */
export function gridInGroup(grid: TableGrid, group: readonly number[]): GroupCell[][] {
  const position = new Map(group.map((c, i) => [c, i]));
  return grid.byRow.map((row) => {
    const out: GroupCell[] = [];
    for (const p of row) {
      let at = -1;
      let span = 0;
      for (let c = p.col; c < p.col + p.colspan; c++) {
        const i = position.get(c);
        if (i === undefined) continue;
        if (at < 0) at = i;
        span++;
      }
      if (!span) continue;
      // Written out, not spread: `{ ...p, at }` is many times slower in V8, and this runs per cell.
      const { cell, row: r, col, rowspan, colspan, header } = p;
      out.push({ cell, row: r, col, rowspan, colspan, header, at, span, starts: position.has(col) });
    }
    return out.sort((a, b) => a.at - b.at);
  });
}

/**
 * Consecutive rows a row span joins (a cell in the first reaches into the last): they are kept
 * together on a page where they fit. Returns [first, last] pairs covering every row in order.
 */
export function rowBands(grid: TableGrid): [number, number][] {
  const bands: [number, number][] = [];
  let start = 0;
  let reach = 0;
  for (let r = 0; r < grid.rows; r++) {
    if (r > reach) {
      bands.push([start, r - 1]);
      start = r;
    }
    for (const p of grid.byRow[r]!) reach = Math.max(reach, r + p.rowspan - 1);
    reach = Math.max(reach, r);
  }
  if (grid.rows) bands.push([start, grid.rows - 1]);
  return bands;
}
