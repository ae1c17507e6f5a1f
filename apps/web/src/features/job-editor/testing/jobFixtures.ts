import type { CdaEditModel } from '@quill/core/contract/documents/cda';
import type { DocumentAvailability, JobViewDetails } from '@quill/core/contract/job';

const company = (id: number, name: string) => ({ id, name, companyNameId: `C${id}` });

/** A job's details as GetJobDetails answers them. */
export function jobDetails(overrides: Partial<JobViewDetails> = {}): JobViewDetails {
  return {
    jobId: 42,
    dictationId: 'D-42',
    createdDate: '2026-03-01T09:00:00Z',
    dictatedDate: '2026-03-01T08:30:00Z',
    dictationDate: '2026-03-01T08:30:00Z',
    timeZone: 'America/New_York',
    dictator: {
      userId: 3,
      prefix: 'Dr',
      firstName: 'Ada',
      lastName: 'Byron',
      suffix: null,
      middleInitial: null,
      accessCode: 'AB1',
    },
    dictatedFor: null,
    clientFacility: company(10, 'North Clinic'),
    serviceCenter: company(2, 'North Service'),
    corporateCompany: company(1, 'North Health'),
    workType: {
      id: 5,
      name: 'Consultation',
      number: 12,
      enableAddressee: true,
      minAddressees: 0,
      maxAddressees: 3,
      maxAddresseesSpecified: true,
      allowPatientAsRecipient: true,
    },
    stat: null,
    stageId: 3,
    stageName: 'Hold Queue',
    componentType: 'TR',
    version: 2,
    bookingCookie: null,
    docEdited: false,
    editedVia: null,
    isProtected: false,
    warnedOfProtection: false,
    forceResign: false,
    skipExport: false,
    skipPrint: false,
    holdQueueFlags: [{ code: 'NODICT', description: 'No dictator' }],
    isPreTranscription: false,
    isWordEdit: false,
    supercedesJobId: null,
    supplementName: null,
    supplementType: null,
    jobType: 'standard',
    mtName: null,
    patientId: 9,
    patientName: 'Doe, Jane',
    department: null,
    location: null,
    jobNote: 'Call <back> — café',
    jobNotes: [
      {
        createdBy: 'Morgan Reyes',
        appName: 'Quill',
        createdDate: '2026-03-01T10:00:00Z',
        note: 'Call <back> — café',
      },
    ],
    jobPermissions: { hasTableSupport: true },
    hasRecipientRegistryId: false,
    attachmentsEnabled: false,
    recipients: [],
    ...overrides,
  };
}

/** GetDocumentAvailability of a job with a CDA and wav audio. */
export function availability(overrides: Partial<DocumentAvailability> = {}): DocumentAvailability {
  return {
    documentType: 'CDA',
    isFallbackDocument: false,
    hasCDA: true,
    hasWord: false,
    hasWav: true,
    hasOpus: false,
    ...overrides,
  };
}

/** getcda: a model with an editable section and a read-only one. */
export function cdaAnswer(version = 2): { version: number; model: CdaEditModel; draft: string | null } {
  return {
    version,
    draft: null,
    model: {
      header: {
        title: 'Consultation',
        documentType: null,
        patientName: null,
        mrn: null,
        birthTime: null,
        gender: null,
        author: null,
        authorTime: null,
        effectiveTime: null,
        custodian: null,
      },
      sections: [
        {
          key: '0',
          title: 'History of Present Illness',
          code: null,
          editable: true,
          blocks: [{ kind: 'paragraph', runs: [{ text: 'The patient reports mild pain.' }] }],
          sections: [],
        },
        {
          key: '1',
          title: 'Medications',
          code: null,
          editable: false,
          blocks: [{ kind: 'paragraph', runs: [{ text: 'Aspirin 81 mg.' }] }],
          sections: [],
        },
      ],
    },
  };
}

/** The job calls of a job that loads with a CDA (override any). */
export function jobRoutesFor(jobId = 42) {
  return {
    'GET /api/job/canaccessjob': { canAccess: true },
    'GET /api/job/GetJobDetails': jobDetails({ jobId }),
    'GET /api/job/GetDocumentAvailability': availability(),
    'GET /api/job/getcda': cdaAnswer(),
    // The Document Details card's lists (asked for in edit mode).
    'GET /api/job/GetClientFacilityWorktypes': [jobDetails().workType],
    [`GET /api/job/getDepartmentsByJobId/${jobId}`]: [],
    [`GET /api/job/getLocationsByJobId/${jobId}`]: [],
    // The job's deliveries (issue 43), shown under its notes: none yet.
    'GET /api/jobs/deliveries': [],
  };
}
