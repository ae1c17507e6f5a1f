import { type AdtItemChange, type AdtItemRow, itemSettingsProblem, message } from '@quill/core';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../../context.js';
import { adtDefinitions } from '../../../db/schema/index.js';
import { invalid } from '../../../errors/domainErrors.js';
import type { Auth } from '../../auth/auth.js';
import { auditReference } from '../auditReference.js';
import { referenceWrite } from '../referenceWrite.js';
import { facilityItems, itemRow, requireItem } from './adtItemRows.js';

const CHANGEABLE = [
  'displayName',
  'ordinal',
  'mandatory',
  'readOnly',
  'highlighted',
  'inOrderSummary',
  'refreshOnEdit',
  'follows',
] as const;

/**
 * POST /api/reference/{cfId}/adtDefinitions/{definitionId} (dictatorAdd): an item's display name,
 * ordinal and flags (address, heading and type stay: jobs hold values by address). The settings
 * must fit the item (400, rules/adt/adtSetup.ts itemSettingsProblem). A structure item changes for
 * every facility of the structure. Jobs show the change from their next load. Audited with the
 * names of the settings changed.
 */
export async function saveAdtDefinition(
  ctx: AppContext,
  auth: Auth,
  cfId: number,
  definitionId: number,
  input: AdtItemChange,
  ip: string | null,
): Promise<AdtItemRow> {
  return referenceWrite(ctx, auth, cfId, async (tx, facility) => {
    const item = await requireItem(tx, facility, definitionId);
    const wrong = itemSettingsProblem({
      ...input,
      isPhysician: item.isPhysician,
      segmentType: item.segmentType,
    });
    if (wrong) throw invalid(message(wrong.key, wrong.values));
    const changed = CHANGEABLE.filter((k) => item[k] !== input[k]);
    await tx
      .update(adtDefinitions)
      .set({
        displayName: input.displayName,
        ordinal: input.ordinal,
        mandatory: input.mandatory,
        readOnly: input.readOnly,
        highlighted: input.highlighted,
        inOrderSummary: input.inOrderSummary,
        refreshOnEdit: input.refreshOnEdit,
        follows: input.follows,
      })
      .where(eq(adtDefinitions.id, item.id));
    const after = await facilityItems(tx, facility);
    await auditReference(
      ctx,
      auth,
      facility,
      'adtDefinition.save',
      ip,
      { definitionId: item.id, key: item.key, shared: item.clientFacilityId === null, changed },
      tx,
    );
    return itemRow(after.find((i) => i.id === item.id)!, facility, after);
  });
}
