import { type SaveJobResult, stageName } from '@quill/core';
import type { AppContext } from '../../context.js';
import type { Auth } from '../auth/auth.js';
import { settleDocumentPatientFlag } from '../jobEditor/holdQueue/documentPatientFlag.js';
import { addendumOnSave } from '../signing/addendumText.js';
import { applyJobData } from './applyJobData.js';
import { auditSave } from './auditSave.js';
import { readSaveDocumentState } from './documentState.js';
import { insertDocumentVersions } from './documentVersions.js';
import { runSaveRules } from './holdQueueRules.js';
import { lockSaveBooking } from './lockBooking.js';
import { prepareSave } from './prepareSave.js';
import { isModeSave, type SaveRequest, type SaveStep } from './saveRequest.js';
import { voidSignatureOnSave } from './signedText.js';
import { distributeWhenDue, type SettledStage, settleStage } from './stageAndDistribution.js';
import { refuseStale } from './staleVersion.js';
import { nextVersion, writeJobRow } from './version.js';
import { followWordEdit } from './wordEdit.js';

/**
 * Saves a booked-out job in ONE transaction, so a crash leaves it fully saved or unchanged: the
 * save pipeline's steps in order (docs/architecture.md, "The save pipeline"). Before the
 * transaction (prepareSave.ts): the job (404), what the save may do (403/400), the new document
 * built (400) and its blob written. Inside, with the job row locked: the live booking (lockBooking,
 * 409), the base version (staleVersion, 409, nothing changed), the job data (applyJobData), an
 * addendum's mark and re-sign (addendumText) or else force re-sign when a signed text changes
 * (signedText), the new document version (documentVersions),
 * for a save mode the rules and the stage with its flags and booking (holdQueueRules,
 * stageAndDistribution), the Word edit's base (wordEdit), the caller's own write (`afterSave`), the
 * job row with the version + 1 (version) and the audit row (auditSave).
 */
export async function persistSave(
  ctx: AppContext,
  auth: Auth,
  req: SaveRequest,
  ip: string | null,
): Promise<SaveJobResult> {
  const prepared = await prepareSave(ctx, auth, req);
  const { blob } = prepared;
  return ctx.database.db.transaction(async (tx) => {
    const step: SaveStep = { ctx, tx, auth, req, ip };
    const { locked, booking } = await lockSaveBooking(tx, auth, req);
    const state = await readSaveDocumentState(tx, req.jobId);
    refuseStale({ req, locked, booking, readDocumentId: prepared.readDocumentId, inTx: state.current });
    const data = await applyJobData(step, locked);
    const version = nextVersion(locked.version, state.newestVersion);
    const { textChanged, typedChars } = prepared;
    const { current } = state;
    const writesDocument = blob !== null;
    const addendum = await addendumOnSave(step, {
      locked,
      booking,
      job: data,
      current,
      writesDocument,
      textChanged,
    });
    const held = addendum?.booking ?? booking;
    const job = addendum?.job ?? (await voidSignatureOnSave(step, locked, booking, data, textChanged));
    const mark = addendum?.mark ?? null;
    await insertDocumentVersions(step, { version, blob, typedChars, current, addendum: mark });
    let settled: SettledStage = { stageId: locked.stageId, flags: null };
    if (isModeSave(req.mode)) {
      const rules = await runSaveRules(step, req.mode, job.after, prepared.document);
      const at = { locked, booking: held, job: { ...job, liveRecipients: data.liveRecipients }, rules };
      settled = await settleStage(step, req.mode, at);
    }
    // Issue 40: flags left as they were still lose the document-patient flag once the two agree.
    if (settled.flags === null) await settleDocumentPatientFlag(ctx, tx, job.after);
    await followWordEdit(tx, req.jobId, booking, req.holder, locked.version);
    await req.afterSave?.(tx, version);
    const { stageId } = settled;
    await writeJobRow(step, { locked, columns: job.columns, version, stageId, blob });
    if (isModeSave(req.mode)) await distributeWhenDue(step, settled);
    await auditSave(step, locked, { version, stageId, blob });
    // Flags this save did not rewrite are as read under the lock.
    const flags = settled.flags ?? state.flags;
    return { success: true, version, stageId, stageName: stageName(stageId) ?? '', flags };
  });
}
