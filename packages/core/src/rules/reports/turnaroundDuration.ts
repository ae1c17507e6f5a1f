/** The unit letters of a compact duration, from the catalogue (`transcribe.tat.units`). */
export interface DurationUnits {
  days: string;
  hours: string;
  minutes: string;
}

const HOUR = 60;
const DAY = 24 * HOUR;

/**
 * A turnaround time in whole minutes as the job list shows it (issue 27): `45m` under an hour,
 * `1h 05m` under a day, `2d 3h` from a day on. The smaller unit is cut, not rounded, as an elapsed
 * time is read (2d 3h 59m is still 2d 3h), so a duration never reads longer than it was. '' when
 * missing (null, negative or not a whole number of minutes: the list's rows carry none such).
 */
export function formatDuration(minutes: number | null, units: DurationUnits): string {
  if (minutes === null || !Number.isInteger(minutes) || minutes < 0) return '';
  if (minutes < HOUR) return `${minutes}${units.minutes}`;
  if (minutes < DAY) {
    const m = minutes % HOUR;
    return `${(minutes - m) / HOUR}${units.hours} ${m < 10 ? '0' : ''}${m}${units.minutes}`;
  }
  const days = Math.floor(minutes / DAY);
  return `${days}${units.days} ${Math.floor((minutes - days * DAY) / HOUR)}${units.hours}`;
}
