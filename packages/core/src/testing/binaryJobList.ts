import {
  BINARY_ROW as AT,
  BINARY_MISSING_DAY,
  BINARY_MISSING_ID,
  BINARY_MISSING_MINUTES,
  type BinaryJobListHeader,
} from '../contract/jobList.js';

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
 * Tests only: the binary batch (contract JOB_LIST_FORMATS) a server would answer for a header and
 * rows — what the database writes with the jobs_list_row trigger (migrations 0008, 0026) and the
 * list's SQL.
 */
export function encodeBinaryJobList(
  header: Omit<BinaryJobListHeader, 'count'>,
  records: readonly BinaryJobListRecord[],
): Uint8Array {
  const json = new TextEncoder().encode(JSON.stringify({ count: records.length, ...header }));
  const bytes = new Uint8Array(4 + json.length + records.length * AT.size);
  const view = new DataView(bytes.buffer);
  view.setUint32(0, json.length);
  bytes.set(json, 4);
  const id = (value: number | null) => value ?? BINARY_MISSING_ID;
  records.forEach((r, i) => {
    const at = 4 + json.length + i * AT.size;
    view.setFloat64(at + AT.jobId, r.jobId);
    view.setFloat64(at + AT.originalJobId, r.originalJobId ?? Number.NaN);
    view.setFloat64(at + AT.dictatedUtc, r.dictatedUtc ?? Number.NaN);
    view.setFloat64(at + AT.signedUtc, r.signedUtc ?? Number.NaN);
    view.setInt32(at + AT.dictatorId, id(r.dictatorId));
    view.setInt32(at + AT.patientId, id(r.patientId));
    view.setInt32(at + AT.workTypeId, id(r.workTypeId));
    view.setInt32(at + AT.departmentId, id(r.departmentId));
    view.setInt32(at + AT.locationId, id(r.locationId));
    view.setInt32(
      at + AT.dateOfService,
      r.dateOfService === null ? BINARY_MISSING_DAY : Date.parse(r.dateOfService) / 86_400_000,
    );
    view.setInt32(at + AT.clientFacilityId, r.clientFacilityId);
    view.setInt16(at + AT.stageId, r.stageId);
    view.setInt16(at + AT.dictatedOffset, r.dictatedOffset ?? 0);
    view.setInt16(at + AT.signedOffset, r.signedOffset ?? 0);
    view.setInt16(at + AT.bits, r.bits);
    view.setInt32(at + AT.tatFirstText, r.tatFirstTextMinutes ?? BINARY_MISSING_MINUTES);
    view.setInt32(at + AT.tatFinished, r.tatFinishedMinutes ?? BINARY_MISSING_MINUTES);
  });
  return bytes;
}
