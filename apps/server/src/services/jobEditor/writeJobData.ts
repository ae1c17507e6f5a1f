import { type JobDataRequest, message } from '@quill/core';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  departments,
  distributions,
  faxRecordJobs,
  jobNotes,
  jobs,
  locations,
  recipients,
  type workTypes,
} from '../../db/schema/index.js';
import { forbidden, invalid } from '../../errors/domainErrors.js';
import { adtPlanChanges, type JobAdtPlan, planJobAdt } from '../adt/planJobAdt.js';
import { writeJobAdt } from '../adt/writeJobAdt.js';
import { MAX_INT4 } from '../audio/requireCreateFacility.js';
import type { Auth } from '../auth/resolveSession.js';
import { loadPhysicians, loadWorkType } from './jobRows.js';
import { planRecipients, recipientsChange, refuseRecipients } from './plannedRecipients.js';

type Job = typeof jobs.$inferSelect;
type RecipientRow = typeof recipients.$inferSelect;

/** What the job data would change, checked against the facility: every id must be the job's own. */
export interface CheckedJobData {
  request: JobDataRequest;
  /** The details (physicians, STAT, work type, department, location, recipients) change. */
  changesDetails: boolean;
  /** The recipients as the save leaves them (services/jobEditor/plannedRecipients). */
  recipients: RecipientRow[];
  /** The recipients change (they are then written and audited). */
  changesRecipients: boolean;
  /** The work type the data posts, with its addressee limits. */
  workType: typeof workTypes.$inferSelect | undefined;
  /** The job's ADT values, physician items and orders after the data (services/adt/planJobAdt). */
  adt: JobAdtPlan;
}

/**
 * How the recipients are held to the work type's rules: a save refuses what breaks them, a
 * refresh applies the work type change first (spec 02 §4), a hold-queue check only reports them.
 */
export type RecipientRuleUse = 'save' | 'refresh' | 'check';

/** Ids no int4 column can hold answer as unknown, never as a database error. */
const fits = (id: number | null): id is number => id !== null && id <= MAX_INT4;

/**
 * Checks posted job data against the job's client facility and corporate structure (400 naming
 * the unknown id; another tenant's id reads as unknown), its ADT part against the facility's
 * definitions (400 naming the field), the recipients as the save leaves them against the work
 * type it posts (400 with core's refusal, when the recipients or the work type change), and the
 * permission to change details, ADT values, physician items or orders (jobEditAdt, 403; posting
 * them unchanged needs none). Changes nothing.
 */
export async function checkJobData(
  db: Db,
  auth: Auth,
  job: Job,
  request: JobDataRequest,
  use: RecipientRuleUse = 'save',
): Promise<CheckedJobData> {
  const bad = (key: Parameters<typeof message>[0], values: Record<string, string | number>) =>
    invalid(message(key, values));
  const posted = request.recipients ?? [];
  const physicianIds = [request.dictator, request.dictatedFor, ...posted.map((r) => r.physicianId ?? null)];
  const found = await loadPhysicians(db, job.corporateStructureId, physicianIds);
  for (const id of physicianIds) if (id !== null && !found.has(id)) throw bad('job.unknownPhysician', { id });
  const workType =
    request.workTypeId === null
      ? undefined
      : fits(request.workTypeId)
        ? await loadWorkType(db, job, request.workTypeId)
        : undefined;
  if (request.workTypeId !== null && !workType) throw bad('job.unknownWorkType', { id: request.workTypeId });
  if (request.department !== null) {
    const [d] = fits(request.department)
      ? await db
          .select({ id: departments.id })
          .from(departments)
          .where(
            and(
              eq(departments.id, request.department),
              eq(departments.clientFacilityId, job.clientFacilityId),
            ),
          )
      : [];
    if (!d) throw bad('job.unknownDepartment', { id: request.department });
  }
  if (request.location !== null) {
    const [l] = fits(request.location)
      ? await db
          .select({ id: locations.id })
          .from(locations)
          .where(
            and(eq(locations.id, request.location), eq(locations.clientFacilityId, job.clientFacilityId)),
          )
      : [];
    if (!l) throw bad('job.unknownLocation', { id: request.location });
  }
  const rows = await db
    .select()
    .from(recipients)
    .where(eq(recipients.jobId, job.id))
    .orderBy(recipients.ordinal, recipients.id);
  const own = new Set(rows.map((r) => r.id));
  const seen = new Set<number>();
  for (const r of posted) {
    if (r.id === undefined) continue;
    if (!own.has(r.id)) throw bad('job.unknownRecipient', { id: r.id, jobId: job.id });
    if (seen.has(r.id)) throw bad('recipients.postedTwice', { id: r.id });
    seen.add(r.id);
  }
  const leftOut = request.recipients ? rows.filter((r) => !r.auto && !seen.has(r.id)) : [];
  const delivered = await deliveredTo(
    db,
    leftOut.map((r) => r.id),
  );
  const planned = planRecipients(job.id, rows, request.recipients, found, delivered);
  const changesRecipients = recipientsChange(rows, planned);
  const checkedRecipients =
    use !== 'check' && (changesRecipients || request.workTypeId !== job.workTypeId)
      ? refuseRecipients(planned, workType, use === 'refresh')
      : planned;
  const changesDetails =
    request.dictator !== job.dictatorId ||
    request.dictatedFor !== job.dictatedForId ||
    request.stat !== job.stat ||
    request.workTypeId !== job.workTypeId ||
    request.department !== job.departmentId ||
    request.location !== job.locationId ||
    changesRecipients;
  if (changesDetails && !auth.permissions.has('jobEditAdt'))
    throw forbidden(message('job.noEditAdtPermission'));
  const adt = await planJobAdt(db, job, request);
  if (adtPlanChanges(adt) && !auth.permissions.has('jobEditAdt'))
    throw forbidden(message('adt.noEditPermission'));
  return { request, changesDetails, recipients: checkedRecipients, changesRecipients, workType, adt };
}

/** What a save did to the recipients, by recipient id (for the audit row). */
export interface RecipientChanges {
  added: number[];
  deleted: number[];
  removed: number[];
  addressees: number;
}

/**
 * Writes checked job data inside the caller's transaction: the job's columns, a new job note in
 * the history when the note text changed, the recipients as planned when they change (rows not
 * posted are deleted, automatic ones and those a distribution or fax names flagged removed
 * instead; answers what changed, null when nothing did) and the ADT plan (services/adt/writeJobAdt). Unprotecting marks the job warned.
 */
export async function writeJobData(
  db: Db,
  auth: Auth,
  job: Job,
  checked: CheckedJobData,
  createdBy: string,
): Promise<RecipientChanges | null> {
  const r = checked.request;
  const note = r.jobNote?.trim() ? r.jobNote : null;
  await db
    .update(jobs)
    .set({
      dictatorId: r.dictator,
      dictatedForId: r.dictatedFor,
      stat: r.stat,
      workTypeId: r.workTypeId,
      departmentId: r.department,
      locationId: r.location,
      skipPrint: r.skipPrint,
      skipExport: r.skipExport,
      forceResign: r.forceResign,
      isProtected: r.isProtected,
      warnedOfProtection: job.warnedOfProtection || (job.isProtected && !r.isProtected),
      jobNote: note,
      updatedAt: sql`now()`,
    })
    .where(eq(jobs.id, job.id));
  if (note !== null && note !== job.jobNote) {
    await db.insert(jobNotes).values({ jobId: job.id, note, createdBy, createdByAccountId: auth.accountId });
  }
  await writeJobAdt(db, job.id, checked.adt);
  if (!checked.changesRecipients) return null;
  const planned = checked.recipients;
  const kept = new Set(planned.map((p) => p.id));
  const deleted = (
    await db.select({ id: recipients.id }).from(recipients).where(eq(recipients.jobId, job.id))
  )
    .map((row) => row.id)
    .filter((id) => !kept.has(id));
  if (deleted.length) await db.delete(recipients).where(inArray(recipients.id, deleted));
  const added: number[] = [];
  for (const p of planned) {
    const values = {
      physicianId: p.physicianId,
      isAddressee: p.isAddressee,
      removed: p.removed,
      distributionMethod: p.distributionMethod,
      custom: p.custom,
      ordinal: p.ordinal,
    };
    if (p.id === 0) {
      const { id, ...row } = p;
      void id;
      const [made] = await db.insert(recipients).values(row).returning({ id: recipients.id });
      added.push(made!.id);
    } else {
      await db
        .update(recipients)
        .set(values)
        .where(and(eq(recipients.id, p.id), eq(recipients.jobId, job.id)));
    }
  }
  return {
    added,
    deleted,
    removed: planned.filter((p) => p.removed && p.id !== 0).map((p) => p.id),
    addressees: planned.filter((p) => p.isAddressee && !p.removed).length,
  };
}

/** Which of these recipient rows a distribution or a fax names: they are kept, flagged removed. */
async function deliveredTo(db: Db, ids: number[]): Promise<Set<number>> {
  if (!ids.length) return new Set();
  const [byDistribution, byFax] = await Promise.all([
    db
      .selectDistinct({ id: distributions.recipientId })
      .from(distributions)
      .where(inArray(distributions.recipientId, ids)),
    db
      .selectDistinct({ id: faxRecordJobs.recipientId })
      .from(faxRecordJobs)
      .where(inArray(faxRecordJobs.recipientId, ids)),
  ]);
  return new Set([...byDistribution, ...byFax].map((r) => r.id).filter((id): id is number => id !== null));
}
