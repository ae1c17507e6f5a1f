import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { attachments } from '../../db/schema/index.js';

/**
 * Whether a client facility has any attachment (one indexed row at most): the job view offers
 * Attachments when the facility's setting says so or when attachments have arrived for it.
 */
export async function facilityHasAttachments(
  ctx: Pick<AppContext, 'database'>,
  clientFacilityId: number,
): Promise<boolean> {
  const [row] = await ctx.database.db
    .select({ id: attachments.id })
    .from(attachments)
    .where(eq(attachments.clientFacilityId, clientFacilityId))
    .limit(1);
  return row !== undefined;
}
