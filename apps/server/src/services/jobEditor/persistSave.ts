import {
  type CdaEdits,
  HIM_COMPONENT_TYPE,
  type HoldQueueFlag,
  type JobDataRequest,
  message,
  SAVE_MODES,
  type SaveJobResult,
  type SaveMode,
  STAGES,
  saveModeRunsRules,
  saveOutcome,
  stageName,
} from '@quill/core';
import { and, eq, max, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/client.js';
import { bookings, documentVersions, jobFlags, jobs, recipients } from '../../db/schema/index.js';
import { conflict, forbidden, invalid, notFound } from '../../errors/domainErrors.js';
import { adtChangeSummary, adtPlanChanges } from '../adt/planJobAdt.js';
import { auditJob } from '../audit/auditJob.js';
import type { Auth } from '../auth/resolveSession.js';
import { requireJob } from '../jobAccess/requireJob.js';
import { applyDocumentEdits } from './applyDocumentEdits.js';
import { currentDocument } from './currentDocument.js';
import { currentCdaText } from './documentText.js';
import { evaluateJobRules } from './holdQueue/evaluateJobRules.js';
import { readDocumentFacts } from './holdQueue/holdQueueFacts.js';
import { replaceJobFlags, triggeredFlags } from './holdQueue/jobFlags.js';
import { refuseSaveModeOutsideLimits } from './plannedRecipients.js';
import { followWordEdit, holdingBooking, storeNewDocument } from './saveDocument.js';
import { checkJobData, writeJobData } from './writeJobData.js';

/**
 * Whose booking a save writes under: the job view's booking cookie, or (WOPI PutFile) the lock
 * the account's WOPI client set on its booking.
 */
export type SaveHolder = { bookingCookie: string } | { wopiLock: string };

/**
 * A save: savejob (a save mode with job data), saveCDA ('text'), setjobdata ('data'),
 * saveWordDocument (a save mode; the Word document as the WOPI client's PutFiles left it) or a
 * WOPI PutFile ('text' with a whole Word document).
 */
export interface SaveRequest {
  jobId: number;
  /** The job version the edit was based on (savejob, saveCDA, saveWordDocument, PutFile). */
  version: number | null;
  holder: SaveHolder;
  mode: SaveMode | 'text' | 'data';
  jobData: JobDataRequest | null;
  cda: CdaEdits | null;
  /** A whole Word document (PutFile), already checked to be one: stored as the new version. */
  docx?: Buffer;
  /**
   * saveWordDocument: `version` is where the Word edit started, so the versions this booking's own
   * PutFiles made since (bookings.wordBaseVersion) are not newer.
   */
  wordEdit?: boolean;
  /** Runs in the transaction once the new version is known (PutFile moves its token on). */
  afterSave?: (tx: Db, version: number) => Promise<void>;
}

/**
 * Saves a booked-out job in ONE transaction, so a crash leaves it fully saved or unchanged. Before
 * the transaction: the permission to edit text (403), finish only for HIM jobs (400), the edited
 * document is built (400 for edits that do not fit) and its blob written — a blob without a row is
 * harmless, a row without its blob is not. Inside, with the job row locked: the live booking of
 * this account by its cookie or its WOPI lock (409), the base version (409 stale, nothing
 * changed), the job data with its ADT
 * and recipients (400/403; Move On and Finish only with the addressees within the work type's
 * limits, 400 — spec 02 §5; an ADT change writes its own 'adt.save' audit row, a recipient change
 * its 'job.recipients.save' row), a new document version (and a draft copy in draft mode), the
 * rules where the mode runs them (on the new ADT too), the stage the mode gives, the version + 1,
 * the booking released unless the job stays booked, the audit row.
 */
export async function persistSave(
  ctx: AppContext,
  auth: Auth,
  req: SaveRequest,
  ip: string | null,
): Promise<SaveJobResult> {
  const { jobId } = req;
  const job = await requireJob(ctx, auth, jobId);
  if ((req.cda || req.docx) && !auth.permissions.has('jobEditText'))
    throw forbidden(message('job.noEditTextPermission'));
  if (req.mode === SAVE_MODES.finish && job.componentType.toUpperCase() !== HIM_COMPONENT_TYPE)
    throw invalid(message('job.finishNotHim'));
  const current = await currentCdaText(ctx, jobId);
  if (req.cda && !current) throw invalid(message('job.noDocumentToEdit', { jobId }));
  const edited = req.cda && current ? await applyDocumentEdits(ctx, current.xml, req.cda) : null;
  const blob = await storeNewDocument(ctx, edited, req.docx);
  // What the text says for the rules, read on a document thread before the transaction.
  const document =
    req.mode !== 'text' && req.mode !== 'data' && saveModeRunsRules(req.mode)
      ? await readDocumentFacts(ctx, edited ?? current?.xml ?? null)
      : null;

  return ctx.database.db.transaction(async (tx) => {
    const [locked] = await tx.select().from(jobs).where(eq(jobs.id, jobId)).for('update');
    if (!locked) throw notFound(message('job.notFound', { jobId }));
    const booking = await holdingBooking(tx, jobId, auth.accountId!, req.holder);
    const [newest] = await tx
      .select({ version: max(documentVersions.version) })
      .from(documentVersions)
      .where(eq(documentVersions.jobId, jobId));
    const inTx = await currentDocument(tx, jobId);
    // The versions since a Word edit started are the booking's own PutFiles: not newer.
    const ownWordVersions =
      req.wordEdit === true && booking.wordBaseVersion !== null && req.version === booking.wordBaseVersion;
    const stale =
      (req.version !== null && req.version !== locked.version && !ownWordVersions) ||
      // The CDA read before the transaction is still the job's text (an import did not replace it).
      (current?.doc.id ?? null) !== (inTx?.format === 'CDA' ? inTx.id : null);
    if (stale) {
      throw conflict(
        message('job.staleVersion', {
          jobId,
          current: locked.version,
          version: req.version ?? locked.version,
        }),
        'stale_version',
      );
    }
    if (req.jobData) {
      const checked = await checkJobData(tx, auth, locked, req.jobData);
      refuseSaveModeOutsideLimits(locked, req.mode, checked.recipients, checked.workType);
      const recipientChanges = await writeJobData(tx, auth, locked, checked, auth.username);
      if (adtPlanChanges(checked.adt))
        await auditJob(ctx, auth, locked, 'adt.save', ip, adtChangeSummary(checked.adt), tx);
      if (recipientChanges)
        await auditJob(ctx, auth, locked, 'job.recipients.save', ip, { ...recipientChanges }, tx);
    }
    const next = Math.max(locked.version, newest?.version ?? 0) + 1;
    const mode = req.mode;
    const draftCopy = mode === SAVE_MODES.draft;
    const source = req.docx ? 'wopi' : 'save';
    if (blob) {
      await tx.insert(documentVersions).values({
        jobId,
        version: next,
        format: blob.format,
        blobKey: blob.key,
        size: blob.size,
        isDraft: false,
        source,
        createdByAccountId: auth.accountId,
      });
    }
    const draftSource = blob ?? (inTx ? { key: inTx.blobKey, size: inTx.size, format: inTx.format } : null);
    if (draftCopy && draftSource) {
      await tx.insert(documentVersions).values({
        jobId,
        version: next,
        format: draftSource.format,
        blobKey: draftSource.key,
        size: draftSource.size,
        isDraft: true,
        source,
        createdByAccountId: auth.accountId,
      });
    }
    const [after] = await tx.select().from(jobs).where(eq(jobs.id, jobId));
    let stageId = locked.stageId;
    let flags: HoldQueueFlag[] | null = null;
    if (mode !== 'text' && mode !== 'data') {
      const rows = saveModeRunsRules(mode) ? await evaluateJobRules(tx, after!, document) : [];
      const triggered = triggeredFlags(rows);
      const methods = await tx
        .selectDistinct({ method: recipients.distributionMethod })
        .from(recipients)
        .where(and(eq(recipients.jobId, jobId), eq(recipients.removed, false)));
      const outcome = saveOutcome({
        mode,
        currentStageId: locked.stageId,
        fromStageId: booking.restoreStageId ?? locked.stageId,
        anyTriggered: triggered.length > 0,
        needsSignature: !after!.signed || after!.forceResign,
        distributionMethods: methods.map((m) => m.method),
      });
      stageId = outcome.stageId;
      if (outcome.flags !== null) {
        flags = outcome.flags === 'write' ? triggered : [];
        await replaceJobFlags(tx, jobId, flags);
      }
      if (!outcome.keepBooking) await tx.delete(bookings).where(eq(bookings.jobId, jobId));
    }
    await followWordEdit(tx, jobId, booking, req.holder, locked.version);
    await req.afterSave?.(tx, next);
    await tx
      .update(jobs)
      .set({
        version: next,
        stageId,
        ...(blob ? { edited: true, editedVia: 'Quill', documentType: blob.format } : {}),
        ...(stageId === STAGES.manualDistribution.id && stageId !== locked.stageId
          ? { onManualList: true, clearedAt: null }
          : {}),
        updatedAt: sql`now()`,
      })
      .where(eq(jobs.id, jobId));
    await auditJob(
      ctx,
      auth,
      locked,
      mode === 'text' ? 'job.text.save' : mode === 'data' ? 'job.data.save' : 'job.save',
      ip,
      {
        version: next,
        mode,
        stageId,
        document: blob ? 'new' : 'unchanged',
        ...(blob ? { format: blob.format, via: source } : {}),
      },
      tx,
    );
    const finalFlags =
      flags ??
      (await tx
        .select({ code: jobFlags.code, description: jobFlags.description })
        .from(jobFlags)
        .where(eq(jobFlags.jobId, jobId)));
    return { success: true, version: next, stageId, stageName: stageName(stageId) ?? '', flags: finalFlags };
  });
}
