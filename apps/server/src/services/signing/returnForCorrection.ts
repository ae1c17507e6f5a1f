import { DOCUMENT_DATE_FORMATS, formatJobDateTime, message, STAGES, signatureDue } from '@quill/core';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { jobNotes, jobs, signatures } from '../../db/schema/index.js';
import { conflict, forbidden } from '../../errors/domainErrors.js';
import { auditJob } from '../audit/auditJob.js';
import type { Auth } from '../auth/auth.js';
import { facilityTimeZone } from '../jobAccess/facilityTimeZone.js';
import { requireJob } from '../tenantScope/requireJob.js';
import { coversCurrentText } from './currentText.js';
import { readSigningFacts, signerOf } from './signingFacts.js';

/**
 * POST /api/signing/return (issue 43): a job waiting in ES for the account's signature goes back to
 * Transcription with a note saying what to correct — the job's note (jobs.job_note and a job_notes
 * row, as the editor's note save writes it) — and must be signed again: force re-sign, its live
 * signatures voided (a resident's author signature too: the corrected text is signed anew), and
 * the resign reason "Returned for correction on <now, the facility's zone>: <note>". Audited
 * 'job.sign.return' (the stages; no text). Another tenant's job 404; not waiting 409; not this
 * account's to sign 403.
 */
export async function returnForCorrection(
  ctx: AppContext,
  auth: Auth,
  input: { jobId: number; note: string },
  ip: string | null,
): Promise<{ jobId: number; stageId: number }> {
  const job = await requireJob(ctx, auth.scope, input.jobId);
  const signer = await signerOf(ctx, auth);
  const zone = await facilityTimeZone(ctx, job.clientFacilityId);
  return ctx.database.db.transaction(async (tx) => {
    await tx.select({ id: jobs.id }).from(jobs).where(eq(jobs.id, job.id)).for('update');
    const [facts] = await readSigningFacts(tx, eq(jobs.id, job.id));
    if (!facts || facts.stageId !== STAGES.eSignature.id)
      throw conflict(message('signatureRules.notWaiting', { jobId: job.id }), 'not_waiting');
    if (!signatureDue(facts, signer)) throw forbidden(message('signatureRules.notYours', { jobId: job.id }));
    const at = formatJobDateTime(new Date(), zone, DOCUMENT_DATE_FORMATS, { zoneLabel: true });
    const voided = await tx
      .update(signatures)
      .set({ voidedAt: sql`now()` })
      .where(
        and(
          eq(signatures.jobId, job.id),
          isNull(signatures.voidedAt),
          coversCurrentText(signatures.jobId, signatures.jobVersion),
        ),
      )
      .returning({ id: signatures.id });
    await tx
      .update(jobs)
      .set({
        stageId: STAGES.transcription.id,
        jobNote: input.note,
        forceResign: true,
        resignReason: message('signatureRules.returned', { at, note: input.note }),
        onManualList: false,
        updatedAt: sql`now()`,
      })
      .where(eq(jobs.id, job.id));
    await tx.insert(jobNotes).values({
      jobId: job.id,
      note: input.note,
      createdBy: auth.username,
      createdByAccountId: auth.accountId,
    });
    await auditJob(
      ctx,
      auth,
      job,
      'job.sign.return',
      ip,
      { fromStageId: facts.stageId, stageId: STAGES.transcription.id, voidedSignatures: voided.length },
      tx,
    );
    return { jobId: job.id, stageId: STAGES.transcription.id };
  });
}
