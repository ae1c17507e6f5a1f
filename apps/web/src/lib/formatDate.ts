import type { UserSettings } from '@quill/core/contract/account';
import dayjs from 'dayjs';

/** The user's formats (spec 01 §3 dateFormat, timeFormat; dayjs tokens such as MM/DD/YYYY and HH:mm). */
export type DateFormats = Pick<UserSettings, 'dateFormat' | 'timeFormat'>;

export type DateInput = string | number | Date | null | undefined;

function parse(value: DateInput): dayjs.Dayjs | null {
  if (value === null || value === undefined || value === '') return null;
  const parsed = dayjs(value);
  return parsed.isValid() ? parsed : null;
}

/** A date in the user's date format; empty for a missing or invalid value. */
export function formatDate(value: DateInput, formats: DateFormats): string {
  return parse(value)?.format(formats.dateFormat) ?? '';
}

/** A time of day in the user's time format; empty for a missing or invalid value. */
export function formatTime(value: DateInput, formats: DateFormats): string {
  return parse(value)?.format(formats.timeFormat) ?? '';
}

/** Date and time in the user's formats, separated by a space; empty for a missing or invalid value. */
export function formatDateTime(value: DateInput, formats: DateFormats): string {
  return parse(value)?.format(`${formats.dateFormat} ${formats.timeFormat}`) ?? '';
}
