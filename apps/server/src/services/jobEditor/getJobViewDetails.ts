import {
  canSeePatientName,
  type JobViewDetails,
  jobPatientDisplay,
  knownTimeZone,
  stageName,
} from '@quill/core';
import type { AppContext } from '../../context.js';
import type { Auth } from '../auth/auth.js';
import { recipientsOf, toJobPhysician, workTypeOf } from './jobRows.js';
import { stampedJobAnswer } from './jobViewCache.js';
import { type JobView, loadJobView } from './loadJobWith.js';

const ref = (row: { id: number; name: string; companyNameId: string }) => ({
  id: row.id,
  name: row.name,
  companyNameId: row.companyNameId,
});

/**
 * GET /api/job/GetJobDetails: the job view's data (spec 02 §3 "Job detail"); the patient name only
 * with adtView, adtEdit or jobEditAdt. Served from memory while the job's stamp holds
 * (jobViewCache.ts), otherwise one statement reads it all (loadJobWith.ts); audited as a read of
 * patient data either way.
 */
export async function getJobViewDetails(
  ctx: AppContext,
  auth: Auth,
  jobId: number,
  ip: string | null,
): Promise<JobViewDetails> {
  const seesPatient = canSeePatientName(auth.permissions);
  return stampedJobAnswer(
    ctx,
    auth,
    jobId,
    seesPatient ? 'viewWithPatient' : 'view',
    { action: 'job.view.read', ip },
    async () => {
      const job = await loadJobView(ctx, auth, jobId, seesPatient);
      return { job, answer: detailsOf(job, seesPatient) };
    },
  );
}

/** The job view's answer from the job and everything read with it. */
function detailsOf(job: JobView, seesPatient: boolean): JobViewDetails {
  const cf = job.clientFacility!;
  const sc = job.serviceCentre!;
  const cs = job.corporateStructure!;
  const ofStructure = (p: typeof job.dictator) =>
    p && p.corporateStructureId === job.corporateStructureId ? p : undefined;
  const { department, location, patient } = job;
  return {
    jobId: job.id,
    dictationId: job.dictationId,
    createdDate: job.createdAt.toISOString(),
    dictatedDate: job.dictatedAt?.toISOString() ?? null,
    dictationDate: job.dateOfService,
    timeZone: knownTimeZone(cf.timeZone),
    dictator: toJobPhysician(ofStructure(job.dictator)),
    dictatedFor: toJobPhysician(ofStructure(job.dictatedFor)),
    clientFacility: ref(cf),
    serviceCenter: ref(sc),
    corporateCompany: ref(cs),
    workType: workTypeOf(job),
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
    holdQueueFlags: job.flags,
    isPreTranscription: job.isPreTranscription,
    isWordEdit: job.documentType === 'DOCX',
    supercedesJobId: job.supercedesJobId,
    supplementName: job.supplementName,
    supplementType: job.supplementType,
    jobType: job.jobType,
    mtName: job.mtName,
    patientId: job.patientId,
    // The job's ADT values over its record (issue 39): the name the panel, list and documents show.
    patientName: seesPatient ? jobPatientDisplay(job.patientAdt, patient).name : null,
    department: department ? { id: department.id, name: department.name } : null,
    location: location
      ? { id: location.id, code: location.code, name: location.name, auto: location.auto }
      : null,
    jobNote: job.jobNote,
    jobNotes: job.notes.map((n) => ({
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
    attachmentsEnabled: cf.attachmentsEnabled || job.facilityHasAttachments,
    recipients: recipientsOf(job),
  };
}
