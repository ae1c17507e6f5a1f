import { type JobDataRequest, keptDetails, message } from '@quill/core';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { departments, jobNotes, jobs, locations, recipients } from '../../db/schema/index.js';
import { forbidden, invalid } from '../../errors/domainErrors.js';
import { adtPlanChanges, type JobAdtPlan, planJobAdt } from '../adt/planJobAdt.js';
import { writeJobAdt } from '../adt/writeJobAdt.js';
import type { Auth } from '../auth/resolveSession.js';
import { loadPhysicians, loadWorkType } from './jobRows.js';

type Job = typeof jobs.$inferSelect;
type RecipientRow = typeof recipients.$inferSelect;

/** What the job data would change, checked against the facility: every id must be the job's own. */
export interface CheckedJobData {
  request: JobDataRequest;
  /** The details (physicians, STAT, work type, department, location, recipients) change. */
  changesDetails: boolean;
  /** The job's ADT values, physician items and orders after the data (services/adt/planJobAdt). */
  adt: JobAdtPlan;
}

const sameRecipients = (rows: RecipientRow[], posted: JobDataRequest['recipients']) =>
  posted === undefined ||
  (posted.length === rows.length &&
    posted.every((p, i) => {
      const r = rows[i]!;
      return (
        p.id === r.id &&
        p.isAddressee === r.isAddressee &&
        p.removed === r.removed &&
        (p.physicianId ?? null) === r.physicianId
      );
    }));

/**
 * Checks posted job data against the job's client facility and corporate structure (400 naming
 * the unknown id; another tenant's id reads as unknown), its ADT part against the facility's
 * definitions (400 naming the field), and the permission to change details, ADT values, physician
 * items or orders (jobEditAdt, 403; posting them unchanged needs none). Changes nothing.
 */
export async function checkJobData(
  db: Db,
  auth: Auth,
  job: Job,
  request: JobDataRequest,
): Promise<CheckedJobData> {
  const bad = (key: Parameters<typeof message>[0], values: Record<string, string | number>) =>
    invalid(message(key, values));
  const posted = request.recipients ?? [];
  const physicianIds = [request.dictator, request.dictatedFor, ...posted.map((r) => r.physicianId ?? null)];
  const found = await loadPhysicians(db, job.corporateStructureId, physicianIds);
  for (const id of physicianIds) if (id !== null && !found.has(id)) throw bad('job.unknownPhysician', { id });
  if (request.workTypeId !== null && !(await loadWorkType(db, job, request.workTypeId)))
    throw bad('job.unknownWorkType', { id: request.workTypeId });
  if (request.department !== null) {
    const [d] = await db
      .select({ id: departments.id })
      .from(departments)
      .where(
        and(eq(departments.id, request.department), eq(departments.clientFacilityId, job.clientFacilityId)),
      );
    if (!d) throw bad('job.unknownDepartment', { id: request.department });
  }
  if (request.location !== null) {
    const [l] = await db
      .select({ id: locations.id })
      .from(locations)
      .where(and(eq(locations.id, request.location), eq(locations.clientFacilityId, job.clientFacilityId)));
    if (!l) throw bad('job.unknownLocation', { id: request.location });
  }
  const rows = await db
    .select()
    .from(recipients)
    .where(eq(recipients.jobId, job.id))
    .orderBy(recipients.ordinal, recipients.id);
  const own = new Set(rows.map((r) => r.id));
  for (const r of posted)
    if (r.id !== undefined && !own.has(r.id)) throw bad('job.unknownRecipient', { id: r.id, jobId: job.id });
  if (posted.filter((r) => r.isPatient && !r.removed).length > 1) throw invalid(message('job.patientTwice'));
  const changesDetails =
    request.dictator !== job.dictatorId ||
    request.dictatedFor !== job.dictatedForId ||
    request.stat !== job.stat ||
    request.workTypeId !== job.workTypeId ||
    request.department !== job.departmentId ||
    request.location !== job.locationId ||
    !sameRecipients(rows, request.recipients);
  if (changesDetails && !auth.permissions.has('jobEditAdt'))
    throw forbidden(message('job.noEditAdtPermission'));
  const adt = await planJobAdt(db, job, request);
  if (adtPlanChanges(adt) && !auth.permissions.has('jobEditAdt'))
    throw forbidden(message('adt.noEditPermission'));
  return { request, changesDetails, adt };
}

/**
 * Writes checked job data inside the caller's transaction: the job's columns, a new job note in
 * the history when the note text changed, the recipients when they were posted (rows not posted
 * are deleted, automatic ones flagged removed instead) and the ADT plan (services/adt/writeJobAdt).
 * Unprotecting marks the job warned.
 */
export async function writeJobData(db: Db, auth: Auth, job: Job, checked: CheckedJobData, createdBy: string) {
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
  if (r.recipients === undefined) return;
  const rows = await db.select().from(recipients).where(eq(recipients.jobId, job.id));
  const kept = new Set(r.recipients.map((p) => p.id).filter((id) => id !== undefined));
  const dropped = rows.filter((row) => !kept.has(row.id));
  const autoDropped = dropped.filter((row) => row.auto).map((row) => row.id);
  const spliced = dropped.filter((row) => !row.auto).map((row) => row.id);
  if (autoDropped.length)
    await db.update(recipients).set({ removed: true }).where(inArray(recipients.id, autoDropped));
  if (spliced.length) await db.delete(recipients).where(inArray(recipients.id, spliced));
  for (const [ordinal, p] of r.recipients.entries()) {
    if (p.id !== undefined) {
      await db
        .update(recipients)
        .set({ isAddressee: p.isAddressee, removed: p.removed, ordinal })
        .where(and(eq(recipients.id, p.id), eq(recipients.jobId, job.id)));
    } else {
      await db.insert(recipients).values({
        jobId: job.id,
        physicianId: p.physicianId ?? null,
        isAddressee: p.isAddressee,
        isPatient: p.isPatient,
        removed: p.removed,
        custom: keptDetails(p.custom),
        ordinal,
      });
    }
  }
}
