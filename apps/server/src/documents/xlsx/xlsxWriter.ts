import type { Writable } from 'node:stream';
import { spreadsheetCell } from '@quill/core';
import ExcelJS from 'exceljs';

/** One column of a sheet: its heading, its width in characters, and a number format if any. */
export interface XlsxColumn {
  header: string;
  width: number;
  /** Excel's number format of the column's cells, e.g. '0.0'. */
  numFmt?: string;
}

/** A cell's value: text (made safe from formulas), a number, or nothing. */
export type XlsxCell = string | number | boolean | Date | null | undefined;

/** A sheet being written: rows go out as they are added; `done` ends the sheet. */
export interface XlsxSheet {
  add(cells: readonly XlsxCell[]): void;
  done(): void;
}

/** A workbook being written to a stream. Sheets are written one after another. */
export interface XlsxWorkbook {
  /** Starts a sheet with a bold heading row (the previous sheet must be done). */
  sheet(name: string, columns: readonly XlsxColumn[]): XlsxSheet;
  /** Finishes the file; the stream has every byte when it settles. */
  end(): Promise<void>;
}

/**
 * Every .xlsx the server writes (the job list export, the turnaround report): exceljs's streaming
 * writer, so rows leave as they are added and a large sheet is never held in memory; headings
 * bold; text cells through rules/schedule/spreadsheetText, so a cell that looks like a formula reads as the
 * text it is.
 */
export function xlsxWorkbook(out: Writable): XlsxWorkbook {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: true,
    useSharedStrings: false,
  });
  return {
    sheet(name, columns) {
      const sheet = workbook.addWorksheet(name);
      sheet.columns = columns.map((c, i) => ({
        header: c.header,
        key: String(i),
        width: c.width,
        ...(c.numFmt ? { style: { numFmt: c.numFmt } } : {}),
      }));
      sheet.getRow(1).font = { bold: true };
      sheet.getRow(1).commit();
      return {
        add: (cells) => sheet.addRow(cells.map((c) => spreadsheetCell(c ?? null))).commit(),
        done: () => sheet.commit(),
      };
    },
    end: () => workbook.commit(),
  };
}
