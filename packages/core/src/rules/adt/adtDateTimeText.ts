/**
 * A date-time ADT value as the patient panel shows and reads it (issue 39): the app's
 * MM/DD/YYYY with a 24-hour HH:mm ("10/13/2026 05:54"), seconds only when they are not 0 —
 * not the browser's "10/13/2026, 05:54:48 AM". The value itself stays an xsdateTime
 * ('YYYY-MM-DDThh:mm:ss', the facility's wall clock).
 */

const XS = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;
const TEXT = /^(\d{1,2})\/(\d{1,2})\/(\d{4})\s+(\d{1,2}):(\d{2})(?::(\d{2}))?$/;

/** The text shown for an xsdateTime value; a value that is not one is shown as it is. */
export function dateTimeText(value: string): string {
  const m = XS.exec(value);
  if (!m) return value;
  const [, y, mo, d, h, mi, s] = m;
  return `${mo}/${d}/${y} ${h}:${mi}${s && s !== '00' ? `:${s}` : ''}`;
}

/** The xsdateTime of a typed MM/DD/YYYY HH:mm[:ss] (24-hour), or null when it is not a real one. */
export function dateTimeFromText(text: string): string | null {
  const m = TEXT.exec(text.trim());
  if (!m) return null;
  const [mo, d, y, h, mi, s] = m.slice(1).map((x) => (x === undefined ? 0 : Number(x))) as number[];
  const date = new Date(Date.UTC(y!, mo! - 1, d!));
  const realDay = date.getUTCFullYear() === y && date.getUTCMonth() === mo! - 1 && date.getUTCDate() === d;
  if (!realDay || h! > 23 || mi! > 59 || s! > 59) return null;
  const two = (n: number) => String(n).padStart(2, '0');
  return `${y}-${two(mo!)}-${two(d!)}T${two(h!)}:${two(mi!)}:${two(s!)}`;
}
