import type { AdtDisplayType } from '@quill/core/contract/adt';
import { type DateFormats, formatDate, formatDateTime } from '../../../lib/formatDate';

/**
 * An ADT value as a table cell shows it (search results, the orders summary): dates and date-times
 * in the user's formats, anything else — or a value that does not read as a date — as written.
 */
export function adtCellText(raw: string, type: AdtDisplayType | undefined, formats: DateFormats): string {
  if (type === 'date') return formatDate(raw, formats) || raw;
  if (type === 'datetime') return formatDateTime(raw, formats) || raw;
  return raw;
}
