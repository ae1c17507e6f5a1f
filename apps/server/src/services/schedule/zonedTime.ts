/**
 * The instant of a wall-clock time ('yyyy-MM-ddTHH:mm:ss') in an IANA time zone (a facility's
 * timeZone). An unknown zone reads the time as UTC. In a DST gap the time is moved forward.
 */
export function zonedTimeToUtc(local: string, timeZone: string): Date {
  const [y, mo, d, h = 0, mi = 0, s = 0] = local.split(/[-T:]/).map(Number) as number[];
  const wall = Date.UTC(y!, mo! - 1, d!, h, mi, s);
  let format: Intl.DateTimeFormat;
  try {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
  } catch {
    return new Date(wall);
  }
  const offset = (instant: number) => {
    const p = Object.fromEntries(
      format.formatToParts(new Date(instant)).map((x) => [x.type, Number(x.value)]),
    );
    return Date.UTC(p.year!, p.month! - 1, p.day!, p.hour!, p.minute!, p.second!) - instant;
  };
  const guess = wall - offset(wall);
  return new Date(wall - offset(guess));
}
