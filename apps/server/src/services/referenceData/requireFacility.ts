import { message } from '@quill/core';
import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/client.js';
import { clientFacilities } from '../../db/schema/index.js';
import { notFound } from '../../errors/domainErrors.js';
import type { Auth } from '../auth/auth.js';
import { inScope } from '../tenantScope/inScope.js';

export type Facility = typeof clientFacilities.$inferSelect;

/**
 * The client facility `cfId` of a reference data call (issue 26), when it belongs to one of the
 * corporate structures the account may see; any other facility is another company's: 404.
 */
export async function requireFacility(
  ctx: Pick<AppContext, 'database'>,
  auth: Auth,
  cfId: number,
  db: Db = ctx.database.db,
): Promise<Facility> {
  const [facility] = await db
    .select()
    .from(clientFacilities)
    .where(and(eq(clientFacilities.id, cfId), inScope(auth.scope, clientFacilities.corporateStructureId)));
  if (!facility) throw notFound(message('reference.notFound'));
  return facility;
}
