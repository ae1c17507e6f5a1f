import {
  type HoldQueueFlag,
  isDistributionStage,
  needsSignature,
  SAVE_MODES,
  type SaveMode,
  STAGES,
  saveOutcome,
} from '@quill/core';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { bookings, jobs, recipients, workTypeSigning } from '../../db/schema/index.js';
import { auditJob } from '../audit/auditJob.js';
import { startDistribution } from '../delivery/startDistribution.js';
import { identityRelease } from '../jobEditor/holdQueue/identityRelease.js';
import { replaceJobFlags } from '../jobEditor/holdQueue/jobFlags.js';
import { type AddendumBooking, untouchedAddendum } from '../signing/addendumText.js';
import type { AppliedJobData } from './applyJobData.js';
import type { SaveRules } from './holdQueueRules.js';
import type { Job, SaveStep } from './saveRequest.js';

/** The distribution methods of the recipients a save checked that it keeps (no repeats). */
export function liveMethods(checked: NonNullable<AppliedJobData['liveRecipients']>): string[] {
  return [...new Set(checked.filter((r) => !r.removed).map((r) => r.distributionMethod))];
}

/** The recipients as this save left them: those it checked, or (no job data) as stored. */
async function distributionMethods(tx: Db, jobId: number, checked: AppliedJobData['liveRecipients']) {
  if (checked) return liveMethods(checked);
  const stored = await tx
    .selectDistinct({ method: recipients.distributionMethod })
    .from(recipients)
    .where(and(eq(recipients.jobId, jobId), eq(recipients.removed, false)));
  return stored.map((m) => m.method);
}

/**
 * Whether the job's work type needs a signature (issue 43): a work type without a
 * work_type_signing row does; one whose row says requires_signature false skips ES.
 */
export async function workTypeRequiresSignature(tx: Db, workTypeId: number | null): Promise<boolean> {
  if (workTypeId === null) return true;
  const [row] = await tx
    .select({ requires: workTypeSigning.requiresSignature })
    .from(workTypeSigning)
    .where(eq(workTypeSigning.workTypeId, workTypeId));
  return row?.requires ?? true;
}

/** Where a save with a mode leaves the job: its stage, and its flags (null: left as they were). */
export interface SettledStage {
  stageId: number;
  flags: HoldQueueFlag[] | null;
}

/**
 * Step 6 of a save's transaction, for a save mode: the stage the mode gives (core saveOutcome:
 * the rules, the signature — unless the work type needs none —, the distribution methods), no release past a failing patient-identity
 * rule unless confirmed (issue 39: 409 rolls the save back; a confirmation writes its
 * 'job.identity.confirm' audit row), the flags written or cleared as the outcome says, and the
 * booking released unless the job stays booked. An addendum booking whose text is unchanged
 * (addendumText.ts) ends with the job Finished as it was.
 */
export async function settleStage(
  { ctx, tx, auth, req, ip }: SaveStep,
  mode: SaveMode,
  at: { locked: Job; booking: AddendumBooking; job: AppliedJobData; rules: SaveRules },
): Promise<SettledStage> {
  const { locked, booking, job, rules } = at;
  if (mode !== SAVE_MODES.saveOnly && untouchedAddendum(booking)) {
    // Issue 43: an addendum booking whose text is unchanged ends with the job Finished, as it was.
    await tx.delete(bookings).where(eq(bookings.jobId, req.jobId));
    return { stageId: STAGES.finished.id, flags: null };
  }
  const outcome = saveOutcome({
    mode,
    currentStageId: locked.stageId,
    fromStageId: booking.restoreStageId ?? locked.stageId,
    anyTriggered: rules.triggered.length > 0,
    needsSignature: needsSignature(job.after, await workTypeRequiresSignature(tx, job.after.workTypeId)),
    distributionMethods: await distributionMethods(tx, req.jobId, job.liveRecipients),
  });
  const released = identityRelease(req.jobId, rules.rows, outcome.stageId, req.identityConfirmation);
  if (released) await auditJob(ctx, auth, locked, 'job.identity.confirm', ip, { ...released }, tx);
  let flags: HoldQueueFlag[] | null = null;
  if (outcome.flags !== null) {
    flags = outcome.flags === 'write' ? rules.triggered : [];
    await replaceJobFlags(tx, req.jobId, flags);
  }
  if (!outcome.keepBooking) await tx.delete(bookings).where(eq(bookings.jobId, req.jobId));
  return { stageId: outcome.stageId, flags };
}

/**
 * Step 6, once the job row holds the new version and stage: a save that leaves the job in a
 * distribution stage (8, 9, 10) starts the automatic distribution of that version (issue 43,
 * services/delivery/startDistribution.ts) in the save's transaction — the deliveries and their
 * tasks exist exactly when the save does. A save that leaves it waiting for its signature (ES)
 * sends the preliminary copies first when its work type asks for pre-sign distribution; the final
 * ones follow the signature.
 */
export async function distributeWhenDue({ ctx, tx, req }: SaveStep, settled: SettledStage): Promise<void> {
  if (isDistributionStage(settled.stageId)) await startDistribution(ctx, tx, req.jobId);
  else if (settled.stageId === STAGES.eSignature.id && (await preSignDistribution(tx, req.jobId))) {
    await startDistribution(ctx, tx, req.jobId, { preliminary: true });
  }
}

/** Whether the job's work type distributes preliminary copies before signing (work_type_signing). */
async function preSignDistribution(tx: Db, jobId: number): Promise<boolean> {
  const [row] = await tx
    .select({ pre: workTypeSigning.preSignDistribution })
    .from(jobs)
    .innerJoin(workTypeSigning, eq(workTypeSigning.workTypeId, jobs.workTypeId))
    .where(eq(jobs.id, jobId));
  return row?.pre === true;
}
