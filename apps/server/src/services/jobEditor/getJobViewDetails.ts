import { canSeePatientName, type JobViewDetails, knownTimeZone, stageName } from '@quill/core';
import { asc, eq } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import {
  clientFacilities,
  corporateStructures,
  departments,
  jobNotes,
  locations,
  patients,
  serviceCentres,
} from '../../db/schema/index.js';
import { facilityHasAttachments } from '../attachments/facilityHasAttachments.js';
import { auditJob } from '../audit/auditJob.js';
import type { Auth } from '../auth/resolveSession.js';
import { requireJob } from '../jobAccess/requireJob.js';
import {
  loadFlags,
  loadPhysicians,
  loadRecipients,
  loadWorkType,
  toJobPhysician,
  toWorkType,
} from './jobRows.js';

const ref = (row: { id: number; name: string; companyNameId: string }) => ({
  id: row.id,
  name: row.name,
  companyNameId: row.companyNameId,
});

/**
 * GET /api/job/GetJobDetails: the job view's data (spec 02 §3 "Job detail"); the patient name only
 * with adtView, adtEdit or jobEditAdt. Audited as a read of patient data.
 */
export async function getJobViewDetails(
  ctx: AppContext,
  auth: Auth,
  jobId: number,
  ip: string | null,
): Promise<JobViewDetails> {
  const job = await requireJob(ctx, auth, jobId);
  const db = ctx.database.db;
  const one = async <T>(rows: Promise<T[]>) => (await rows)[0];
  const [cf, sc, cs] = await Promise.all([
    one(db.select().from(clientFacilities).where(eq(clientFacilities.id, job.clientFacilityId))),
    one(db.select().from(serviceCentres).where(eq(serviceCentres.id, job.serviceCentreId))),
    one(db.select().from(corporateStructures).where(eq(corporateStructures.id, job.corporateStructureId))),
  ]);
  const people = await loadPhysicians(db, job.corporateStructureId, [job.dictatorId, job.dictatedForId]);
  const workType = job.workTypeId ? await loadWorkType(db, job, job.workTypeId) : undefined;
  const department = job.departmentId
    ? await one(db.select().from(departments).where(eq(departments.id, job.departmentId)))
    : undefined;
  const location = job.locationId
    ? await one(db.select().from(locations).where(eq(locations.id, job.locationId)))
    : undefined;
  const patient =
    job.patientId && canSeePatientName(auth.permissions)
      ? await one(db.select().from(patients).where(eq(patients.id, job.patientId)))
      : undefined;
  const notes = await db
    .select()
    .from(jobNotes)
    .where(eq(jobNotes.jobId, jobId))
    .orderBy(asc(jobNotes.createdAt), asc(jobNotes.id));
  const details: JobViewDetails = {
    jobId: job.id,
    dictationId: job.dictationId,
    createdDate: job.createdAt.toISOString(),
    dictatedDate: job.dictatedAt?.toISOString() ?? null,
    dictationDate: job.dateOfService,
    timeZone: knownTimeZone(cf!.timeZone),
    dictator: toJobPhysician(job.dictatorId ? people.get(job.dictatorId) : undefined),
    dictatedFor: toJobPhysician(job.dictatedForId ? people.get(job.dictatedForId) : undefined),
    clientFacility: ref(cf!),
    serviceCenter: ref(sc!),
    corporateCompany: ref(cs!),
    workType: workType ? toWorkType(workType) : null,
    stat: job.stat === 'U' || job.stat === 'M' ? job.stat : null,
    stageId: job.stageId,
    stageName: stageName(job.stageId) ?? '',
    componentType: job.componentType,
    version: job.version,
    bookingCookie: null,
    docEdited: job.edited,
    editedVia: job.editedVia,
    isProtected: job.isProtected,
    warnedOfProtection: job.warnedOfProtection,
    forceResign: job.forceResign,
    skipExport: job.skipExport,
    skipPrint: job.skipPrint,
    holdQueueFlags: await loadFlags(db, jobId),
    isPreTranscription: job.isPreTranscription,
    isWordEdit: job.documentType === 'DOCX',
    supercedesJobId: job.supercedesJobId,
    supplementName: job.supplementName,
    supplementType: job.supplementType,
    jobType: job.jobType,
    mtName: job.mtName,
    patientId: job.patientId,
    patientName: patient ? `${patient.lastName}, ${patient.firstName}` : null,
    department: department ? { id: department.id, name: department.name } : null,
    location: location
      ? { id: location.id, code: location.code, name: location.name, auto: location.auto }
      : null,
    jobNote: job.jobNote,
    jobNotes: notes.map((n) => ({
      createdBy: n.createdBy,
      appName: n.appName,
      createdDate: n.createdAt.toISOString(),
      note: n.note,
    })),
    // The CDA editor edits tables; Word documents are edited elsewhere.
    jobPermissions: { hasTableSupport: job.documentType !== 'DOCX' },
    // Recipients a registry manages: no custom physician may be saved from this job (dictatorAdd).
    hasRecipientRegistryId: job.recipientRegistryId !== null,
    // The facility's setting, or attachments that arrived for it (docs/decisions.md, issue 22).
    attachmentsEnabled: cf!.attachmentsEnabled || (await facilityHasAttachments(ctx, cf!.id)),
    recipients: await loadRecipients(db, job),
  };
  await auditJob(ctx, auth, job, 'job.view.read', ip);
  return details;
}
