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
  let field = '';
  let quoted = false;
  let afterQuote = false;
  let line = 1;
  let i = 0;
  const grow = (c: string) => {
    field += c;
    if (field.length > maxCell) check?.cell(field.length, rows.length + 1, row.length + 1);
  };
  const endField = () => {
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
        if (text[i + 1] === '"') {
          grow('"');
          i += 2;
          continue;
        }
        quoted = false;
        afterQuote = true;
      } else {
        if (c === '\n') line++;
        grow(c);
      }
      i++;
      continue;
    }
    if (c === ',') endField();
    else if (c === '\r' || c === '\n') {
      endRow();
      if (c === '\r' && text[i + 1] === '\n') i++;
    } else if (c === '"' && field === '' && !afterQuote) quoted = true;
    else if (afterQuote) throw new CsvError(line);
    else grow(c);
    i++;
  }
  if (quoted) throw new CsvError(line);
  if (field !== '' || row.length > 0 || afterQuote) endRow();
  return rows;
}
