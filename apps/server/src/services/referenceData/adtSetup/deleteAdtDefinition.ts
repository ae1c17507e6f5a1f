import { type AdtSetupDeleted, message, ruleFields, shownItems } from '@quill/core';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../../context.js';
import { adtDefinitions } from '../../../db/schema/index.js';
import { conflict } from '../../../errors/domainErrors.js';
import type { Auth } from '../../auth/auth.js';
import { auditReference } from '../auditReference.js';
import { referenceWrite } from '../referenceWrite.js';
import { facilityItems, requireItem } from './adtItemRows.js';
import { loadSearches, searchFieldsOf } from './adtSearchRows.js';
import { loadRules } from './holdQueueRuleRows.js';

/**
 * POST /api/reference/{cfId}/adtDefinitions/{definitionId}/delete (dictatorAdd): removes an item
 * the facility owns. A structure item is shared by every facility of the structure: 409 here.
 * While one of the facility's searches or rules names the address and no structure item takes
 * its place, 409 naming it (a search field or rule item nobody shows would search nothing, or
 * hold every job). Jobs keep their stored values; they no longer show them. Audited.
 */
export async function deleteAdtDefinition(
  ctx: AppContext,
  auth: Auth,
  cfId: number,
  definitionId: number,
  ip: string | null,
): Promise<AdtSetupDeleted> {
  return referenceWrite(ctx, auth, cfId, async (tx, facility) => {
    const item = await requireItem(tx, facility, definitionId);
    if (item.clientFacilityId === null)
      throw conflict(message('reference.adt.items.sharedNotDeletable'), 'adt_item_shared');
    const remaining = shownItems(
      (await facilityItems(tx, facility)).filter((i) => i.id !== item.id),
      facility.id,
    );
    const stillShown = remaining.some((i) => i.isPhysician === item.isPhysician && i.key === item.key);
    if (!item.isPhysician && !stillShown) {
      for (const search of await loadSearches(tx, facility.id))
        if (searchFieldsOf(search).some((f) => f.key === item.key))
          throw conflict(
            message('reference.adt.items.usedBySearch', { search: search.name, key: item.key }),
            'adt_item_in_use',
          );
      for (const rule of await loadRules(tx, facility.id))
        if (ruleFields(rule.params)?.includes(item.key))
          throw conflict(
            message('reference.adt.items.usedByRule', { code: rule.code, key: item.key }),
            'adt_item_in_use',
          );
    }
    await tx.delete(adtDefinitions).where(eq(adtDefinitions.id, item.id));
    await auditReference(
      ctx,
      auth,
      facility,
      'adtDefinition.delete',
      ip,
      { definitionId: item.id, key: item.key, columnHeading: item.columnHeading },
      tx,
    );
    return { deleted: item.id };
  });
}
