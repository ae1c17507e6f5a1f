import { inArray } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from './client.js';
import { attachments, audioFiles, documentVersions, interfaceMessages, uploads } from './schema/index.js';

/**
 * Every column that holds a blob store key (issue 41): the orphan sweep removes a file that none of
 * them names, so a column missing here would have its files deleted. A new column that stores a key
 * is added here; blobReferences.int.test.ts fails for a column whose name looks like one and that
 * is neither here nor in its list of columns that are not.
 */
export const BLOB_REFERENCES: readonly { table: PgTable; column: PgColumn }[] = [
  { table: documentVersions, column: documentVersions.blobKey },
  { table: audioFiles, column: audioFiles.blobKey },
  { table: attachments, column: attachments.blobKey },
  { table: uploads, column: uploads.blobKey },
  { table: interfaceMessages, column: interfaceMessages.blobKey },
];

/** Which of `keys` some row references (one indexed query per referencing column). */
export async function referencedBlobKeys(db: Db, keys: readonly string[]): Promise<Set<string>> {
  const found = new Set<string>();
  if (keys.length === 0) return found;
  for (const { table, column } of BLOB_REFERENCES) {
    const rows = await db
      .selectDistinct({ key: column })
      .from(table)
      .where(inArray(column, [...keys]));
    for (const row of rows) found.add(row.key as string);
  }
  return found;
}
