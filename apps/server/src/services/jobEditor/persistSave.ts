import {
  type CdaEdits,
  HIM_COMPONENT_TYPE,
  type HoldQueueFlag,
  type IdentityConfirmation,
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
import { and, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/client.js';
import { bookings, documentVersions, jobs, recipients } from '../../db/schema/index.js';
import { conflict, forbidden, invalid } from '../../errors/domainErrors.js';
import { adtChangeSummary, adtPlanChanges } from '../adt/planJobAdt.js';
import { auditJob } from '../audit/auditJob.js';
import type { Auth } from '../auth/resolveSession.js';
import { jobNotFound } from '../jobAccess/requireJob.js';
import { applyDocumentEdits } from './applyDocumentEdits.js';
import { jobWithWorkingDocument } from './currentDocument.js';
import { cdaTextOf, narrativeLength } from './documentText.js';
import { settleDocumentPatientFlag } from './holdQueue/documentPatientFlag.js';
import { evaluateJobRules } from './holdQueue/evaluateJobRules.js';
import { readJobDocumentFacts } from './holdQueue/holdQueueFacts.js';
import { identityRelease } from './holdQueue/identityRelease.js';
import { replaceJobFlags, triggeredFlags } from './holdQueue/jobFlags.js';
import { refuseSaveModeOutsideLimits } from './plannedRecipients.js';
import { followWordEdit, storeNewDocument } from './saveDocument.js';
import { lockJobAndBooking, readSaveDocumentState } from './saveState.js';
import { changesText, voidSignatureOnEdit } from './voidSignature.js';
import { checkJobData, jobDataColumns, writeJobDataRows } from './writeJobData.js';

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
  /** Releases the job although a patient-identity rule fails (issue 39; otherwise 409, nothing saved). */
  identityConfirmation?: IdentityConfirmation | null;
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
 * rules where the mode runs them (on the new ADT too), force re-sign when the text of a signed job
 * changes (voidSignature.ts, issue 39), the stage the mode gives, the version + 1,
 * the booking released unless the job stays booked, the audit row.
 */
export async function persistSave(
  ctx: AppContext,
  auth: Auth,
  req: SaveRequest,
  ip: string | null,
): Promise<SaveJobResult> {
  const { jobId } = req;
  const runsRules = req.mode !== 'text' && req.mode !== 'data' && saveModeRunsRules(req.mode);
  // The job (404 as requireJob) and its current document in one statement, before the
  // transaction — when the save reads the text, writes a document or finishes; a save of the job
  // data alone reads the job once, locked (an import since bumped the version: 409 below).
  const read =
    req.cda || req.docx || runsRules || req.mode === SAVE_MODES.finish
      ? await readJob(ctx, auth, jobId)
      : null;
  if ((req.cda || req.docx) && !auth.permissions.has('jobEditText'))
    throw forbidden(message('job.noEditTextPermission'));
  if (read && req.mode === SAVE_MODES.finish && read.job.componentType.toUpperCase() !== HIM_COMPONENT_TYPE)
    throw invalid(message('job.finishNotHim'));
  const current = read ? await cdaTextOf(ctx, read.doc) : null;
  if (req.cda && !current) throw invalid(message('job.noDocumentToEdit', { jobId }));
  // A transcription's starting draft (issue 27) becomes the job's first document on any save that
  // reads it, edited or not; it is never edited in place.
  const fromDraft = current?.doc.isDraft === true;
  const edited =
    req.cda && current ? await applyDocumentEdits(ctx, current.xml, req.cda) : fromDraft ? current.xml : null;
  const blob = await storeNewDocument(ctx, edited, req.docx);
  // Productivity (issue 27): the narrative characters this save added over the text it started from.
  const typedChars =
    edited !== null && current ? Math.max(0, narrativeLength(edited) - narrativeLength(current.xml)) : null;
  // What the text says for the rules, read on a document thread before the transaction.
  const document = runsRules
    ? await readJobDocumentFacts(ctx, read?.doc, edited ?? current?.xml ?? null)
    : null;
  const limitsApply = req.mode === SAVE_MODES.moveOn || req.mode === SAVE_MODES.finish;
  // Issue 39: whether the save changes the text a signature covers (a starting draft is unsigned).
  const textChanged = changesText(
    current ? (fromDraft ? null : { ...current.doc, xml: current.xml }) : read?.doc,
    blob && { ...blob, xml: edited },
  );

  return ctx.database.db.transaction(async (tx) => {
    const held = await lockJobAndBooking(tx, jobId, auth.accountId!, req.holder);
    if (!held || !auth.corporateStructureIds.includes(held.locked.corporateStructureId)) {
      // Not this account's job, or (as requireLiveBooking) no live booking with this cookie.
      const [job] = held ? [held.locked] : await tx.select().from(jobs).where(eq(jobs.id, jobId));
      if (!job || !auth.corporateStructureIds.includes(job.corporateStructureId))
        throw jobNotFound(jobId, job);
      throw conflict(message('job.bookingNotLive', { jobId }), 'booking_not_live');
    }
    const { locked, booking } = held;
    const state = await readSaveDocumentState(tx, jobId);
    const inTx = state.current;
    // The versions since a Word edit started are the booking's own PutFiles: not newer.
    const ownWordVersions =
      req.wordEdit === true && booking.wordBaseVersion !== null && req.version === booking.wordBaseVersion;
    const stale =
      (req.version !== null && req.version !== locked.version && !ownWordVersions) ||
      // The CDA read before the transaction is still the job's text (an import did not replace it).
      (read !== null && (current?.doc.id ?? null) !== (inTx?.format === 'CDA' ? inTx.id : null));
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
    // The job as this save leaves it (its own columns are written once, with the version, below).
    let after = locked;
    let columns: Partial<typeof jobs.$inferInsert> = {};
    let liveRecipients: readonly { distributionMethod: string; removed: boolean }[] | null = null;
    if (req.jobData) {
      const checked = await checkJobData(tx, auth, locked, req.jobData, 'save', { workType: limitsApply });
      refuseSaveModeOutsideLimits(locked, req.mode, checked.recipients, checked.workType);
      const recipientChanges = await writeJobDataRows(tx, auth, locked, checked, auth.username);
      columns = jobDataColumns(locked, checked);
      after = { ...locked, ...columns } as typeof locked;
      liveRecipients = checked.recipients;
      if (adtPlanChanges(checked.adt))
        await auditJob(ctx, auth, locked, 'adt.save', ip, adtChangeSummary(checked.adt), tx);
      if (recipientChanges)
        await auditJob(ctx, auth, locked, 'job.recipients.save', ip, { ...recipientChanges }, tx);
    }
    const next = Math.max(locked.version, state.newestVersion ?? 0) + 1;
    const mode = req.mode;
    const draftCopy = mode === SAVE_MODES.draft;
    const source = req.docx ? 'wopi' : 'save';
    // A signed text is never changed silently: force re-sign, and the booking returns it to ES.
    const waitingStageId = booking.restoreStageId ?? locked.stageId;
    const at = { waitingStageId, booked: true, textChanged, via: source };
    const voided = await voidSignatureOnEdit(ctx, tx, auth, after, at, ip);
    if (voided) {
      columns = { ...columns, ...voided };
      after = { ...after, ...voided } as typeof locked;
    }
    const draftSource = blob ?? (inTx ? { key: inTx.blobKey, size: inTx.size, format: inTx.format } : null);
    const newVersions = [
      ...(blob ? [{ ...blob, isDraft: false }] : []),
      ...(draftCopy && draftSource ? [{ ...draftSource, isDraft: true }] : []),
    ];
    if (newVersions.length) {
      await tx.insert(documentVersions).values(
        newVersions.map((v) => ({
          jobId,
          version: next,
          format: v.format,
          blobKey: v.key,
          size: v.size,
          isDraft: v.isDraft,
          source,
          typedChars: v.isDraft ? null : typedChars,
          createdByAccountId: auth.accountId,
        })),
      );
    }
    let stageId = locked.stageId;
    let flags: HoldQueueFlag[] | null = null;
    if (mode !== 'text' && mode !== 'data') {
      const rows = saveModeRunsRules(mode) ? await evaluateJobRules(ctx, tx, after, document) : [];
      const triggered = triggeredFlags(rows);
      // The recipients as this save left them: those it checked, or (no job data) as stored.
      const methods = liveRecipients
        ? [...new Set(liveRecipients.filter((r) => !r.removed).map((r) => r.distributionMethod))]
        : (
            await tx
              .selectDistinct({ method: recipients.distributionMethod })
              .from(recipients)
              .where(and(eq(recipients.jobId, jobId), eq(recipients.removed, false)))
          ).map((m) => m.method);
      const outcome = saveOutcome({
        mode,
        currentStageId: locked.stageId,
        fromStageId: booking.restoreStageId ?? locked.stageId,
        anyTriggered: triggered.length > 0,
        needsSignature: !after.signed || after.forceResign,
        distributionMethods: methods,
      });
      stageId = outcome.stageId;
      // Issue 39: no release past a failing patient-identity rule unless confirmed (409 rolls back).
      const released = identityRelease(jobId, rows, stageId, req.identityConfirmation);
      if (released) await auditJob(ctx, auth, locked, 'job.identity.confirm', ip, { ...released }, tx);
      if (outcome.flags !== null) {
        flags = outcome.flags === 'write' ? triggered : [];
        await replaceJobFlags(tx, jobId, flags);
      }
      if (!outcome.keepBooking) await tx.delete(bookings).where(eq(bookings.jobId, jobId));
    }
    // Issue 40: flags left as they were still lose the document-patient flag once the two agree.
    if (flags === null) await settleDocumentPatientFlag(ctx, tx, after);
    await followWordEdit(tx, jobId, booking, req.holder, locked.version);
    await req.afterSave?.(tx, next);
    await tx
      .update(jobs)
      .set({
        ...columns,
        version: next,
        stageId,
        ...(blob
          ? {
              edited: true,
              editedVia: 'Quill',
              documentType: blob.format,
              // Turnaround (issue 27): the first text stored, and who stored it in Quill.
              firstTextAt: sql`coalesce(${jobs.firstTextAt}, now())`,
              transcribedByAccountId: sql`coalesce(${jobs.transcribedByAccountId}, ${auth.accountId}::int)`,
            }
          : {}),
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
    // Flags this save did not rewrite are as read under the lock.
    const finalFlags = flags ?? state.flags;
    return { success: true, version: next, stageId, stageName: stageName(stageId) ?? '', flags: finalFlags };
  });
}

/** The job the account may see (404 otherwise, as requireJob) with its working document. */
async function readJob(ctx: AppContext, auth: Auth, jobId: number) {
  const read = await jobWithWorkingDocument(ctx.database.db, jobId);
  if (!read || !auth.corporateStructureIds.includes(read.job.corporateStructureId))
    throw jobNotFound(jobId, read?.job);
  return read;
}
