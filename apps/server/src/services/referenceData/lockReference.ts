import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';

/** The advisory-lock namespace of reference data writes ("QREF"). */
const REFERENCE_LOCK = 0x51524546;

/**
 * Serialises the reference data writes of one corporate structure (issue 26) until the calling
 * transaction ends, so a "is this number / code taken?" check and the write it allows are never
 * split by another manager's write: two managers adding the same code at once get one row and a
 * 409. Structure-wide rows (work types, ADT definitions) and a facility's own rows share the lock.
 */
export async function lockReference(tx: Db, corporateStructureId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${REFERENCE_LOCK}, ${corporateStructureId})`);
}
