import { SheetShapeCheck, type SheetShapeLimits } from './sheetLimits.js';

export class CsvError extends Error {
  constructor(readonly line: number) {
    super(`Malformed CSV at line ${line}`);
    this.name = 'CsvError';
  }
}

/**
 * A small RFC 4180 reader for uploaded schedules: comma-separated fields, fields in double quotes
 * may hold commas, line breaks and doubled quotes (""), lines end in CRLF or LF (a lone CR too),
 * a UTF-8 byte-order mark is dropped. Rows are answered as they are (no trimming); a trailing
 * line break does not make an empty last row. Throws CsvError on a quote that never closes or
 * text after a closing quote. With `limits` (issue 41) it stops at the first cell, column or row
 * past them (SheetLimitError), so a 10 MB cell is never built whole.
 */
export function readCsv(input: string | Buffer, limits?: SheetShapeLimits): string[][] {
  const check = limits ? new SheetShapeCheck(limits) : null;
  const maxCell = limits?.maxCellLength ?? Number.POSITIVE_INFINITY;
  let text = typeof input === 'string' ? input : input.toString('utf8');
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  const rows: string[][] = [];
  let row: string[] = [];
  // A field is `field` (what came before a doubled quote) and the run of text from `runStart` to
  // the read position, taken as one slice of `text` when it ends: a field built a character at a
  // time would be a chain of one-character pieces, ~30 bytes each (450,000 cells of a 10 MB file
  // needed more than a document thread's heap).
  let field = '';
  let runStart = -1;
  let quoted = false;
  let afterQuote = false;
  let line = 1;
  let i = 0;
  const grow = () => {
    if (runStart < 0) runStart = i;
    const length = field.length + i + 1 - runStart;
    if (length > maxCell) check?.cell(length, rows.length + 1, row.length + 1);
  };
  const endRun = () => {
    if (runStart < 0) return;
    field += text.slice(runStart, i);
    runStart = -1;
  };
  const endField = () => {
    endRun();
    check?.column(row.length + 1, rows.length + 1);
    row.push(field);
    field = '';
    afterQuote = false;
  };
  const endRow = () => {
    endField();
    check?.row(row, rows.length + 1);
    rows.push(row);
    row = [];
    line++;
  };
  while (i < text.length) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"') {
        endRun();
        if (text[i + 1] === '"') {
          grow();
          i++;
          endRun();
          i++;
          continue;
        }
        quoted = false;
        afterQuote = true;
      } else {
        if (c === '\n') line++;
        grow();
      }
      i++;
      continue;
    }
    if (c === ',') endField();
    else if (c === '\r' || c === '\n') {
      endRow();
      if (c === '\r' && text[i + 1] === '\n') i++;
    } else if (c === '"' && field === '' && runStart < 0 && !afterQuote) quoted = true;
    else if (afterQuote) throw new CsvError(line);
    else grow();
    i++;
  }
  if (quoted) throw new CsvError(line);
  if (field !== '' || runStart >= 0 || row.length > 0 || afterQuote) endRow();
  return rows;
}
