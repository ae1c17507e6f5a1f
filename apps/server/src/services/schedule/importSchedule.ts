import { message, SCHEDULE_LIMITS, UPLOAD_EFFECT_LIMITS, type UploadJob } from '@quill/core';
import { and, eq, inArray } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import type { Tx } from '../../db/client.js';
import {
  clientFacilities,
  jobOrders,
  jobs,
  orders,
  patients,
  uploads,
  visits,
} from '../../db/schema/index.js';
import { DomainError } from '../../errors/domainErrors.js';
import { recordAudit } from '../audit/recordAudit.js';
import { readStoredSheet, type UploadRow } from './loadScheduleUpload.js';
import { checkMapping, type StoredMapping } from './mappingRules.js';
import { capWarnings, type ParsedRow, type ParsedSheet, parseRows } from './parseRows.js';
import { listOfferedDefinitions, type ScheduleFacility, type ScheduleKind } from './scheduleFacility.js';
import { fieldValues, rowFields, UploadChangeRecorder } from './uploadChanges.js';
import { uploadJobEffects } from './uploadJobs.js';
import { type StoredPreview, samePlan, storedPreview } from './uploadPlan.js';
import { zonedTimeToUtc } from './zonedTime.js';

/** What processing an upload did (uploads.result). */
export interface ImportResult {
  rowsTotal: number;
  patientsAdded: number;
  patientsUpdated: number;
  visitsAdded: number;
  visitsUpdated: number;
  visitsDeleted: number;
  rowsSkipped: number;
  warnings: string[];
  error: string | null;
  /** True once the upload's changes are kept in upload_changes (it can be reverted). */
  changesKept?: boolean;
  /** Issue 39: jobs it changes and final jobs it leaves alone (counts, and the first ids once done). */
  jobsChanged?: number;
  jobsFinal?: number;
  changedJobIds?: number[];
  finalJobIds?: number[];
  /** Issue 39: what it would change, shown before the confirm (kept once done). */
  preview?: StoredPreview;
  confirmedAt?: string;
  confirmedBy?: number | null;
}

/** Data problems that a retry would not fix. */
class PermanentFailure extends Error {}

const PATIENT_COLUMNS = new Set(['PID.5.1', 'PID.5.2', 'PID.5.3', 'PID.7.1', 'PID.8.1', 'PID.8.0']);
const VISIT_COLUMNS = new Set(['PV1.2.1', 'PV1.44.1', 'PV1.45.1']);
const ORDER_NUMBER_KEYS = ['ORC.2.1', 'OBR.2.1', 'ORC.3.1', 'OBR.3.1'];
const ORDER_DESCRIPTION_KEYS = ['OBR.4.2', 'OBR.4.1'];
const ORDER_TIME_KEYS = ['ORC.9.1', 'OBR.7.1'];

const first = (values: Record<string, string>, keys: string[]) =>
  keys.map((k) => values[k]).find((v) => v !== undefined && v !== '');
const others = (values: Record<string, string>, skip: (key: string) => boolean) =>
  Object.fromEntries(Object.entries(values).filter(([k]) => !skip(k)));
/** Only the values given: a blank cell never overwrites a stored value. */
const given = <T extends Record<string, unknown>>(values: T) =>
  Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined)) as Partial<T>;

class Applier {
  readonly patientsAdded = new Set<number>();
  readonly patientsUpdated = new Set<number>();
  readonly visitsAdded = new Set<number>();
  readonly visitsUpdated = new Set<number>();
  visitsDeleted = 0;
  rowsSkipped = 0;
  readonly warnings: string[] = [];
  readonly changes = new UploadChangeRecorder();

  constructor(
    private readonly tx: Tx,
    private readonly facility: ScheduleFacility,
  ) {}

  private at(local: string | undefined): Date | undefined {
    return local ? zonedTimeToUtc(local, this.facility.timeZone) : undefined;
  }

  private async findPatient(mrn: string) {
    const [p] = await this.tx
      .select()
      .from(patients)
      .where(
        and(eq(patients.corporateStructureId, this.facility.corporateStructureId), eq(patients.mrn, mrn)),
      );
    return p;
  }

  private async findVisit(patientId: number, visitNumber: string) {
    const [v] = await this.tx
      .select()
      .from(visits)
      .where(and(eq(visits.patientId, patientId), eq(visits.visitNumber, visitNumber)))
      .orderBy(visits.id)
      .limit(1);
    return v;
  }

  async update(row: ParsedRow): Promise<void> {
    const v = row.patient;
    const adt = others(v, (k) => PATIENT_COLUMNS.has(k));
    const columns = given({
      lastName: v['PID.5.1'],
      firstName: v['PID.5.2'],
      middleName: v['PID.5.3'],
      dateOfBirth: v['PID.7.1']?.slice(0, 10),
      sex: v['PID.8.1'] ?? v['PID.8.0'],
    });
    let patient = await this.findPatient(row.mrn);
    if (patient) {
      const next = { ...columns, adt: { ...patient.adt, ...adt } };
      await this.tx.update(patients).set(next).where(eq(patients.id, patient.id));
      this.changes.update(
        'patient',
        patient.id,
        row.mrn,
        rowFields('patient', patient),
        fieldValues(columns, adt),
      );
      if (!this.patientsAdded.has(patient.id)) this.patientsUpdated.add(patient.id);
    } else {
      [patient] = await this.tx
        .insert(patients)
        .values({
          corporateStructureId: this.facility.corporateStructureId,
          mrn: row.mrn,
          lastName: columns.lastName ?? '',
          firstName: columns.firstName ?? '',
          middleName: columns.middleName ?? null,
          dateOfBirth: columns.dateOfBirth ?? null,
          sex: columns.sex ?? null,
          adt,
        })
        .returning();
      this.patientsAdded.add(patient!.id);
      this.changes.insert('patient', patient!.id, row.mrn);
    }
    if (!row.visitNumber) return;
    const visitId = await this.upsertVisit(patient!.id, row);
    const orderNumber = first(row.order, ORDER_NUMBER_KEYS);
    if (orderNumber) await this.upsertOrder(visitId, orderNumber, row.order);
  }

  private async upsertVisit(patientId: number, row: ParsedRow): Promise<number> {
    const v = row.visit;
    const adt = others(v, (k) => VISIT_COLUMNS.has(k));
    const columns = given({
      patientClass: v['PV1.2.1'],
      admittedAt: this.at(v['PV1.44.1']),
      dischargedAt: this.at(v['PV1.45.1']),
    });
    const visit = await this.findVisit(patientId, row.visitNumber!);
    if (visit) {
      await this.tx
        .update(visits)
        .set({ ...columns, adt: { ...visit.adt, ...adt } })
        .where(eq(visits.id, visit.id));
      this.changes.update(
        'visit',
        visit.id,
        row.visitNumber!,
        rowFields('visit', visit),
        fieldValues(columns, adt),
      );
      if (!this.visitsAdded.has(visit.id)) this.visitsUpdated.add(visit.id);
      return visit.id;
    }
    const [made] = await this.tx
      .insert(visits)
      .values({ patientId, visitNumber: row.visitNumber!, ...columns, adt })
      .returning({ id: visits.id });
    this.visitsAdded.add(made!.id);
    this.changes.insert('visit', made!.id, row.visitNumber!);
    return made!.id;
  }

  private async upsertOrder(visitId: number, orderNumber: string, values: Record<string, string>) {
    const skip = new Set([...ORDER_NUMBER_KEYS, ...ORDER_DESCRIPTION_KEYS, ...ORDER_TIME_KEYS]);
    const adt = others(values, (k) => skip.has(k));
    const columns = given({
      description: first(values, ORDER_DESCRIPTION_KEYS),
      orderedAt: this.at(first(values, ORDER_TIME_KEYS)),
    });
    const [order] = await this.tx
      .select()
      .from(orders)
      .where(and(eq(orders.visitId, visitId), eq(orders.orderNumber, orderNumber)))
      .limit(1);
    if (order) {
      await this.tx
        .update(orders)
        .set({ ...columns, adt: { ...order.adt, ...adt } })
        .where(eq(orders.id, order.id));
      this.changes.update(
        'order',
        order.id,
        orderNumber,
        rowFields('order', order),
        fieldValues(columns, adt),
      );
    } else {
      const [made] = await this.tx
        .insert(orders)
        .values({
          visitId,
          orderNumber,
          description: columns.description ?? '',
          orderedAt: columns.orderedAt,
          adt,
        })
        .returning({ id: orders.id });
      this.changes.insert('order', made!.id, orderNumber);
    }
  }

  /** Deletes the row's visit and its orders, unless a job refers to either; never the patient. */
  async delete(row: ParsedRow): Promise<void> {
    if (!row.visitNumber) return;
    const patient = await this.findPatient(row.mrn);
    const visit = patient && (await this.findVisit(patient.id, row.visitNumber));
    if (!visit) return;
    const visitOrders = await this.tx.select().from(orders).where(eq(orders.visitId, visit.id));
    const orderIds = visitOrders.map((o) => o.id);
    const [job] = await this.tx.select({ id: jobs.id }).from(jobs).where(eq(jobs.visitId, visit.id)).limit(1);
    const [ordered] = orderIds.length
      ? await this.tx
          .select({ id: jobOrders.jobId })
          .from(jobOrders)
          .where(inArray(jobOrders.orderId, orderIds))
          .limit(1)
      : [];
    if (job || ordered) {
      this.warnings.push(message('schedule.visitInUse', { row: row.row, visit: row.visitNumber }));
      this.rowsSkipped++;
      return;
    }
    if (orderIds.length) await this.tx.delete(orders).where(inArray(orders.id, orderIds));
    await this.tx.delete(visits).where(eq(visits.id, visit.id));
    this.changes.deleteVisit(visit.id, row.visitNumber, {
      visit: { ...visit },
      orders: visitOrders.map((o) => ({ ...o })),
    });
    this.visitsDeleted++;
  }
}

/** Reads the stored file and its mapping (outside the transaction: PGlite has one connection). */
async function prepare(ctx: AppContext, upload: UploadRow, facility: ScheduleFacility) {
  const mapping = upload.mapping as StoredMapping;
  const sheet = await readStoredSheet(ctx, upload);
  const offered = await listOfferedDefinitions(ctx, facility, mapping.actionType);
  const kind = upload.kind as ScheduleKind;
  const check = checkMapping({ sheet, items: mapping.items, offered, actionType: mapping.actionType, kind });
  // The facility's definitions changed since the submit: nothing is applied.
  if (check.errors.length) throw new PermanentFailure('mapping no longer valid');
  const parsed = parseRows({
    sheet,
    resolved: check.resolved,
    offered,
    defaultValues: mapping.defaultValues,
    actionType: mapping.actionType,
  });
  return { rowsTotal: sheet.rows.length, parsed };
}

/** The states an upload is worked out from (its preview), and the state the confirm leaves it in. */
const TO_PREVIEW = ['queued', 'processing'];
const CONFIRMED = 'confirmed';
const isConfirmed = (status: string, result: Partial<ImportResult>) =>
  status === CONFIRMED || (status === 'failed' && typeof result.confirmedAt === 'string');
const isToPreview = (status: string, result: Partial<ImportResult>) =>
  TO_PREVIEW.includes(status) || (status === 'failed' && typeof result.confirmedAt !== 'string');

/** Ends the import's transaction without keeping anything: the preview it worked out goes with it. */
class Rollback extends Error {
  constructor(readonly result: ImportResult) {
    super('rolled back');
  }
}

/** Every row by its action, then the jobs of the changed records (written only when `write`). */
async function workOut(
  tx: Tx,
  facility: ScheduleFacility,
  parsed: ParsedSheet,
  rowsTotal: number,
  write: boolean,
) {
  const applier = new Applier(tx, facility);
  for (const row of parsed.rows) {
    if (row.action === 'update') await applier.update(row);
    else if (row.action === 'delete') await applier.delete(row);
  }
  const records = applier.changes.changes();
  const effects = await uploadJobEffects(tx, records, write);
  const result: ImportResult = {
    rowsTotal,
    patientsAdded: applier.patientsAdded.size,
    patientsUpdated: applier.patientsUpdated.size,
    visitsAdded: applier.visitsAdded.size,
    visitsUpdated: applier.visitsUpdated.size,
    visitsDeleted: applier.visitsDeleted,
    rowsSkipped: parsed.rowsSkipped + applier.rowsSkipped,
    warnings: capWarnings([...parsed.warnings, ...applier.warnings], SCHEDULE_LIMITS.maxWarnings),
    error: null,
    jobsChanged: effects.jobs.filter((j) => !j.final).length,
    jobsFinal: effects.jobs.filter((j) => j.final).length,
  };
  return { applier, records, effects, result };
}

const idsOf = (jobs: UploadJob[], final: boolean) =>
  jobs
    .filter((j) => j.final === final)
    .map((j) => j.jobId)
    .slice(0, UPLOAD_EFFECT_LIMITS.listedJobs);

/**
 * Works out a queued upload, or applies a confirmed one (issue 39: docs/decisions.md "Uploads
 * preview first"). Queued: every row is run in a transaction that is rolled back — nothing is
 * kept — and what it would change (patients, visits, orders, and the jobs of those patients and
 * visits, final ones marked) is kept as the upload's preview (status preview). Confirmed: the same
 * run in one transaction with the jobs locked; a job final by now is left alone, and when the
 * records or the other jobs would change otherwise than previewed nothing is applied and the new
 * preview is shown instead (status preview, changedSincePreview). Otherwise the changes are kept
 * in upload_changes (Revert), status done with the counts, audited. Any other upload is left alone,
 * so running twice is safe. On an error nothing is applied; the upload is marked failed with a
 * message (no patient data is logged), and the error is thrown again for pg-boss to retry unless
 * it is permanent or the last try.
 */
export async function importScheduleUpload(
  ctx: AppContext,
  uploadId: number,
  opts: { finalAttempt?: boolean } = {},
): Promise<void> {
  const { db } = ctx.database;
  const [upload] = await db.select().from(uploads).where(eq(uploads.id, uploadId));
  if (!upload?.mapping) return;
  const previous = (upload.result ?? {}) as Partial<ImportResult>;
  const applying = isConfirmed(upload.status, previous);
  if (!applying && !isToPreview(upload.status, previous)) return;
  const [facility] = upload.clientFacilityId
    ? await db.select().from(clientFacilities).where(eq(clientFacilities.id, upload.clientFacilityId))
    : [];
  const audit = {
    action: 'schedule.import',
    accountId: upload.accountId,
    corporateStructureId: facility?.corporateStructureId ?? null,
  };
  const kept = { confirmedAt: previous.confirmedAt, confirmedBy: previous.confirmedBy };
  try {
    if (!facility) throw new PermanentFailure('facility gone');
    const { rowsTotal, parsed } = await prepare(ctx, upload, facility);
    const outcome = await db.transaction(async (tx) => {
      const [locked] = await tx
        .select({ status: uploads.status, result: uploads.result })
        .from(uploads)
        .where(eq(uploads.id, uploadId))
        .for('update');
      const now = (locked?.result ?? {}) as Partial<ImportResult>;
      if (!locked || (applying ? !isConfirmed(locked.status, now) : !isToPreview(locked.status, now)))
        return null;
      const plan = await workOut(tx, facility, parsed, rowsTotal, applying);
      const preview = storedPreview(plan.records, plan.effects, applying);
      if (!applying || !now.preview || !samePlan(now.preview.fingerprint, preview.fingerprint))
        throw new Rollback({ ...plan.result, preview });
      const result: ImportResult = {
        ...plan.result,
        changesKept: true,
        changedJobIds: idsOf(plan.effects.jobs, false),
        finalJobIds: idsOf(plan.effects.jobs, true),
        preview: now.preview,
        ...kept,
      };
      await plan.applier.changes.write(tx, uploadId, plan.effects.changes);
      await tx.update(uploads).set({ status: 'done', result }).where(eq(uploads.id, uploadId));
      const {
        warnings: _w,
        error: _e,
        changesKept: _k,
        preview: _p,
        changedJobIds: _c,
        finalJobIds: _f,
        ...counts
      } = result;
      await recordAudit(
        ctx,
        {
          ...audit,
          outcome: 'success',
          detail: { uploadId, kind: upload.kind, actionType: upload.actionType, ...counts },
        },
        tx,
      );
      return result;
    });
    if (outcome) ctx.log.info({ uploadId, rows: outcome.rowsTotal }, 'schedule upload imported');
  } catch (err) {
    if (err instanceof Rollback) {
      await keepPreview(ctx, upload, err.result, applying, audit);
      return;
    }
    const permanent = err instanceof PermanentFailure || err instanceof DomainError;
    const text = err instanceof DomainError ? err.message : message('schedule.processingError');
    // Never the error's message: a database error can quote the row's values.
    ctx.log.warn(
      { uploadId, err: { name: (err as Error).name, code: (err as { code?: string }).code } },
      'schedule upload failed',
    );
    await db
      .update(uploads)
      .set({ status: 'failed', result: { ...previous, error: text } })
      .where(eq(uploads.id, uploadId));
    await recordAudit(ctx, { ...audit, outcome: 'failure', detail: { uploadId, kind: upload.kind } });
    if (!permanent && !opts.finalAttempt) throw err;
  }
}

/** The worked-out changes become the upload's preview, unless it was cancelled (or confirmed) meanwhile. */
async function keepPreview(
  ctx: AppContext,
  upload: UploadRow,
  result: ImportResult,
  applying: boolean,
  audit: { action: string; accountId: number; corporateStructureId: number | null },
) {
  const from = applying ? [CONFIRMED, 'failed'] : [...TO_PREVIEW, 'failed'];
  await ctx.database.db
    .update(uploads)
    .set({ status: 'preview', result })
    .where(and(eq(uploads.id, upload.id), inArray(uploads.status, from)));
  const { warnings: _w, error: _e, preview, ...counts } = result;
  await recordAudit(ctx, {
    ...audit,
    action: 'schedule.preview',
    outcome: 'success',
    detail: {
      uploadId: upload.id,
      kind: upload.kind,
      ...counts,
      changedSincePreview: preview?.changedSincePreview ?? false,
    },
  });
  ctx.log.info({ uploadId: upload.id, rows: result.rowsTotal }, 'schedule upload previewed');
}
