import { knownTimeZone } from '@quill/core';
import { eq } from 'drizzle-orm';
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
