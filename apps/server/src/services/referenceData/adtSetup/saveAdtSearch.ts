import type { AdtSearchChange, AdtSearchRow } from '@quill/core';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../../context.js';
import { adtSearchConfigurations } from '../../../db/schema/index.js';
import type { Auth } from '../../auth/auth.js';
import { auditReference } from '../auditReference.js';
import { referenceWrite } from '../referenceWrite.js';
import { facilityItems, searchableItems } from './adtItemRows.js';
import { loadSearches, requireSearch, searchRow, storedFields } from './adtSearchRows.js';
import { checkIdentifierFree } from './searchChecks.js';

/**
 * POST /api/reference/{cfId}/adtSearches/{searchId} (dictatorAdd): a search's name, identifier
 * (unique in the facility ignoring case, 409) and fields (the facility's value items, 400). The
 * next search of a job uses them; a job's dialog opened before shows the old fields until the job
 * is loaded again (a search by a field it no longer has is 400). Audited.
 */
export async function saveAdtSearch(
  ctx: AppContext,
  auth: Auth,
  cfId: number,
  searchId: number,
  input: AdtSearchChange,
  ip: string | null,
): Promise<AdtSearchRow> {
  return referenceWrite(ctx, auth, cfId, async (tx, facility) => {
    const search = await requireSearch(tx, facility.id, searchId);
    checkIdentifierFree(
      input.identifier,
      (await loadSearches(tx, facility.id)).filter((s) => s.id !== search.id),
    );
    const fields = storedFields(
      input.fields,
      searchableItems(await facilityItems(tx, facility), facility.id),
    );
    const [row] = await tx
      .update(adtSearchConfigurations)
      .set({ name: input.name, identifier: input.identifier, searchFields: fields })
      .where(eq(adtSearchConfigurations.id, search.id))
      .returning();
    await auditReference(
      ctx,
      auth,
      facility,
      'adtSearch.save',
      ip,
      {
        searchId: search.id,
        identifier: row!.identifier,
        previousIdentifier: search.identifier,
        fields: fields.length,
      },
      tx,
    );
    return searchRow(row!);
  });
}
