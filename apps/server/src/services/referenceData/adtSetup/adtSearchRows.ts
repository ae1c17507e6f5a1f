import {
  type AdtSearchChange,
  type AdtSearchRow,
  adtDisplayType,
  adtKey,
  message,
  searchFieldsProblem,
} from '@quill/core';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { adtSearchConfigurations } from '../../../db/schema/index.js';
import { invalid, notFound } from '../../../errors/domainErrors.js';
import { type StoredSearchField, StoredSearchFieldSchema } from '../../adt/adtSearchCriteria.js';
import type { KeyedItem } from './adtItemRows.js';

export type SearchRow = typeof adtSearchConfigurations.$inferSelect;

/** The facility's searches in the order a job offers them (services/adt/adtSearchConfiguration.ts). */
export function loadSearches(db: Db, facilityId: number): Promise<SearchRow[]> {
  return db
    .select()
    .from(adtSearchConfigurations)
    .where(eq(adtSearchConfigurations.clientFacilityId, facilityId))
    .orderBy(asc(adtSearchConfigurations.id));
}

/** Search `searchId` of the facility; another facility's or none: 404. */
export async function requireSearch(db: Db, facilityId: number, searchId: number): Promise<SearchRow> {
  const [row] = await db
    .select()
    .from(adtSearchConfigurations)
    .where(
      and(eq(adtSearchConfigurations.id, searchId), eq(adtSearchConfigurations.clientFacilityId, facilityId)),
    );
  if (!row) throw notFound(message('reference.adt.searches.notFound'));
  return row;
}

/** A search's stored fields that read (as a job's search configuration reads them), with their keys. */
export function searchFieldsOf(search: SearchRow): (StoredSearchField & { key: string })[] {
  return (Array.isArray(search.searchFields) ? search.searchFields : []).flatMap((f) => {
    const field = StoredSearchFieldSchema.safeParse(f);
    return field.success ? [{ ...field.data, key: adtKey(field.data.hl7Identifier) }] : [];
  });
}

/** A stored search as the ADT searches table shows it. */
export function searchRow(search: SearchRow): AdtSearchRow {
  return {
    id: search.id,
    name: search.name,
    identifier: search.identifier,
    fields: searchFieldsOf(search).map(({ key: _, ...field }) => field),
  };
}

/**
 * The fields of a search as stored, from the form's labels and addresses: each must be a value
 * item the facility's searches may search (`searchable`, 400 otherwise); its input type and record
 * are the item's, so the search reads the value as the item stores it.
 */
export function storedFields(
  input: AdtSearchChange['fields'],
  searchable: readonly KeyedItem[],
): StoredSearchField[] {
  const byKey = new Map(searchable.map((i) => [i.key, i]));
  const wrong = searchFieldsProblem(
    input.map((f) => ({ name: f.name, key: adtKey(f.hl7Identifier) })),
    new Set(byKey.keys()),
  );
  if (wrong) throw invalid(message(wrong.key, wrong.values));
  return input.map((f) => {
    const item = byKey.get(adtKey(f.hl7Identifier))!;
    return {
      name: f.name,
      type: adtDisplayType(item.dataType),
      hl7Identifier: f.hl7Identifier,
      source: item.source,
    };
  });
}
