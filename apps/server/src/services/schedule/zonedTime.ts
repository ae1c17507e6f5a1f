import { wallClockMs } from '@quill/core/rules/time/jobTime';

/**
 * The instant of a wall-clock time ('yyyy-MM-ddTHH:mm:ss') in an IANA time zone (a facility's
 * timeZone). An unknown zone reads the time as UTC. In a DST gap the time is moved forward.
 */
export function zonedTimeToUtc(local: string, timeZone: string): Date {
  const [y, mo, d, h = 0, mi = 0, s = 0] = local.split(/[-T:]/).map(Number) as number[];
  const wall = Date.UTC(y!, mo! - 1, d!, h, mi, s);
  const offset = (instant: number) => wallClockMs(instant, timeZone) - instant;
  const guess = wall - offset(wall);
  return new Date(wall - offset(guess));
}
