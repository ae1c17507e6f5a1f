import type { AdtDisplayType } from '@quill/core/contract/adt/adt';
import { type DateTimeFormats, formatJobDate, formatJobWallClock } from '@quill/core/rules/time/jobTime';

/**
 * An ADT value as a table cell shows it (search results, the orders summary): dates and date-times
 * in the user's formats — a date-time is already the facility's wall clock, so it is never moved
 * to the browser's zone — anything else, or a value that does not read as a date, as written.
 */
export function adtCellText(raw: string, type: AdtDisplayType | undefined, formats: DateTimeFormats): string {
  if (type === 'date') return formatJobDate(raw, formats) || raw;
  if (type === 'datetime') return formatJobWallClock(raw, formats) || raw;
  return raw;
}
