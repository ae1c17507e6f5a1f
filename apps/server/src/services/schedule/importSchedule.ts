import { message, SCHEDULE_LIMITS, UPLOAD_EFFECT_LIMITS, type UploadJob } from '@quill/core';
import { and, eq, inArray } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import type { Tx } from '../../db/client.js';
import { clientFacilities, uploads } from '../../db/schema/index.js';
import { DomainError } from '../../errors/domainErrors.js';
import { recordAudit } from '../audit/recordAudit.js';
import { readStoredSheet, type UploadRow } from './loadScheduleUpload.js';
import { checkMapping, type StoredMapping } from './mappingRules.js';
import { capWarnings, type ParsedSheet, parseRows } from './parseRows.js';
import { RecordApplier } from './recordApplier.js';
import { listOfferedDefinitions, type ScheduleFacility, type ScheduleKind } from './scheduleFacility.js';
import { uploadJobEffects } from './uploadJobs.js';
import { type StoredPreview, samePlan, storedPreview } from './uploadPlan.js';

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
  const applier = new RecordApplier(tx, facility);
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
