import ExcelJS from 'exceljs';
import type { DocumentLimits } from '../limits.js';
import { SheetShapeCheck, type SheetShapeLimits } from '../sheet/sheetLimits.js';
import { readZipParts } from '../zipParts.js';

/** Thrown when bytes are not a workbook exceljs can read. */
export class NotXlsxError extends Error {
  constructor(readonly detail: string) {
    super(`Not a readable workbook: ${detail}`);
    this.name = 'NotXlsxError';
  }
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/**
 * A spreadsheet date as text a schedule date format reads. exceljs answers the cell's wall-clock
 * time in UTC fields; a time-only cell sits on Excel's day zero (1899-12-30).
 */
export function excelDateText(d: Date): string {
  const time = `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`;
  if (d.getUTCFullYear() === 1899 && d.getUTCMonth() === 11 && d.getUTCDate() === 30) return time;
  const date = `${pad(d.getUTCMonth() + 1)}/${pad(d.getUTCDate())}/${pad(d.getUTCFullYear(), 4)}`;
  const midnight = d.getUTCHours() === 0 && d.getUTCMinutes() === 0 && d.getUTCSeconds() === 0;
  return midnight ? date : `${date} ${time}`;
}

function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return excelDateText(value);
  if (typeof value === 'object') {
    if ('richText' in value) return value.richText.map((r) => r.text).join('');
    if ('result' in value) return cellText((value.result ?? null) as ExcelJS.CellValue);
    if ('text' in value) return String(value.text);
    return '';
  }
  return String(value);
}

/**
 * The first sheet of an .xlsx workbook as rows of cell text. The package is first read within
 * `limits` (every part inflated and counted as it inflates, XML parts scanned: zipParts.ts), so
 * exceljs, which inflates whole parts, only ever sees a bounded workbook; with `shape` each row is
 * then checked against the sheet's bounds (issue 41). Throws NotXlsxError, DocumentLimitError /
 * ForbiddenMarkupError or SheetLimitError.
 */
export async function readXlsxRows(
  bytes: Buffer,
  limits: DocumentLimits,
  shape?: SheetShapeLimits,
): Promise<string[][]> {
  await readZipParts(bytes, limits, { what: 'the workbook', keep: () => false }).catch((err: Error) => {
    throw err.name === 'ZipError' ? new NotXlsxError(err.message) : err;
  });
  const book = new ExcelJS.Workbook();
  try {
    await book.xlsx.load(bytes as unknown as ArrayBuffer);
  } catch (err) {
    throw new NotXlsxError((err as Error).message);
  }
  const sheet = book.worksheets[0];
  if (!sheet) return [];
  const check = shape ? new SheetShapeCheck(shape) : null;
  const rows: string[][] = [];
  sheet.eachRow({ includeEmpty: true }, (row) => {
    const cells: string[] = [];
    row.eachCell({ includeEmpty: true }, (cell, col) => {
      cells[col - 1] = cellText(cell.value);
    });
    rows[row.number - 1] = Array.from(cells, (c) => c ?? '');
    check?.row(rows[row.number - 1]!, row.number);
  });
  return Array.from(rows, (r) => r ?? []);
}
