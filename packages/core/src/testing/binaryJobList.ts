import { BINARY_ROW, type BinaryJobListHeader } from '../contract/jobList.js';
import {
  JOB_LIST_ROW_LAYOUT,
  type ListRowLayout,
  listRowOffsets,
} from '../rules/jobList/jobListRowLayout.js';

/** The platform's UTF-8 encoder (browsers and Node have it; core's types name no platform). */
declare const TextEncoder: new () => { encode(text: string): Uint8Array };

/** One row's fields as a binary batch holds them (contract BINARY_ROW), null where missing. */
export interface BinaryJobListRecord {
  jobId: number;
  originalJobId: number | null;
  dictatorId: number | null;
  patientId: number | null;
  dictatedUtc: number | null;
  dictatedOffset: number | null;
  signedUtc: number | null;
  signedOffset: number | null;
  /** YYYY-MM-DD */
  dateOfService: string | null;
  workTypeId: number | null;
  departmentId: number | null;
  locationId: number | null;
  stageId: number;
  clientFacilityId: number;
  /** LIST_ROW_BITS summed. */
  bits: number;
  /** Whole minutes from dictation to the first text and to the finished text (issue 27). */
  tatFirstTextMinutes: number | null;
  tatFinishedMinutes: number | null;
}

/**
 * Tests only: the real layout with one field more, where a new column would go — in the middle,
 * so every field after it moves (issue 42's acceptance: a new column is one edit of the layout).
 * Its SQL reads `jobs.word_count`, a column the test adds.
 */
export const LAYOUT_WITH_WORD_COUNT: ListRowLayout = {
  version: JOB_LIST_ROW_LAYOUT.version + 1,
  fields: [
    ...JOB_LIST_ROW_LAYOUT.fields.slice(0, 2),
    { name: 'wordCount', type: 'int32', sql: 'NEW.word_count', missing: -1 },
    ...JOB_LIST_ROW_LAYOUT.fields.slice(2),
  ],
};

/** A field's number as its type writes it. */
const WRITE = {
  float64: (view: DataView, at: number, value: number) => view.setFloat64(at, value),
  int32: (view: DataView, at: number, value: number) => view.setInt32(at, value),
  int16: (view: DataView, at: number, value: number) => view.setInt16(at, value),
} as const;

/**
 * Tests only: writes one record of a layout at `at`, each field from `values` by its name; a
 * null or absent value is written as the field's missing sentinel or filler (what the trigger's
 * coalesce writes).
 */
export function writeListRow(
  view: DataView,
  at: number,
  values: Readonly<Record<string, number | null | undefined>>,
  layout: ListRowLayout = JOB_LIST_ROW_LAYOUT,
): void {
  const offsets = listRowOffsets(layout) as Record<string, number>;
  for (const field of layout.fields) {
    const ifNull = 'bits' in field ? undefined : (field.missing ?? field.fill);
    const value = values[field.name] ?? ifNull;
    if (value === undefined) throw new Error(`no value for the list row's ${field.name}`);
    WRITE[field.type](view, at + offsets[field.name]!, value);
  }
}

/**
 * Tests only: the binary batch (contract JOB_LIST_FORMATS) a server would answer for a header and
 * rows — what the database writes with the jobs_list_row trigger (JOB_LIST_ROW_LAYOUT) and the
 * list's SQL.
 */
export function encodeBinaryJobList(
  header: Omit<BinaryJobListHeader, 'count'>,
  records: readonly BinaryJobListRecord[],
): Uint8Array {
  const json = new TextEncoder().encode(JSON.stringify({ count: records.length, ...header }));
  const bytes = new Uint8Array(4 + json.length + records.length * BINARY_ROW.size);
  const view = new DataView(bytes.buffer);
  view.setUint32(0, json.length);
  bytes.set(json, 4);
  records.forEach((r, i) => {
    writeListRow(view, 4 + json.length + i * BINARY_ROW.size, {
      ...r,
      dateOfService: r.dateOfService === null ? null : Date.parse(r.dateOfService) / 86_400_000,
      tatFirstText: r.tatFirstTextMinutes,
      tatFinished: r.tatFinishedMinutes,
    });
  });
  return bytes;
}
