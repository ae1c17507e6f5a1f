import { type DateTimeFormats, formatJobDateTime, type JobListRow } from '@quill/core';
import type { AppContext } from '../../context.js';
import { facilityTimeZones } from '../jobAccess/facilityTimeZone.js';

/**
 * Issue 39 row 7: the rows' dictated and signed times as the list shows them — with the zone's
 * abbreviation on a day the facility's clocks change (`formatJobDateTime`'s 'clockChange', where
 * "01:04" could be either of two instants) — for what prints the `rows` text elsewhere (the Excel
 * export, Job Search). Changes the rows in place.
 */
export async function labelClockChangeTimes(
  ctx: Pick<AppContext, 'database'>,
  rows: JobListRow[],
  formats: DateTimeFormats,
): Promise<void> {
  const zones = await facilityTimeZones(ctx, [...new Set(rows.map((r) => r.clientFacilityId))]);
  const label = { zoneLabel: 'clockChange' } as const;
  for (const row of rows) {
    const zone = zones.get(row.clientFacilityId) ?? 'UTC';
    row.formattedDictatedDate = formatJobDateTime(row.dictatedDate, zone, formats, label);
    row.formattedSignedDate = formatJobDateTime(row.signedDate, zone, formats, label);
  }
}
