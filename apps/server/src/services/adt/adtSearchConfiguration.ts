import { type AdtSearchConfiguration, AdtSearchFieldSchema } from '@quill/core';
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { adtSearchConfigurations } from '../../db/schema/index.js';

const StoredFieldSchema = AdtSearchFieldSchema.omit({ value: true });

/**
 * The ADT searches a client facility offers (spec 02 §3 "ADT search configuration"), in the order
 * they were configured, every field with an empty value; null when it offers none (the Patient
 * Details card's Search is then disabled). A stored field that does not read is left out.
 */
export async function loadAdtSearchConfiguration(
  db: Db,
  clientFacilityId: number,
): Promise<AdtSearchConfiguration | null> {
  const rows = await db
    .select()
    .from(adtSearchConfigurations)
    .where(eq(adtSearchConfigurations.clientFacilityId, clientFacilityId))
    .orderBy(asc(adtSearchConfigurations.id));
  if (!rows.length) return null;
  return {
    availableSearch: rows.map((r) => ({
      name: r.name,
      identifier: r.identifier,
      searchField: (Array.isArray(r.searchFields) ? r.searchFields : []).flatMap((f) => {
        const field = StoredFieldSchema.safeParse(f);
        return field.success ? [{ ...field.data, value: null }] : [];
      }),
    })),
  };
}
