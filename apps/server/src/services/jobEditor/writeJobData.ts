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
import { jobAdtColumns, writeJobOrders } from '../adt/writeJobAdt.js';
import { MAX_INT4 } from '../audio/requireCreateFacility.js';
import type { Auth } from '../auth/auth.js';
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
  /** The job's recipient rows as read (under the caller's lock). */
  storedRecipients: RecipientRow[];
  /**
   * The work type the data posts, with its addressee limits; on a save only loaded when the work
   * type or the recipients change, or when the caller asks for it (`opts.workType`).
   */
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

type Physicians = Awaited<ReturnType<typeof loadPhysicians>>;

/**
 * The physicians the data changes, looked up (400 for an unknown or disabled one). A reference the
 * job already holds was checked when it was stored (and its foreign key keeps it): only the
 * physicians the data changes are looked up.
 */
async function refuseUnknownPhysicians(
  db: Db,
  job: Job,
  request: JobDataRequest,
  rows: RecipientRow[],
): Promise<Physicians> {
  const storedPhysician = new Map(rows.map((r) => [r.id, r.physicianId]));
  const physicianIds = [
    request.dictator === job.dictatorId ? null : request.dictator,
    request.dictatedFor === job.dictatedForId ? null : request.dictatedFor,
    ...(request.recipients ?? []).map((r) =>
      r.id !== undefined && storedPhysician.has(r.id) && storedPhysician.get(r.id) === (r.physicianId ?? null)
        ? null
        : (r.physicianId ?? null),
    ),
  ];
  const found = await loadPhysicians(db, job.corporateStructureId, physicianIds);
  for (const id of physicianIds) {
    if (id === null) continue;
    if (!found.has(id)) throw invalid(message('job.unknownPhysician', { id }));
    // A physician disabled (or merged into another) since the editor chose it is no new choice.
    if (found.get(id)!.disabled) throw invalid(message('job.disabledPhysician', { id }));
  }
  return found;
}

/** A department or location the data changes must be one of the job's client facility (400 otherwise). */
async function refuseUnknownPlace(
  db: Db,
  job: Job,
  place: { table: typeof departments | typeof locations; id: number | null; held: number | null },
  unknown: 'job.unknownDepartment' | 'job.unknownLocation',
) {
  const { table, id } = place;
  if (id === null || id === place.held) return;
  const [row] = fits(id)
    ? await db
        .select({ id: table.id })
        .from(table)
        .where(and(eq(table.id, id), eq(table.clientFacilityId, job.clientFacilityId)))
    : [];
  if (!row) throw invalid(message(unknown, { id }));
}

/** The ids of the posted recipients that name one: each the job's own (400 otherwise), each once. */
function postedRecipientIds(job: Job, request: JobDataRequest, rows: RecipientRow[]) {
  const own = new Set(rows.map((r) => r.id));
  const seen = new Set<number>();
  for (const r of request.recipients ?? []) {
    if (r.id === undefined) continue;
    if (!own.has(r.id)) throw invalid(message('job.unknownRecipient', { id: r.id, jobId: job.id }));
    if (seen.has(r.id)) throw invalid(message('recipients.postedTwice', { id: r.id }));
    seen.add(r.id);
  }
  return seen;
}

/** The recipients as the save leaves them (plannedRecipients), and whether they change. */
async function planPostedRecipients(
  db: Db,
  job: Job,
  request: JobDataRequest,
  rows: RecipientRow[],
  found: Physicians,
) {
  const seen = postedRecipientIds(job, request, rows);
  const leftOut = request.recipients ? rows.filter((r) => !r.auto && !seen.has(r.id)) : [];
  const delivered = await deliveredTo(
    db,
    leftOut.map((r) => r.id),
  );
  const planned = planRecipients(job.id, rows, request.recipients, found, delivered);
  return { planned, changesRecipients: recipientsChange(rows, planned) };
}

/** The work type the data posts, when its rules apply (400 when unknown); undefined otherwise. */
async function postedWorkType(db: Db, job: Job, workTypeId: number | null, needed: boolean) {
  const workType =
    workTypeId === null || !needed
      ? undefined
      : fits(workTypeId)
        ? await loadWorkType(db, job, workTypeId)
        : undefined;
  if (workTypeId !== null && needed && !workType)
    throw invalid(message('job.unknownWorkType', { id: workTypeId }));
  return workType;
}

/** Whether the data changes the job's details (physicians, STAT, work type, department, location, recipients). */
function changesDetailsOf(job: Job, request: JobDataRequest, changesRecipients: boolean) {
  return (
    request.dictator !== job.dictatorId ||
    request.dictatedFor !== job.dictatedForId ||
    request.stat !== job.stat ||
    request.workTypeId !== job.workTypeId ||
    request.department !== job.departmentId ||
    request.location !== job.locationId ||
    changesRecipients
  );
}

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
  opts: { workType?: boolean } = {},
): Promise<CheckedJobData> {
  const rows = await db
    .select()
    .from(recipients)
    .where(eq(recipients.jobId, job.id))
    .orderBy(recipients.ordinal, recipients.id);
  const found = await refuseUnknownPhysicians(db, job, request, rows);
  const { department, location } = request;
  await refuseUnknownPlace(
    db,
    job,
    { table: departments, id: department, held: job.departmentId },
    'job.unknownDepartment',
  );
  await refuseUnknownPlace(
    db,
    job,
    { table: locations, id: location, held: job.locationId },
    'job.unknownLocation',
  );
  const { planned, changesRecipients } = await planPostedRecipients(db, job, request, rows, found);
  // The work type's rules apply when it or the recipients change (or the caller asks for them).
  const needsWorkType =
    use !== 'save' || opts.workType === true || request.workTypeId !== job.workTypeId || changesRecipients;
  const workType = await postedWorkType(db, job, request.workTypeId, needsWorkType);
  const checkedRecipients =
    use !== 'check' && (changesRecipients || request.workTypeId !== job.workTypeId)
      ? refuseRecipients(planned, workType, use === 'refresh')
      : planned;
  const changesDetails = changesDetailsOf(job, request, changesRecipients);
  if (changesDetails && !auth.permissions.has('jobEditAdt'))
    throw forbidden(message('job.noEditAdtPermission'));
  const adt = await planJobAdt(db, job, request);
  if (adtPlanChanges(adt) && !auth.permissions.has('jobEditAdt'))
    throw forbidden(message('adt.noEditPermission'));
  return {
    request,
    changesDetails,
    recipients: checkedRecipients,
    changesRecipients,
    storedRecipients: rows,
    workType,
    adt,
  };
}

/** What a save did to the recipients, by recipient id (for the audit row). */
export interface RecipientChanges {
  added: number[];
  deleted: number[];
  removed: number[];
  addressees: number;
}

/** The job's columns checked job data sets (its ADT values included); `updatedAt` is the writer's. */
export function jobDataColumns(job: Job, checked: CheckedJobData) {
  const r = checked.request;
  return {
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
    // Unprotecting marks the job warned.
    warnedOfProtection: job.warnedOfProtection || (job.isProtected && !r.isProtected),
    jobNote: r.jobNote?.trim() ? r.jobNote : null,
    ...jobAdtColumns(checked.adt),
  };
}

/**
 * Writes checked job data inside the caller's transaction: the job's columns (jobDataColumns) and
 * its other rows (writeJobDataRows). Answers what changed in the recipients, null when nothing did.
 */
export async function writeJobData(
  db: Db,
  auth: Auth,
  job: Job,
  checked: CheckedJobData,
  createdBy: string,
): Promise<RecipientChanges | null> {
  await db
    .update(jobs)
    .set({ ...jobDataColumns(job, checked), updatedAt: sql`now()` })
    .where(eq(jobs.id, job.id));
  return writeJobDataRows(db, auth, job, checked, createdBy);
}

/**
 * Writes checked job data's rows other than the job's own (a save writes those with its version,
 * in one update): a new job note in the history when the note text changed, the orders of the ADT
 * plan (services/adt/writeJobAdt), and the recipients as planned when they change — rows not
 * posted are deleted (automatic ones and those a distribution or fax names are kept flagged
 * removed instead), the others written by one upsert. Answers what changed in the recipients,
 * null when nothing did.
 */
export async function writeJobDataRows(
  db: Db,
  auth: Auth,
  job: Job,
  checked: CheckedJobData,
  createdBy: string,
): Promise<RecipientChanges | null> {
  const note = checked.request.jobNote?.trim() ? checked.request.jobNote : null;
  if (note !== null && note !== job.jobNote) {
    await db.insert(jobNotes).values({ jobId: job.id, note, createdBy, createdByAccountId: auth.accountId });
  }
  await writeJobOrders(db, job.id, checked.adt);
  if (!checked.changesRecipients) return null;
  const planned = checked.recipients;
  const kept = new Set(planned.map((p) => p.id));
  const deleted = checked.storedRecipients.map((row) => row.id).filter((id) => !kept.has(id));
  if (deleted.length) await db.delete(recipients).where(inArray(recipients.id, deleted));
  const written = planned.length
    ? await db
        .insert(recipients)
        // A new row (id 0) takes its id from the sequence.
        .values(planned.map(({ id, ...row }) => (id === 0 ? row : { id, ...row })))
        .onConflictDoUpdate({
          target: recipients.id,
          set: {
            physicianId: sql`excluded.physician_id`,
            isAddressee: sql`excluded.is_addressee`,
            removed: sql`excluded.removed`,
            distributionMethod: sql`excluded.distribution_method`,
            custom: sql`excluded.custom`,
            ordinal: sql`excluded.ordinal`,
          },
          setWhere: eq(recipients.jobId, job.id),
        })
        .returning({ id: recipients.id, inserted: sql<boolean>`xmax = 0` })
    : [];
  return {
    added: written.filter((w) => w.inserted).map((w) => w.id),
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
