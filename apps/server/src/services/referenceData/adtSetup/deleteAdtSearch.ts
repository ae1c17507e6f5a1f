import type { AdtSetupDeleted } from '@quill/core';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../../context.js';
import { adtSearchConfigurations } from '../../../db/schema/index.js';
import type { Auth } from '../../auth/auth.js';
import { auditReference } from '../auditReference.js';
import { referenceWrite } from '../referenceWrite.js';
import { requireSearch } from './adtSearchRows.js';

/**
 * POST /api/reference/{cfId}/adtSearches/{searchId}/delete (dictatorAdd): the facility no longer
 * offers the search; a job's next load no longer lists it (with none left, Search is disabled)
 * and a search by its identifier is 400. Audited.
 */
export async function deleteAdtSearch(
  ctx: AppContext,
  auth: Auth,
  cfId: number,
  searchId: number,
  ip: string | null,
): Promise<AdtSetupDeleted> {
  return referenceWrite(ctx, auth, cfId, async (tx, facility) => {
    const search = await requireSearch(tx, facility.id, searchId);
    await tx.delete(adtSearchConfigurations).where(eq(adtSearchConfigurations.id, search.id));
    await auditReference(
      ctx,
      auth,
      facility,
      'adtSearch.delete',
      ip,
      { searchId: search.id, identifier: search.identifier },
      tx,
    );
    return { deleted: search.id };
  });
}
