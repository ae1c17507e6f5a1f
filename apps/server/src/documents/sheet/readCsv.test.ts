import { describe, expect, it } from 'vitest';
import { CsvError, readCsv } from './readCsv.js';
import { SheetLimitError } from './sheetLimits.js';

describe('readCsv', () => {
  it('reads plain rows with LF or CRLF endings, without an empty last row', () => {
    expect(readCsv('a,b,c\n1,2,3\n')).toEqual([
      ['a', 'b', 'c'],
      ['1', '2', '3'],
    ]);
    expect(readCsv('a,b\r\n1,2\r\n3,4')).toEqual([
      ['a', 'b'],
      ['1', '2'],
      ['3', '4'],
    ]);
    expect(readCsv('a,b\r1,2')).toEqual([
      ['a', 'b'],
      ['1', '2'],
    ]);
  });

  it('keeps empty fields and blank lines as they are', () => {
    expect(readCsv('a,,c\n,,\n\nx')).toEqual([['a', '', 'c'], ['', '', ''], [''], ['x']]);
  });

  it('reads quoted fields with commas, line breaks and doubled quotes', () => {
    expect(readCsv('name,note\n"Doe, Jane","said ""hi""\nthen left"\n')).toEqual([
      ['name', 'note'],
      ['Doe, Jane', 'said "hi"\nthen left'],
    ]);
    expect(readCsv('"",""\n')).toEqual([['', '']]);
  });

  it('drops a UTF-8 byte-order mark, from text or bytes', () => {
    expect(readCsv('\uFEFFMRN,Name\n1,A')[0]).toEqual(['MRN', 'Name']);
    expect(readCsv(Buffer.from('\uFEFFMRN,Name\n1,Ä', 'utf8'))).toEqual([
      ['MRN', 'Name'],
      ['1', 'Ä'],
    ]);
  });

  it('refuses a quote that never closes, or text after a closing quote', () => {
    expect(() => readCsv('a,"b\n1,2')).toThrow(CsvError);
    expect(() => readCsv('a,"b"c\n')).toThrow('Malformed CSV at line 1');
  });

  it('answers no rows for empty input', () => {
    expect(readCsv('')).toEqual([]);
    expect(readCsv('\uFEFF')).toEqual([]);
  });

  it('stops at the first cell, column or row past its limits (issue 41)', () => {
    const limits = { maxRows: 2, maxColumns: 3, maxCellLength: 5 };
    const refusal = (text: string) => {
      try {
        readCsv(text, limits);
      } catch (err) {
        return err instanceof SheetLimitError ? [err.limit, err.row, err.column] : err;
      }
      return null;
    };
    expect(readCsv('a,b,c\n12345,,x\n\n1\n', limits)).toHaveLength(4);
    expect(refusal(`a,b\n1,${'x'.repeat(10_000_000)}`)).toEqual(['maxCellLength', 2, 2]);
    expect(refusal('a,b\n1,"ab""cde"\n')).toEqual(['maxCellLength', 2, 2]);
    expect(refusal(`a\n${','.repeat(1_000_000)}`)).toEqual(['maxColumns', 2, 4]);
    // Blank rows are not counted; the heading row is not a data row.
    expect(refusal('h\n1\n\n2\n3\n')).toEqual(['maxRows', 5, 1]);
  });
});
