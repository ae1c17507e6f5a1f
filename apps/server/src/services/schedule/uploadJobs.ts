import { adtDateTime, isFinalForUpload, message, stageLabel, stageName, type UploadJob } from '@quill/core';
import { eq, inArray, or } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { bookings, clientFacilities, jobs } from '../../db/schema/index.js';
import { textValues } from '../adt/jobAdtValues.js';
import type { Change, FieldValue, RecordEntity } from './uploadChanges.js';

/**
 * Issue 39: what an upload does to the jobs of the patients and visits it changes. A job shows its
 * own ADT values (`jobs.adt`) over its patient record's MRN, name and birth date, so:
 * - a job that is not final takes the upload's new value of every field it holds itself (the
 *   fields it does not hold follow the record anyway);
 * - a final job (rules/schedule/uploadFinal: Finished, distributed, signed …) is never changed: it is listed
 *   as "not changed: final" and, where it showed a value of its record it does not hold itself
 *   (PIN_KEYS), that value is kept on the job ("pinned") so the record's change does not reach it.
 * Orders are not followed: a job keeps its own copies of its orders (job_orders).
 */

/** The ADT key a job holds each kept column of a patient, visit or order under. */
const COLUMN_KEYS: Record<RecordEntity, Record<string, string>> = {
  patient: {
    lastName: 'PID.5.1',
    firstName: 'PID.5.2',
    middleName: 'PID.5.3',
    dateOfBirth: 'PID.7.1',
    sex: 'PID.8.1',
  },
  visit: { patientClass: 'PV1.2.1', admittedAt: 'PV1.44.1', dischargedAt: 'PV1.45.1' },
  order: { description: 'OBR.4.2', orderedAt: 'OBR.7.1' },
};
const TIME_COLUMNS = new Set(['admittedAt', 'dischargedAt', 'orderedAt']);
/** What a job shows of its record where it has no value of its own (MRN never changes by upload). */
const PIN_KEYS = new Set(['PID.5.1', 'PID.5.2', 'PID.5.3', 'PID.7.1']);
const COLUMN_OF_KEY = new Map(
  Object.values(COLUMN_KEYS).flatMap((columns) => Object.entries(columns).map(([c, k]) => [k, c])),
);

/** The ADT key of a kept field of a record ("dateOfBirth" → "PID.7.1", "adt.PID.11.1" → "PID.11.1"). */
export function adtKeyOf(entity: RecordEntity, field: string): string | null {
  return field.startsWith('adt.') ? field.slice(4) : (COLUMN_KEYS[entity][field] ?? null);
}

const COLUMNS = new Set(COLUMN_OF_KEY.values());

/** A field (a column, "adt.KEY", or a job's ADT key) in words: "Birth date (PID 7.1)", "PID 11.1". */
export function fieldLabel(field: string): string {
  const key = field.startsWith('adt.') ? field.slice(4) : field;
  const column = COLUMN_OF_KEY.get(key) ?? (COLUMNS.has(key) ? key : null);
  if (column) return message(`schedule.fields.${column as 'lastName'}`);
  const [segment, ...position] = key.split('.');
  return message('schedule.fieldAt', { segment: segment ?? key, position: position.join('.') });
}

interface FieldChange {
  key: string;
  /** The record's value before and after, as a job holds it. */
  previous: FieldValue;
  next: FieldValue;
}

/** A kept value as a job holds it: instants on the job's facility's clock, the rest as kept. */
function jobValue(column: string, value: FieldValue, timeZone: string): FieldValue {
  if (value === null || !TIME_COLUMNS.has(column)) return value;
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? value : adtDateTime(ms, timeZone);
}

/** The changed fields of each updated patient and visit, by record. */
function recordUpdates(changes: Change[]) {
  const byRecord = new Map<
    string,
    { record: string; fields: { column: string; key: string; c: Change }[] }
  >();
  for (const c of changes) {
    if (c.op !== 'update' || !c.field || (c.entity !== 'patient' && c.entity !== 'visit')) continue;
    const key = adtKeyOf(c.entity, c.field);
    if (!key) continue;
    const id = `${c.entity}:${c.entityId}`;
    const entry = byRecord.get(id) ?? { record: `${c.entity}:${c.record}`, fields: [] };
    entry.fields.push({ column: c.field, key, c });
    byRecord.set(id, entry);
  }
  return byRecord;
}

/** The jobs an upload touches: each with its fields before → after, final or not. */
export interface JobEffects {
  jobs: UploadJob[];
  /** job updates and pins for upload_changes (what Revert puts back). */
  changes: Change[];
}

const recordWords = (record: string) => {
  const [entity, ...label] = record.split(':');
  return `${message(`schedule.effectEntity.${entity as RecordEntity}`)} ${label.join(':')}`;
};

/**
 * Works out (and with `write`, applies) what the record changes of an upload do to their jobs, in
 * the import's transaction. With `write` the jobs are locked first, so a job that became final
 * since the preview is read as final here and left alone.
 */
export async function uploadJobEffects(tx: Tx, changes: Change[], write: boolean): Promise<JobEffects> {
  const updates = recordUpdates(changes);
  const patientIds = [...updates.keys()]
    .filter((k) => k.startsWith('patient:'))
    .map((k) => Number(k.slice(8)));
  const visitIds = [...updates.keys()].filter((k) => k.startsWith('visit:')).map((k) => Number(k.slice(6)));
  if (!patientIds.length && !visitIds.length) return { jobs: [], changes: [] };
  const conds = [
    ...(patientIds.length ? [inArray(jobs.patientId, patientIds)] : []),
    ...(visitIds.length ? [inArray(jobs.visitId, visitIds)] : []),
  ];
  const query = tx
    .select({
      id: jobs.id,
      patientId: jobs.patientId,
      visitId: jobs.visitId,
      stageId: jobs.stageId,
      signedAt: jobs.signedAt,
      adt: jobs.adt,
      restoreStageId: bookings.restoreStageId,
      timeZone: clientFacilities.timeZone,
    })
    .from(jobs)
    .innerJoin(clientFacilities, eq(clientFacilities.id, jobs.clientFacilityId))
    .leftJoin(bookings, eq(bookings.jobId, jobs.id))
    .where(or(...conds))
    .orderBy(jobs.id);
  const rows = write ? await query.for('update', { of: jobs }) : await query;
  const out: JobEffects = { jobs: [], changes: [] };
  for (const job of rows) {
    const own = textValues(job.adt);
    const final = isFinalForUpload(job);
    const fields: FieldChange[] = [];
    const records: string[] = [];
    for (const id of [`patient:${job.patientId}`, `visit:${job.visitId}`]) {
      const entry = updates.get(id);
      if (!entry) continue;
      records.push(entry.record);
      for (const f of entry.fields)
        fields.push({
          key: f.key,
          previous: jobValue(f.column, f.c.previous as FieldValue, job.timeZone),
          next: jobValue(f.column, f.c.next as FieldValue, job.timeZone),
        });
    }
    const after = { ...own };
    const listed: UploadJob['changes'] = [];
    for (const f of fields) {
      const shown = own[f.key] ?? f.previous;
      if (shown === f.next) continue;
      listed.push({ field: f.key, label: fieldLabel(f.key), previous: shown, next: f.next });
      const record = String(job.id);
      if (final) {
        if (f.key in own || !PIN_KEYS.has(f.key)) continue;
        after[f.key] = f.previous ?? '';
        out.changes.push({
          entity: 'job',
          entityId: job.id,
          record,
          op: 'pin',
          field: f.key,
          previous: null,
          next: after[f.key],
        });
      } else if (f.key in own && f.next !== null) {
        after[f.key] = f.next;
        out.changes.push({
          entity: 'job',
          entityId: job.id,
          record,
          op: 'update',
          field: f.key,
          previous: own[f.key],
          next: f.next,
        });
      }
    }
    if (!listed.length) continue;
    out.jobs.push({
      jobId: job.id,
      stage: stageLabel(job.stageId, stageName(job.stageId) ?? ''),
      final,
      record: records.map(recordWords).join(', '),
      changes: listed,
    });
    if (write && JSON.stringify(after) !== JSON.stringify(own))
      await tx.update(jobs).set({ adt: after }).where(eq(jobs.id, job.id));
  }
  return out;
}
