import { and, asc, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/client.js';
import { jobFlags, jobNotes, jobs, recipients } from '../../db/schema/index.js';
import type { Auth } from '../auth/auth.js';
import { jobNotFound } from '../tenantScope/requireJob.js';
import { scopeIds } from '../tenantScope/scopeIds.js';
import { workingDocument, workingFirst } from './currentDocument.js';
import { JOB_STAMP_SQL } from './jobStamp.js';

const visibleJob = and(
  eq(jobs.id, sql.placeholder('jobId')),
  sql`${jobs.corporateStructureId} = any(${sql.placeholder('structures')})`,
);
/** The job's own columns the job view reads: not the list's cached row nor the raw ADT. */
const jobColumns = { listRow: false, adt: false, adtPhysicians: false } as const;
/** What a read's audit row names, and the version the editor compares. */
const auditedColumns = { id: true, corporateStructureId: true, patientId: true, version: true } as const;
const flags = { columns: { code: true, description: true }, orderBy: () => asc(jobFlags.code) } as const;
const jobRecipients = {
  orderBy: () => [asc(recipients.ordinal), asc(recipients.id)],
  with: { physician: true },
} as const;

const named = { id: true, name: true, companyNameId: true } as const;
/** A dictator or dictated-for as the job view shows them, with the structure they must belong to. */
const jobPhysician = {
  columns: {
    id: true,
    corporateStructureId: true,
    prefix: true,
    firstName: true,
    lastName: true,
    suffix: true,
    middleInitial: true,
    accessCode: true,
  },
} as const;
/** Only the columns the job view shows: less for the database to encode and for us to decode. */
const viewRelations = {
  clientFacility: { columns: { ...named, timeZone: true, attachmentsEnabled: true } },
  serviceCentre: { columns: named },
  corporateStructure: { columns: named },
  dictator: jobPhysician,
  dictatedFor: jobPhysician,
  workType: true,
  department: { columns: { id: true, name: true } },
  location: { columns: { id: true, code: true, name: true, auto: true } },
  notes: {
    columns: { createdBy: true, appName: true, createdAt: true, note: true },
    orderBy: () => [asc(jobNotes.createdAt), asc(jobNotes.id)],
  },
  flags,
  recipients: jobRecipients,
} as const;
/** The job's stamp (jobStamp.ts), for the statements below. */
const jobStamp = sql<string>`${sql.raw(JOB_STAMP_SQL)}`;

// The attachments table is named in plain SQL: Drizzle would alias its columns as the job's.
const viewExtras = {
  facilityHasAttachments:
    sql<boolean>`exists (select 1 from attachments a where a.client_facility_id = ${jobs.clientFacilityId})`.as(
      'facility_has_attachments',
    ),
  stamp: jobStamp.as('stamp'),
};

/** The job's own patient name values (issue 39, core jobPatientDisplay): read over the record's name. */
const patientAdt = sql<Record<string, string>>`jsonb_strip_nulls(jsonb_build_object(
  'PID.5.1', ${jobs.adt}->'PID.5.1', 'PID.5.2', ${jobs.adt}->'PID.5.2'))`.as('patient_adt');

/** The statements, prepared once per database (Drizzle builds the SQL once; PostgreSQL parses it once per connection). */
function statementsOf(db: Db) {
  return {
    view: db.query.jobs
      .findFirst({ where: visibleJob, columns: jobColumns, with: viewRelations, extras: viewExtras })
      .prepare('job_view'),
    // The patient's name only for an account that may see it (canSeePatientName).
    viewWithPatient: db.query.jobs
      .findFirst({
        where: visibleJob,
        columns: jobColumns,
        with: { ...viewRelations, patient: { columns: { firstName: true, lastName: true } } },
        extras: { ...viewExtras, patientAdt },
      })
      .prepare('job_view_patient'),
    version: db.query.jobs.findFirst({ where: visibleJob, columns: auditedColumns }).prepare('job_version'),
    // The working document (the current one, or the draft a transcription starts from) and the
    // audio renditions' codecs.
    documents: db.query.jobs
      .findFirst({
        where: visibleJob,
        columns: auditedColumns,
        with: {
          documents: {
            where: () => workingDocument,
            orderBy: () => workingFirst,
            limit: 1,
          },
          audio: { columns: { codec: true } },
        },
      })
      .prepare('job_documents'),
    data: db.query.jobs
      .findFirst({
        where: visibleJob,
        columns: jobColumns,
        with: { workType: true, flags, recipients: jobRecipients },
        extras: { stamp: jobStamp.as('stamp') },
      })
      .prepare('job_data'),
  };
}

type Statements = ReturnType<typeof statementsOf>;
const prepared = new WeakMap<Db, Statements>();

function statements(db: Db): Statements {
  let s = prepared.get(db);
  if (!s) {
    s = statementsOf(db);
    prepared.set(db, s);
  }
  return s;
}

/** Runs one of the job statements for a job the account may see; 404 as requireJob answers otherwise. */
async function visible<T>(
  ctx: AppContext,
  auth: Auth,
  jobId: number,
  run: (p: Record<string, unknown>) => Promise<T | undefined>,
) {
  const found = await run({ jobId, structures: scopeIds(auth.scope) });
  if (found) return found;
  return refuseJob(ctx, jobId);
}

/** The refusal of a job the account may not see: read again only to say which, for the audit row. */
export async function refuseJob(ctx: AppContext, jobId: number): Promise<never> {
  const [job] = await ctx.database.db.select().from(jobs).where(eq(jobs.id, jobId));
  throw jobNotFound(jobId, job);
}

/** The job and everything the job view shows, in one statement (issue 24); the patient's name when asked. */
export function loadJobView(
  ctx: AppContext,
  auth: Auth,
  jobId: number,
  withPatient: boolean,
): Promise<JobView> {
  const s = statements(ctx.database.db);
  return withPatient
    ? visible(ctx, auth, jobId, (p) => s.viewWithPatient.execute(p))
    : visible(ctx, auth, jobId, (p) => s.view.execute(p));
}

/** The job with its work type, flags and recipients (the job data), in one statement. */
export function loadJobData(ctx: AppContext, auth: Auth, jobId: number) {
  return visible(ctx, auth, jobId, (p) => statements(ctx.database.db).data.execute(p));
}

/** The job's version and what its audit row names, in one statement. */
export function loadJobVersion(ctx: AppContext, auth: Auth, jobId: number) {
  return visible(ctx, auth, jobId, (p) => statements(ctx.database.db).version.execute(p));
}

/**
 * The job's version, its working document (none for audio only; a starting draft is marked by
 * isDraft) and audio codecs, in one statement.
 */
export async function loadJobDocuments(ctx: AppContext, auth: Auth, jobId: number) {
  const job = await visible(ctx, auth, jobId, (p) => statements(ctx.database.db).documents.execute(p));
  return { ...job, current: job.documents[0], codecs: new Set(job.audio.map((a) => a.codec)) };
}

export type JobView = NonNullable<Awaited<ReturnType<Statements['view']['execute']>>> &
  Partial<
    Pick<NonNullable<Awaited<ReturnType<Statements['viewWithPatient']['execute']>>>, 'patient' | 'patientAdt'>
  >;
export type JobWithData = NonNullable<Awaited<ReturnType<Statements['data']['execute']>>>;
