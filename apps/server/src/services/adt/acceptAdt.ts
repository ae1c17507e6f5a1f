import { type AcceptAdtRequest, type JobAdt, message, STAGES } from '@quill/core';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/client.js';
import { jobOrders, jobs, orders, patients, visits } from '../../db/schema/index.js';
import { invalid, notFound } from '../../errors/domainErrors.js';
import { MAX_INT4 } from '../audio/requireCreateFacility.js';
import { auditJob } from '../audit/auditJob.js';
import type { Auth } from '../auth/auth.js';
import { requireLiveBooking } from '../booking/booking.js';
import { facilityTimeZone } from '../jobAccess/facilityTimeZone.js';
import { currentCdaText } from '../jobEditor/documentText.js';
import { settleDocumentPatientFlag } from '../jobEditor/holdQueue/documentPatientFlag.js';
import { evaluateJobRules } from '../jobEditor/holdQueue/evaluateJobRules.js';
import { readDocumentFacts } from '../jobEditor/holdQueue/holdQueueFacts.js';
import { replaceJobFlags, triggeredFlags } from '../jobEditor/holdQueue/jobFlags.js';
import { requireJob } from '../tenantScope/requireJob.js';
import { type AdtDefinition, loadAdtDefinitions } from './adtDefinitions.js';
import { jobAdtOf } from './jobAdtAnswer.js';
import { physicianValues, textValues } from './jobAdtValues.js';
import { orderValues, patientValues, visitValues } from './recordValues.js';

type Job = typeof jobs.$inferSelect;
type Chosen = AcceptAdtRequest['adtSearchResult'];

/**
 * The chosen records: the patient of the job's corporate structure, the visit of that patient
 * and the orders of that visit; 404 for any other (another tenant's patient reads as missing).
 */
async function loadChosen(db: Db, job: Job, chosen: Chosen) {
  const [patient] =
    chosen.patientId <= MAX_INT4
      ? await db
          .select()
          .from(patients)
          .where(
            and(
              eq(patients.id, chosen.patientId),
              eq(patients.corporateStructureId, job.corporateStructureId),
            ),
          )
      : [];
  if (!patient) throw notFound(message('adt.patientNotFound'));
  const [visit] =
    chosen.visitId !== null && chosen.visitId <= MAX_INT4
      ? await db
          .select()
          .from(visits)
          .where(and(eq(visits.id, chosen.visitId), eq(visits.patientId, patient.id)))
      : [];
  if (chosen.visitId !== null && !visit) throw notFound(message('adt.visitNotFound'));
  const ids = [...new Set(chosen.orderId)];
  const found =
    visit && ids.length && ids.every((id) => id <= MAX_INT4)
      ? await db
          .select()
          .from(orders)
          .where(and(inArray(orders.id, ids), eq(orders.visitId, visit.id)))
      : [];
  if (found.length !== ids.length) throw notFound(message('adt.orderNotFound'));
  // In the order they were chosen.
  const byId = new Map(found.map((o) => [o.id, o]));
  return { patient, visit: visit ?? null, orders: ids.map((id) => byId.get(id)!) };
}

/** Only the values the definitions address, keyed as they store them. */
const atKeys = (defs: AdtDefinition[], values: Record<string, string>) =>
  Object.fromEntries(defs.flatMap((d) => (values[d.key] ? [[d.key, values[d.key] as string]] : [])));

/** Only the physicians the definitions address (an order record's ordering physician, say). */
const atPhysicianKeys = (defs: AdtDefinition[], ids: Record<string, number>) =>
  Object.fromEntries(
    defs.flatMap((d) => (typeof ids[d.key] === 'number' ? [[d.key, ids[d.key] as number]] : [])),
  );

/**
 * Accept ADT (spec 02 §4, §7; issue 20): the chosen patient's, visit's and orders' values become
 * the job's. In one transaction, with the job row locked and this account's live booking (409):
 * the job's patient and visit items take the records' values (an item the records leave empty is
 * emptied, so "Accept Patient Only" leaves no visit values behind; job-only values stay), the job
 * is linked to the patient and visit, its orders become the chosen ones (an order it already had
 * keeps its physicians), a hold-queue job's flags are re-run and rewritten, and the accept is
 * audited. The list's patient name follows the new patient_id (its row trigger). Answers the new
 * ADT. The route allows only accounts that can edit job ADT (jobEditAdt, 403).
 */
export async function acceptAdt(
  ctx: AppContext,
  auth: Auth,
  body: AcceptAdtRequest,
  ip: string | null,
): Promise<JobAdt> {
  const job = await requireJob(ctx, auth.scope, body.jobId);
  if (body.companyId !== job.clientFacilityId)
    throw invalid(message('adt.companyMismatch', { companyId: body.companyId, jobId: job.id }));
  // Read before the transaction: the embedded database has one connection.
  const timeZone = await facilityTimeZone(ctx, job.clientFacilityId);
  const xml = (await currentCdaText(ctx, job.id))?.xml ?? null;
  // What the text says for a hold-queue job's rules, read on a document thread before the
  // transaction too: the transaction holds the embedded database's only connection (issue 24).
  // A text the rules cannot read fails the accept only where the rules run.
  const facts = await readDocumentFacts(ctx, xml).then(
    (document) => () => document,
    (err: unknown) => () => {
      throw err;
    },
  );

  return ctx.database.db.transaction(async (tx) => {
    const [locked] = await tx.select().from(jobs).where(eq(jobs.id, job.id)).for('update');
    if (!locked) throw notFound(message('job.notFound', { jobId: job.id }));
    const booking = await requireLiveBooking(tx, job.id, auth.accountId!, body.bookingCookie);
    const chosen = await loadChosen(tx, locked, body.adtSearchResult);
    const defs = await loadAdtDefinitions(tx, locked);

    const replaced = new Set(defs.values.filter((d) => d.source !== 'job').map((d) => d.key));
    const kept = Object.entries(textValues(locked.adt)).filter(([key]) => !replaced.has(key));
    const records = {
      patient: patientValues(chosen.patient),
      visit: chosen.visit ? visitValues(chosen.visit, timeZone) : {},
    };
    const adt = {
      ...Object.fromEntries(kept),
      ...atKeys(
        defs.values.filter((d) => d.source === 'patient'),
        records.patient,
      ),
      ...atKeys(
        defs.values.filter((d) => d.source === 'visit'),
        records.visit,
      ),
    };
    await tx
      .update(jobs)
      .set({ adt, patientId: chosen.patient.id, visitId: chosen.visit?.id ?? null, updatedAt: sql`now()` })
      .where(eq(jobs.id, job.id));

    const before = await tx.select().from(jobOrders).where(eq(jobOrders.jobId, job.id));
    const physiciansOf = new Map(before.map((o) => [o.orderId, o.physicians]));
    await tx.delete(jobOrders).where(eq(jobOrders.jobId, job.id));
    if (chosen.orders.length) {
      await tx.insert(jobOrders).values(
        chosen.orders.map((o, ordinal) => ({
          jobId: job.id,
          orderId: o.id,
          ordinal,
          adt: atKeys(defs.orderValues, orderValues(o, timeZone)),
          physicians:
            physiciansOf.get(o.id) ?? atPhysicianKeys(defs.orderPhysicians, physicianValues(o.physicians)),
        })),
      );
    }

    const [after] = await tx.select().from(jobs).where(eq(jobs.id, job.id));
    // Only a hold-queue job has flags to re-run; stage moves stay with the save modes.
    const inHoldQueue = (booking.restoreStageId ?? locked.stageId) === STAGES.holdQueue.id;
    const flags = inHoldQueue ? triggeredFlags(await evaluateJobRules(ctx, tx, after!, facts())) : null;
    if (flags) await replaceJobFlags(tx, job.id, flags);
    // Issue 40: outside the hold queue the document-patient flag still goes once the patients agree.
    else await settleDocumentPatientFlag(ctx, tx, after!);
    await auditJob(
      ctx,
      auth,
      after!,
      'adt.accept',
      ip,
      {
        previousPatientId: locked.patientId,
        visitId: after!.visitId,
        orders: chosen.orders.length,
        flags: flags?.map((f) => f.code) ?? null,
      },
      tx,
    );
    return jobAdtOf(tx, after!);
  });
}
