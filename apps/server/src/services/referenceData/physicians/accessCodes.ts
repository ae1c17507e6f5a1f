import { message } from '@quill/core';
import { and, eq, ne, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { physicians } from '../../../db/schema/index.js';
import { isUniqueViolation } from '../../../db/uniqueViolation.js';
import { conflict } from '../../../errors/domainErrors.js';

/**
 * Access codes are unique in a corporate structure, ignoring case (decisions.md "Physicians and
 * recipients on the server"): the one check and the one refusal every writer of physicians shares —
 * SavePhysician of the job editor and the Reference data page's physician directory.
 */

/** The index that keeps access codes unique in a structure, ignoring case (migration 0014). */
export const ACCESS_CODE_INDEX = 'physicians_cs_access_code_ci_idx';

/** 409 'Duplicate access code' (the catalogue's words, as SavePhysician has always answered). */
export const duplicateAccessCode = () =>
  conflict(message('recipients.duplicateAccessCode'), 'duplicate_access_code');

/**
 * Refuses (409) an access code another physician of the structure has, ignoring case
 * (`exceptId`: the physician being edited keeps its own). Nothing to check without a code.
 */
export async function refuseTakenAccessCode(
  db: Db,
  corporateStructureId: number,
  accessCode: string | null | undefined,
  exceptId?: number,
): Promise<void> {
  if (!accessCode) return;
  const where: SQL[] = [
    eq(physicians.corporateStructureId, corporateStructureId),
    sql`lower(${physicians.accessCode}) = ${accessCode.toLowerCase()}`,
  ];
  if (exceptId !== undefined) where.push(ne(physicians.id, exceptId));
  const [taken] = await db
    .select({ id: physicians.id })
    .from(physicians)
    .where(and(...where))
    .limit(1);
  if (taken) throw duplicateAccessCode();
}

/** The error a write of physicians throws: a lost race on the access-code index reads as the same 409. */
export function accessCodeRefusal(err: unknown): unknown {
  return isUniqueViolation(err, ACCESS_CODE_INDEX) ? duplicateAccessCode() : err;
}
