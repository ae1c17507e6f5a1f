import { ACCEPTED_UPLOAD_EXTENSIONS, message, SCHEDULE_LIMITS } from '@quill/core';
import type { AppContext } from '../../context.js';
import { documentRefusal } from '../../documents/documentRefusal.js';
import { CsvError } from '../../documents/sheet/readCsv.js';
import { SheetLimitError, type SheetShapeLimits } from '../../documents/sheet/sheetLimits.js';
import { NotXlsxError } from '../../documents/xlsx/readXlsxRows.js';
import { type DomainError, invalid } from '../../errors/domainErrors.js';

/** An uploaded schedule as text: its heading row and its data rows (one cell per heading). */
export interface ScheduleSheet {
  headings: string[];
  rows: string[][];
  /** Each data row's row number in the file (the first row is 1), for warnings. */
  rowNumbers: number[];
}

export interface SheetLimits extends SheetShapeLimits {
  maxHeadings: number;
}

/** The file's extension when it is one we accept (.csv, .xlsx, .xslx), else null. */
export function acceptedExtension(fileName: string): string | null {
  const dot = fileName.lastIndexOf('.');
  const ext = dot < 0 ? '' : fileName.slice(dot).toLowerCase();
  return (ACCEPTED_UPLOAD_EXTENSIONS as readonly string[]).includes(ext) ? ext : null;
}

const blank = (row: string[]) => row.every((c) => c.trim() === '');

/** The refusal of a sheet past one of its bounds, naming the bound and where it was crossed. */
function sheetRefusal(err: SheetLimitError): DomainError {
  if (err.limit === 'maxCellLength')
    return invalid(message('schedule.cellTooLong', { row: err.row, column: err.column, max: err.max }));
  if (err.limit === 'maxColumns')
    return invalid(message('schedule.tooManyColumns', { row: err.row, max: err.max }));
  return invalid(message('schedule.tooManyRowsRead', { max: err.max }));
}

/**
 * Reads an uploaded .csv or .xlsx (.xslx) schedule — the first sheet of a workbook — and checks
 * its shape: a heading row (the first non-blank row), no heading twice (ignoring case), at most
 * `maxHeadings` headings and between one and `maxRows` data rows (blank rows are skipped), no row
 * of more than `maxColumns` cells, no cell of more than `maxCellLength` characters. Columns
 * without a heading are left out. Cells are trimmed text. Refusals are 400s with catalogue messages.
 */
export async function readScheduleFile(
  ctx: AppContext,
  bytes: Buffer,
  fileName: string,
  limits: SheetLimits = SCHEDULE_LIMITS,
): Promise<ScheduleSheet> {
  const ext = acceptedExtension(fileName);
  if (!ext) throw invalid(message('schedule.unsupportedFile'));
  const isZip = bytes.subarray(0, 4).equals(Buffer.from([0x50, 0x4b, 0x03, 0x04]));
  const format = ext === '.csv' ? 'csv' : 'xlsx';
  if (format === 'csv' ? isZip || bytes.includes(0) : !isZip) throw invalid(message('schedule.unreadable'));
  let raw: string[][];
  try {
    // Read on a document thread (issue 41), within the DOCUMENT_* limits (an .xlsx is a zip of XML
    // parts) and the sheet's own: a 10 MB cell stops the reader there, not the event loop.
    const { maxRows, maxColumns, maxCellLength } = limits;
    raw = await ctx.documents.run('readSheet', {
      bytes,
      format,
      shape: { maxRows, maxColumns, maxCellLength },
    });
  } catch (err) {
    if (err instanceof SheetLimitError) throw sheetRefusal(err);
    const refusal = documentRefusal(err);
    if (refusal) throw refusal;
    if (err instanceof NotXlsxError || err instanceof CsvError) throw invalid(message('schedule.unreadable'));
    throw err;
  }
  const lines = raw.map((cells, i) => ({ cells, number: i + 1 })).filter((r) => !blank(r.cells));
  const headingRow = lines.shift()?.cells;
  if (!headingRow) throw invalid(message('schedule.emptyFile'));
  const columns = headingRow.map((h, i) => ({ heading: h.trim(), i })).filter((c) => c.heading !== '');
  if (columns.length === 0) throw invalid(message('schedule.emptyFile'));
  if (columns.length > limits.maxHeadings) {
    throw invalid(message('schedule.tooManyHeadings', { count: columns.length, max: limits.maxHeadings }));
  }
  // A heading is at most 200 characters in the contract; a longer one is no heading row.
  if (columns.some((c) => c.heading.length > 200)) throw invalid(message('schedule.unreadable'));
  const seen = new Set<string>();
  for (const c of columns) {
    const key = c.heading.toLowerCase();
    if (seen.has(key)) throw invalid(message('schedule.duplicateHeading', { heading: c.heading }));
    seen.add(key);
  }
  const data = lines
    .map((r) => ({ cells: columns.map((c) => (r.cells[c.i] ?? '').trim()), number: r.number }))
    .filter((r) => !blank(r.cells));
  const rows = data.map((r) => r.cells);
  if (rows.length === 0) throw invalid(message('schedule.noRows'));
  if (rows.length > limits.maxRows) {
    throw invalid(message('schedule.tooManyRows', { count: rows.length, max: limits.maxRows }));
  }
  return { headings: columns.map((c) => c.heading), rows, rowNumbers: data.map((r) => r.number) };
}
