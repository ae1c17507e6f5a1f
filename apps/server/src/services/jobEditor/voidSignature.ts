import {
  DOCUMENT_DATE_FORMATS,
  formatJobDateTime,
  knownTimeZone,
  message,
  signedEditOutcome,
} from '@quill/core';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/client.js';
import {
  bookings,
  clientFacilities,
  type documentVersions,
  type jobs,
  signatures,
} from '../../db/schema/index.js';
import { decodeXml } from '../../documents/decodeXml.js';
import { recordAudit } from '../audit/recordAudit.js';
import { coversCurrentText } from '../signing/currentText.js';
import { narrativeParts } from './documentText.js';

type Job = Pick<
  typeof jobs.$inferSelect,
  'id' | 'corporateStructureId' | 'clientFacilityId' | 'patientId' | 'signedAt' | 'forceResign' | 'stageId'
>;

/**
 * Why the job waits to be signed again after an edit of its signed text (issue 43), in the
 * catalogue's words: "Text changed after signing on <the signed date in the facility's zone>".
 */
async function textChangedReason(tx: Db, job: Job): Promise<string> {
  const [cf] = await tx
    .select({ zone: clientFacilities.timeZone })
    .from(clientFacilities)
    .where(eq(clientFacilities.id, job.clientFacilityId));
  const signedAt = formatJobDateTime(job.signedAt, knownTimeZone(cf?.zone), DOCUMENT_DATE_FORMATS, {
    zoneLabel: true,
  });
  return message('signatureRules.textChanged', { signedAt });
}

/**
 * Voids the job's live signatures of its current text (issue 43): the text they cover changed — an
 * addendum's original keeps its own. Answers how many.
 */
async function voidLiveSignatures(tx: Db, jobId: number): Promise<number> {
  const voided = await tx
    .update(signatures)
    .set({ voidedAt: sql`now()` })
    .where(
      and(
        eq(signatures.jobId, jobId),
        isNull(signatures.voidedAt),
        coversCurrentText(signatures.jobId, signatures.jobVersion),
      ),
    )
    .returning({ id: signatures.id });
  return voided.length;
}

/**
 * Whether a new document changes the text of the one it replaces: for CDA to CDA its narrative
 * (every section's text, whitespace runs as one — a header or markup change is not a text
 * change); otherwise (a Word document, a change of format) its bytes, which the content-addressed
 * blob key stands for. No document before: nothing signed to change.
 */
export function changesText(
  before: { blobKey: string; format: string; xml?: string } | null | undefined,
  after: { key: string; format: string; xml?: string | null } | null,
): boolean {
  if (!before || !after) return false;
  if (before.xml !== undefined && typeof after.xml === 'string')
    return narrativeParts(before.xml).join('\u0000') !== narrativeParts(after.xml).join('\u0000');
  return before.blobKey !== after.key || before.format !== after.format;
}

/** The current document's row as {@link changesText} reads it (a CDA with its text). */
export async function documentBefore(
  ctx: Pick<AppContext, 'blobs'>,
  doc: Pick<typeof documentVersions.$inferSelect, 'blobKey' | 'format'> | undefined,
) {
  if (!doc) return null;
  return doc.format === 'CDA' ? { ...doc, xml: decodeXml(await ctx.blobs.get(doc.blobKey)) } : doc;
}

/**
 * A signed text is never changed silently (issue 39, core signedEditOutcome): when a save or an
 * import changes the narrative of a job with a signed date, in the caller's transaction, audits
 * that the edit voided the signature ('job.signature.void': the signed date and the stages, no
 * text), voids the live `signatures` rows and says why in the job's resign reason (issue 43), and
 * — while the job is booked out — has the booking return it to the stage it now waits
 * in (ES), so a save that keeps the booking, or cancelling it, does not put it back into
 * distribution. Answers the job's columns the caller writes with its own update: force re-sign,
 * off the manual distribution list when it leaves distribution, and (not booked) the stage; null
 * when the signature stays.
 */
export async function voidSignatureOnEdit(
  ctx: Pick<AppContext, 'database'>,
  tx: Db,
  who: { userId: number | null; accountId: number | null },
  job: Job,
  at: { waitingStageId: number; booked: boolean; textChanged: boolean; via: string },
  ip: string | null,
): Promise<Partial<typeof jobs.$inferInsert> | null> {
  const outcome = signedEditOutcome({
    signedAt: job.signedAt,
    forceResign: job.forceResign,
    stageId: at.waitingStageId,
    narrativeChanged: at.textChanged,
  });
  if (!outcome) return null;
  const moves = outcome.stageId !== at.waitingStageId;
  const voidedSignatures = await voidLiveSignatures(tx, job.id);
  if (at.booked && moves)
    await tx.update(bookings).set({ restoreStageId: outcome.stageId }).where(eq(bookings.jobId, job.id));
  await recordAudit(
    ctx,
    {
      action: 'job.signature.void',
      outcome: 'success',
      userId: who.userId,
      accountId: who.accountId,
      corporateStructureId: job.corporateStructureId,
      jobId: job.id,
      patientId: job.patientId,
      ip,
      detail: {
        signedAt: job.signedAt ? new Date(job.signedAt).toISOString() : null,
        fromStageId: at.waitingStageId,
        stageId: outcome.stageId,
        forceResign: true,
        voidedSignatures,
        via: at.via,
      },
    },
    tx,
  );
  return {
    forceResign: true,
    resignReason: await textChangedReason(tx, job),
    ...(moves ? { onManualList: false } : {}),
    ...(moves && !at.booked ? { stageId: outcome.stageId } : {}),
  };
}
