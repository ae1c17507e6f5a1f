import {
  ADT_SETUP_LIMITS,
  type AdtItemRow,
  isDateDataType,
  itemKey,
  message,
  type NewAdtItem,
  newItemConflict,
  newItemProblem,
  shownItems,
} from '@quill/core';
import type { AppContext } from '../../../context.js';
import { adtDefinitions } from '../../../db/schema/index.js';
import { conflict, invalid } from '../../../errors/domainErrors.js';
import type { Auth } from '../../auth/auth.js';
import { auditReference } from '../auditReference.js';
import { referenceWrite } from '../referenceWrite.js';
import { facilityItems, itemRow } from './adtItemRows.js';

/**
 * POST /api/reference/{cfId}/adtDefinitions (dictatorAdd): a new ADT data item of the facility.
 * Its address must fit its record and kind (400, rules/adt/adtSetup.ts newItemProblem); the facility
 * may have one own item an address and no two items it shows may share a column heading,
 * ignoring case (409); an own item at a structure item's address replaces it here. A job shows it
 * from its next load. Audited.
 */
export async function addAdtDefinition(
  ctx: AppContext,
  auth: Auth,
  cfId: number,
  input: NewAdtItem,
  ip: string | null,
): Promise<AdtItemRow> {
  return referenceWrite(ctx, auth, cfId, async (tx, facility) => {
    const wrong = newItemProblem(input);
    if (wrong) throw invalid(message(wrong.key, wrong.values));
    const items = await facilityItems(tx, facility);
    const clash = newItemConflict(input, facility.id, items);
    if (clash) throw conflict(message(clash.key, clash.values), 'adt_item_taken');
    const shown = shownItems(items, facility.id).filter((i) => i.isPhysician === input.isPhysician);
    const max = input.isPhysician ? ADT_SETUP_LIMITS.physicianItemsMax : ADT_SETUP_LIMITS.valueItemsMax;
    // An own item at a structure item's address takes its place: the count stays.
    const replaces = shown.some((i) => i.key === itemKey(input));
    if (!replaces && shown.length >= max)
      throw conflict(
        message(
          input.isPhysician ? 'reference.adt.items.tooManyPhysicians' : 'reference.adt.items.tooManyValues',
          {
            max,
          },
        ),
      );
    const [row] = await tx
      .insert(adtDefinitions)
      .values({
        corporateStructureId: facility.corporateStructureId,
        clientFacilityId: facility.id,
        columnHeading: input.columnHeading,
        displayName: input.displayName,
        segmentName: input.segmentName,
        segmentType: input.segmentType,
        fieldIndex: input.fieldIndex,
        componentIndex: input.componentIndex,
        dataType: input.dataType,
        isDateTime: isDateDataType(input.dataType),
        isPhysician: input.isPhysician,
        ordinal: input.ordinal,
        mandatory: input.mandatory,
        readOnly: input.readOnly,
        highlighted: input.highlighted,
        inOrderSummary: input.inOrderSummary,
        refreshOnEdit: input.refreshOnEdit,
        follows: input.follows,
      })
      .returning();
    const after = await facilityItems(tx, facility);
    const added = after.find((i) => i.id === row!.id)!;
    await auditReference(
      ctx,
      auth,
      facility,
      'adtDefinition.add',
      ip,
      { definitionId: added.id, key: added.key, columnHeading: added.columnHeading, replaces },
      tx,
    );
    return itemRow(added, facility, after);
  });
}
