import type { AdtItemRow, AdtItems } from '@quill/core';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../../context.js';
import { corporateStructures } from '../../../db/schema/index.js';
import type { Auth } from '../../auth/auth.js';
import { requireFacility } from '../requireFacility.js';
import { facilityItems, itemRow } from './adtItemRows.js';

/** Ordinal 0 lists last, as the Patient Details card lists items (spec 02 §3). */
const rank = (ordinal: number) => (ordinal === 0 ? Number.MAX_SAFE_INTEGER : ordinal);

/** The table's order: by record (patient, visit, order), values before physicians, then as a job lists them. */
export function compareItemRows(a: AdtItemRow, b: AdtItemRow): number {
  return (
    a.segmentType - b.segmentType ||
    Number(a.isPhysician) - Number(b.isPhysician) ||
    rank(a.ordinal) - rank(b.ordinal) ||
    a.displayName.localeCompare(b.displayName) ||
    a.id - b.id
  );
}

/**
 * GET /api/reference/{cfId}/adtDefinitions (dictatorView): the corporate structure's items (shared
 * by all its facilities; `replaced` where this facility has its own at the address) and the
 * facility's own.
 */
export async function listAdtDefinitions(ctx: AppContext, auth: Auth, cfId: number): Promise<AdtItems> {
  const facility = await requireFacility(ctx, auth, cfId);
  const db = ctx.database.db;
  const items = await facilityItems(db, facility);
  const [structure] = await db
    .select({ name: corporateStructures.name })
    .from(corporateStructures)
    .where(eq(corporateStructures.id, facility.corporateStructureId));
  return {
    structure: structure?.name ?? '',
    items: items.map((i) => itemRow(i, facility, items)).sort(compareItemRows),
  };
}
