import { type AdtItemRow, itemKey, itemSource, message, shownItems } from '@quill/core';
import { and, asc, eq, isNull, or } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { adtDefinitions } from '../../../db/schema/index.js';
import { notFound } from '../../../errors/domainErrors.js';
import type { Facility } from '../requireFacility.js';

export type ItemRow = typeof adtDefinitions.$inferSelect;

/** A stored item with its address and where its value comes from. */
export type KeyedItem = ItemRow & { key: string; source: ReturnType<typeof itemSource> };

const keyed = (row: ItemRow): KeyedItem => ({ ...row, key: itemKey(row), source: itemSource(row) });

/** The structure's shared items and the facility's own, by id (the order the job's ADT answer reads them). */
export async function facilityItems(db: Db, facility: Facility): Promise<KeyedItem[]> {
  const rows = await db
    .select()
    .from(adtDefinitions)
    .where(
      and(
        eq(adtDefinitions.corporateStructureId, facility.corporateStructureId),
        or(eq(adtDefinitions.clientFacilityId, facility.id), isNull(adtDefinitions.clientFacilityId)),
      ),
    )
    .orderBy(asc(adtDefinitions.id));
  return rows.map(keyed);
}

/**
 * The value items a job of the facility shows as its own ADT (patient, visit, job-only; not an
 * order's): what a hold-queue rule may check (services/jobEditor/holdQueue reads the job's values).
 */
export const jobValueItems = (items: readonly KeyedItem[], facilityId: number): KeyedItem[] =>
  shownItems(items, facilityId).filter((i) => !i.isPhysician && i.source !== 'order');

/**
 * The value items an ADT search may search (patient, visit and order values: searchadt reads them
 * from the patient, visit and order records; a job-only value is on no record).
 */
export const searchableItems = (items: readonly KeyedItem[], facilityId: number): KeyedItem[] =>
  shownItems(items, facilityId).filter((i) => !i.isPhysician && i.source !== 'job');

/** Item `id` of the facility or of its structure; any other: 404. */
export async function requireItem(db: Db, facility: Facility, id: number): Promise<KeyedItem> {
  const [row] = await db
    .select()
    .from(adtDefinitions)
    .where(
      and(
        eq(adtDefinitions.id, id),
        eq(adtDefinitions.corporateStructureId, facility.corporateStructureId),
        or(eq(adtDefinitions.clientFacilityId, facility.id), isNull(adtDefinitions.clientFacilityId)),
      ),
    );
  if (!row) throw notFound(message('reference.adt.items.notFound'));
  return keyed(row);
}

/** An item as the ADT data table shows it; `items` (facilityItems) says whether the facility replaces it. */
export function itemRow(item: KeyedItem, facility: Facility, items: readonly KeyedItem[]): AdtItemRow {
  const shared = item.clientFacilityId === null;
  const shown = shownItems(items, facility.id);
  return {
    id: item.id,
    shared,
    replaced: shared && !shown.some((i) => i.id === item.id),
    columnHeading: item.columnHeading,
    displayName: item.displayName,
    segmentName: item.segmentName,
    segmentType: item.segmentType,
    fieldIndex: item.fieldIndex,
    componentIndex: item.componentIndex,
    dataType: item.dataType,
    isPhysician: item.isPhysician,
    key: item.key,
    source: item.source,
    ordinal: item.ordinal,
    mandatory: item.mandatory,
    readOnly: item.readOnly,
    highlighted: item.highlighted,
    inOrderSummary: item.inOrderSummary,
    refreshOnEdit: item.refreshOnEdit,
    follows: item.follows === 'dictator' || item.follows === 'dictatedFor' ? item.follows : null,
  };
}
