/**
 * Bounds on an uploaded spreadsheet or CSV as it is read (issue 41; the values are
 * SCHEDULE_LIMITS in packages/core): a reader stops at the first cell, row or column past them.
 */
export interface SheetShapeLimits {
  /** Rows that are not blank, the heading row not counted. */
  maxRows: number;
  maxColumns: number;
  maxCellLength: number;
}

/** A sheet crossed one of its bounds: which, its value, and where (row and column from 1). */
export class SheetLimitError extends Error {
  constructor(
    readonly limit: keyof SheetShapeLimits,
    readonly max: number,
    readonly row: number,
    readonly column: number,
  ) {
    super(`the sheet has more than ${max} (${limit}) at row ${row}, column ${column}`);
    this.name = 'SheetLimitError';
  }
}

/**
 * Counts the rows of a sheet as a reader meets them and checks each against the limits: its
 * columns and the length of each cell. Blank rows are not counted (the schedule reader skips them).
 */
export class SheetShapeCheck {
  private rows = 0;

  constructor(private readonly limits: SheetShapeLimits) {}

  /** Throws SheetLimitError when the text of a cell being read grows past the cell limit. */
  cell(length: number, row: number, column: number): void {
    if (length > this.limits.maxCellLength)
      throw new SheetLimitError('maxCellLength', this.limits.maxCellLength, row, column);
  }

  /** Throws SheetLimitError when a row reaches a column past the column limit. */
  column(column: number, row: number): void {
    if (column > this.limits.maxColumns)
      throw new SheetLimitError('maxColumns', this.limits.maxColumns, row, column);
  }

  /** Checks a whole row (its number from 1): its columns, its cells, and the rows so far. */
  row(cells: readonly string[], row: number): void {
    this.column(cells.length, row);
    for (const [i, c] of cells.entries()) this.cell(c.length, row, i + 1);
    if (cells.some((c) => c.trim() !== '')) this.rows += 1;
    // The first row that is not blank is the heading row.
    if (this.rows > this.limits.maxRows + 1)
      throw new SheetLimitError('maxRows', this.limits.maxRows, row, 1);
  }
}
