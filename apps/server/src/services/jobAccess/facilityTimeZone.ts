import { knownTimeZone } from '@quill/core';
import { eq, inArray } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { clientFacilities } from '../../db/schema/index.js';

/** The IANA zone a client facility's job times are shown in (UTC when the zone is unknown). */
export async function facilityTimeZone(ctx: Pick<AppContext, 'database'>, clientFacilityId: number) {
  const [row] = await ctx.database.db
    .select({ timeZone: clientFacilities.timeZone })
    .from(clientFacilities)
    .where(eq(clientFacilities.id, clientFacilityId));
  return knownTimeZone(row?.timeZone);
}

/** The zones of several client facilities ({@link facilityTimeZone}), by id, in one query. */
export async function facilityTimeZones(
  ctx: Pick<AppContext, 'database'>,
  clientFacilityIds: readonly number[],
): Promise<Map<number, string>> {
  if (clientFacilityIds.length === 0) return new Map();
  const rows = await ctx.database.db
    .select({ id: clientFacilities.id, timeZone: clientFacilities.timeZone })
    .from(clientFacilities)
    .where(inArray(clientFacilities.id, [...clientFacilityIds]));
  return new Map(rows.map((r) => [r.id, knownTimeZone(r.timeZone)]));
}
