import { ADT_SETUP_LIMITS, type AdtSearchChange, type AdtSearchRow, message } from '@quill/core';
import type { AppContext } from '../../../context.js';
import { adtSearchConfigurations } from '../../../db/schema/index.js';
import { conflict } from '../../../errors/domainErrors.js';
import type { Auth } from '../../auth/auth.js';
import { auditReference } from '../auditReference.js';
import { referenceWrite } from '../referenceWrite.js';
import { facilityItems, searchableItems } from './adtItemRows.js';
import { loadSearches, searchRow, storedFields } from './adtSearchRows.js';
import { checkIdentifierFree } from './searchChecks.js';

/**
 * POST /api/reference/{cfId}/adtSearches (dictatorAdd): a new search of the facility, its
 * identifier unique in the facility ignoring case (409), each field one of the facility's value
 * items (400). The next Search & Accept ADT of a job of the facility offers it. Audited.
 */
export async function addAdtSearch(
  ctx: AppContext,
  auth: Auth,
  cfId: number,
  input: AdtSearchChange,
  ip: string | null,
): Promise<AdtSearchRow> {
  return referenceWrite(ctx, auth, cfId, async (tx, facility) => {
    const searches = await loadSearches(tx, facility.id);
    if (searches.length >= ADT_SETUP_LIMITS.searchesMax)
      throw conflict(message('reference.adt.searches.tooMany', { max: ADT_SETUP_LIMITS.searchesMax }));
    checkIdentifierFree(input.identifier, searches);
    const fields = storedFields(
      input.fields,
      searchableItems(await facilityItems(tx, facility), facility.id),
    );
    const [row] = await tx
      .insert(adtSearchConfigurations)
      .values({
        clientFacilityId: facility.id,
        name: input.name,
        identifier: input.identifier,
        searchFields: fields,
      })
      .returning();
    await auditReference(
      ctx,
      auth,
      facility,
      'adtSearch.add',
      ip,
      { searchId: row!.id, identifier: row!.identifier, fields: fields.length },
      tx,
    );
    return searchRow(row!);
  });
}
