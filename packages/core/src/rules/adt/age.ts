/** A unit the age display rule can answer in (spec 01 §5). */
export type AgeUnit = 'years' | 'months' | 'weeks' | 'days';

/** An age to display: a whole number of one unit. */
export interface Age {
  value: number;
  unit: AgeUnit;
}

const DAY_MS = 86_400_000;

function toDate(value: string | number | Date | null | undefined): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const date = value instanceof Date ? new Date(value.getTime()) : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** Whole calendar months from `from` to `to` (UTC), not counting a month whose day is not reached. */
function wholeMonths(from: Date, to: Date): number {
  let months = (to.getUTCFullYear() - from.getUTCFullYear()) * 12 + (to.getUTCMonth() - from.getUTCMonth());
  const dayAndTimeFrom = from.getTime() - Date.UTC(from.getUTCFullYear(), from.getUTCMonth(), 1);
  const dayAndTimeTo = to.getTime() - Date.UTC(to.getUTCFullYear(), to.getUTCMonth(), 1);
  if (dayAndTimeTo < dayAndTimeFrom) months -= 1;
  return Math.max(0, months);
}

/**
 * Spec 01 §5 "Age display": whole years when there is at least one, else months when over 5,
 * else weeks when over 1, else days. Answers null for a missing or invalid date (shown as a dash).
 * A date in the future reads as 0 days.
 */
export function ageOf(from: string | number | Date | null | undefined, now: Date = new Date()): Age | null {
  const start = toDate(from);
  if (!start || Number.isNaN(now.getTime())) return null;
  if (start.getTime() >= now.getTime()) return { value: 0, unit: 'days' };
  const months = wholeMonths(start, now);
  const years = Math.floor(months / 12);
  if (years >= 1) return { value: years, unit: 'years' };
  if (months > 5) return { value: months, unit: 'months' };
  const days = Math.floor((now.getTime() - start.getTime()) / DAY_MS);
  const weeks = Math.floor(days / 7);
  if (weeks > 1) return { value: weeks, unit: 'weeks' };
  return { value: days, unit: 'days' };
}

/** The text shown for an age; `label` words the number and unit (e.g. from the catalogue). */
export function formatAge(age: Age | null, label: (age: Age) => string, invalid = '-'): string {
  return age ? label(age) : invalid;
}
