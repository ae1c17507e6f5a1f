import type { AppContext } from '../../../context.js';
import type { Db } from '../../../db/client.js';
import type { Auth } from '../../auth/resolveSession.js';
import { lockReference } from '../lockReference.js';
import { type Facility, requireFacility } from '../requireFacility.js';

/**
 * Runs a change of facility `cfId`'s hold-queue rules, ADT items or ADT searches (issue 26): the
 * facility must be one of the account's structures (404 otherwise), and the work runs in one
 * transaction that first takes the structure's reference write lock, so its "is this code
 * taken?" checks and the write they allow are never split by another manager's write.
 */
export async function facilityWrite<T>(
  ctx: AppContext,
  auth: Auth,
  cfId: number,
  work: (tx: Db, facility: Facility) => Promise<T>,
): Promise<T> {
  const facility = await requireFacility(ctx, auth, cfId);
  return ctx.database.db.transaction(async (tx) => {
    await lockReference(tx, facility.corporateStructureId);
    return work(tx, facility);
  });
}
