import { isoDate, parseScheduleDate } from '../schedule/scheduleDates.js';

/** Spec 02 §5, §9: an ADT search value needs at least this many characters, spaces removed. */
export const ADT_SEARCH_MIN_CHARS = 2;

/** Spec 02 §5: whether an ADT search value is long enough to search ('Value must be at least 2 characters'). */
export function isAdtSearchValueLongEnough(value: string): boolean {
  return value.replace(/\s+/g, '').length >= ADT_SEARCH_MIN_CHARS;
}

/** Spec 02 §5: a search field left empty is not sent (and not searched). */
export function isBlankAdtSearchValue(value: string | null | undefined): boolean {
  return !value || value.trim() === '';
}

/**
 * The day ('yyyy-MM-dd') a date search value names, or null when it names no real day. A
 * date-time field (`withTime`) is searched by its day, so it takes a date or a date and time
 * ('yyyy-MM-ddTHH:mm:ss').
 */
export function adtSearchDay(value: string, withTime: boolean): string | null {
  const parts = parseScheduleDate(value, withTime ? 'yyyy-MM-ddTHH:mm:ss' : 'yyyy-MM-dd');
  return parts ? isoDate(parts) : null;
}
