/**
 * Text written into a spreadsheet a user opens (every XLSX or CSV the server writes): a cell whose
 * text begins with `=`, `+`, `-` or `@` (or tab or carriage return, which some programs skip
 * before reading a formula) would be read as a formula — `=HYPERLINK(…)` in a job note or an
 * uploaded cell — so it is prefixed with `'` and reads as the text it is (OWASP "CSV injection").
 */
const FORMULA_START = /^[=+\-@\t\r]/;

/** The text as a spreadsheet cell holds it safely: `'` before formula-looking text, else unchanged. */
export function spreadsheetText(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/** A cell value: text made safe by {@link spreadsheetText}; numbers, dates and booleans as they are. */
export function spreadsheetCell<T>(value: T): T | string {
  return typeof value === 'string' ? spreadsheetText(value) : value;
}
