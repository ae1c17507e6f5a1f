import type { AppContext } from '../../context.js';
import type { Db } from '../../db/client.js';
import type { Auth } from '../auth/auth.js';
import { lockReference } from './lockReference.js';
import { type Facility, requireFacility } from './requireFacility.js';

/**
 * Runs one change of a facility's reference data (issue 26): the facility must be one of the account's
 * structures (404 otherwise), and the change runs in one transaction that first takes the
 * structure's reference lock, so its "is this taken?" checks and its write are never split by
 * another manager's change. `work` audits with the transaction it is given.
 */
export async function referenceWrite<T>(
  ctx: Pick<AppContext, 'database'>,
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
