import { type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

export const LOINC = 'http://loinc.org';

/** A LOINC document type (US Core DocumentReference.type, the clinical notes of US Core). */
export interface NoteType {
  code: string;
  display: string;
}

/**
 * The LOINC type of a work type's documents, by words of its name (Quill keeps no code for a work
 * type): the first row whose words the lower-cased name contains; any other is a generic note.
 */
const NOTE_TYPES: readonly (NoteType & { words: string })[] = [
  { words: 'discharge', code: '18842-5', display: 'Discharge summary' },
  { words: 'history and physical', code: '34117-2', display: 'History and physical note' },
  { words: 'h&p', code: '34117-2', display: 'History and physical note' },
  { words: 'consult', code: '11488-4', display: 'Consult note' },
  { words: 'operative', code: '11504-8', display: 'Surgical operation note' },
  { words: 'procedure', code: '28570-0', display: 'Procedure note' },
  { words: 'progress', code: '11506-3', display: 'Progress note' },
  { words: 'radiology', code: '18748-4', display: 'Diagnostic imaging study' },
  { words: 'imaging', code: '18748-4', display: 'Diagnostic imaging study' },
  { words: 'emergency', code: '34111-5', display: 'Emergency department note' },
  { words: 'pathology', code: '11526-1', display: 'Pathology study' },
];
export const GENERIC_NOTE: NoteType = { code: '34109-9', display: 'Note' };

/** The LOINC type of a work type's documents (a generic note without a work type or a known name). */
export function noteTypeOf(workTypeName: string | null): NoteType {
  const name = workTypeName?.toLowerCase() ?? '';
  const found = name ? NOTE_TYPES.find((t) => name.includes(t.words)) : undefined;
  return found ? { code: found.code, display: found.display } : GENERIC_NOTE;
}

/** The same rule in SQL, over a work type's name column (null: no work type), for a search by type. */
export function noteTypeCodeSql(name: AnyPgColumn): SQL {
  const cases = NOTE_TYPES.map((t) => sql`when strpos(lower(${name}), ${t.words}) > 0 then ${t.code}`);
  return sql`(case ${sql.join(cases, sql` `)} else ${GENERIC_NOTE.code} end)`;
}
