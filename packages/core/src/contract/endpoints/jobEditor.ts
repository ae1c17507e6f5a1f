import { DocumentPatientAnswerSchema } from '../adt/patientIdentity.js';
import { type Endpoint, endpoint } from '../endpoint.js';
import {
  CanAccessJobSchema,
  DepartmentListSchema,
  DocumentAvailabilitySchema,
  FacilityWorkTypesQuerySchema,
  GetPhysicianQuerySchema,
  JobCdaSchema,
  JobDataSchema,
  JobPathSchema,
  JobQuerySchema,
  JobVersionSchema,
  JobViewDetailsSchema,
  LocationListSchema,
  PhysicianListSchema,
  PhysicianSchema,
  SearchPhysiciansQuerySchema,
  WorkTypeListSchema,
} from '../job.js';
import {
  AddendumBodySchema,
  AddendumResultSchema,
  BookOutBodySchema,
  BookOutResultSchema,
  CancelBookingQuerySchema,
  CancelBookingResultSchema,
  ExtendBookingBodySchema,
  ExtendBookingResultSchema,
  HoldQueueCheckBodySchema,
  HoldQueueCheckResultSchema,
  JobDataRequestSchema,
  RefreshJobDataResultSchema,
  SaveCdaBodySchema,
  SaveJobBodySchema,
  SaveJobResultSchema,
  SetJobDataBodySchema,
  TranscribeResultSchema,
} from '../jobSave.js';
import { PhysicianPathSchema, SavePhysicianRequestSchema, SavePhysicianResultSchema } from '../physician.js';

const tags = ['job'];

/** The job editor's calls (spec 02 §3–§7 "Job-side calls"; booking: ARCHITECTURE §4). */
export const JOB_EDITOR = {
  /** May the selected account open the job (before anything else is read). */
  canAccess: endpoint({
    method: 'GET',
    path: '/api/job/canaccessjob',
    tags,
    query: JobQuerySchema,
    answer: CanAccessJobSchema,
  }),
  /** Spec 02 §3 "Job detail": the header, details card, notes and recipients of one job. */
  details: endpoint({
    method: 'GET',
    path: '/api/job/GetJobDetails',
    tags,
    query: JobQuerySchema,
    answer: JobViewDetailsSchema,
  }),
  /** Issue 39: the patient the job's document names, beside the job's own patient. */
  documentPatient: endpoint({
    method: 'GET',
    path: '/api/job/GetDocumentPatient',
    tags,
    query: JobQuerySchema,
    answer: DocumentPatientAnswerSchema,
  }),
  /** Spec 02 §3 "Job availability": which document and audio the job has. */
  availability: endpoint({
    method: 'GET',
    path: '/api/job/GetDocumentAvailability',
    tags,
    query: JobQuerySchema,
    answer: DocumentAvailabilitySchema,
  }),
  /** The editing model of the job's CDA document and the version it is. */
  cda: endpoint({
    method: 'GET',
    path: '/api/job/getcda',
    tags,
    query: JobQuerySchema,
    answer: JobCdaSchema,
  }),
  /** The job data as a save would send it, with recipients and hold-queue flags. */
  jobData: endpoint({
    method: 'GET',
    path: '/api/job/getjobdata',
    tags,
    query: JobQuerySchema,
    answer: JobDataSchema,
  }),
  /** The job's current version (checked before a save). */
  version: endpoint({
    method: 'GET',
    path: '/api/job/getjobversion',
    tags,
    query: JobQuerySchema,
    answer: JobVersionSchema,
  }),
  /** The work types a job of the client facility may have. */
  workTypes: endpoint({
    method: 'GET',
    path: '/api/job/GetClientFacilityWorktypes',
    tags,
    query: FacilityWorkTypesQuerySchema,
    answer: WorkTypeListSchema,
  }),
  /** The departments of the job's client facility. */
  departments: endpoint({
    method: 'GET',
    path: '/api/job/getDepartmentsByJobId/{id}',
    tags,
    params: JobPathSchema,
    answer: DepartmentListSchema,
  }),
  /** The locations of the job's client facility. */
  locations: endpoint({
    method: 'GET',
    path: '/api/job/getLocationsByJobId/{id}',
    tags,
    params: JobPathSchema,
    answer: LocationListSchema,
  }),
  /** Books the job out to the account: an exclusive, expiring lock and its booking cookie. */
  bookOut: endpoint({
    method: 'POST',
    path: '/api/job/bookoutjob',
    tags,
    body: BookOutBodySchema,
    answer: BookOutResultSchema,
  }),
  /**
   * Issue 43: opens a Finished, distributed job for an addendum — books it out to the account
   * (jobEditText) with the reason; a save that changes the text makes the addendum version.
   */
  addendum: endpoint({
    method: 'POST',
    path: '/api/job/addendum',
    tags,
    body: AddendumBodySchema,
    answer: AddendumResultSchema,
  }),
  /**
   * Issue 27: books an audio-only job out and gives it the draft its transcription starts from
   * (the speech recognizer's, else a new document from the work type's template).
   */
  transcribe: endpoint({
    method: 'POST',
    path: '/api/job/transcribe',
    tags,
    body: BookOutBodySchema,
    answer: TranscribeResultSchema,
  }),
  /** Keeps a live booking alive while editing. */
  extendBooking: endpoint({
    method: 'POST',
    path: '/api/job/extendbooking',
    tags,
    body: ExtendBookingBodySchema,
    answer: ExtendBookingResultSchema,
  }),
  /** Releases the booking (its cookie in the query, as the spec's call sends it). */
  cancelBooking: endpoint({
    method: 'POST',
    path: '/api/job/cancelbooking',
    tags,
    query: CancelBookingQuerySchema,
    answer: CancelBookingResultSchema,
  }),
  /** Spec 02 §4 "Save": the text, the job data and the save mode in one transaction. */
  save: endpoint({
    method: 'POST',
    path: '/api/job/savejob',
    tags,
    body: SaveJobBodySchema,
    answer: SaveJobResultSchema,
  }),
  /** Saves the text only; the booking and the stage stay. */
  saveCda: endpoint({
    method: 'POST',
    path: '/api/job/saveCDA',
    tags,
    body: SaveCdaBodySchema,
    answer: SaveJobResultSchema,
  }),
  /** Saves the job data only. */
  setJobData: endpoint({
    method: 'POST',
    path: '/api/job/setjobdata',
    tags,
    body: SetJobDataBodySchema,
    answer: SaveJobResultSchema,
  }),
  /** Spec 02 §4 "Work type change": the job data the posted fields would give, nothing saved. */
  refreshJobData: endpoint({
    method: 'POST',
    path: '/api/job/RefreshJobData',
    tags,
    body: JobDataRequestSchema,
    answer: RefreshJobDataResultSchema,
  }),
  /** The hold-queue rules' results for the job data and text as they would be saved. */
  holdQueueCheck: endpoint({
    method: 'POST',
    path: '/api/job/RunHoldQueueCheck',
    tags,
    body: HoldQueueCheckBodySchema,
    answer: HoldQueueCheckResultSchema,
  }),
  /** Physicians by member, by facility and text, or by search type and names (at most 300). */
  searchPhysicians: endpoint({
    method: 'GET',
    path: '/api/jobs/SearchPhysicians',
    tags,
    query: SearchPhysiciansQuerySchema,
    answer: PhysicianListSchema,
  }),
  /** One physician by user id (the physician popover). */
  physician: endpoint({
    method: 'GET',
    path: '/api/jobs/GetPhysician',
    tags,
    query: GetPhysicianQuerySchema,
    answer: PhysicianSchema,
  }),
  /** Spec 02 §7 "get physician by userId" (path ours): one physician of the account's structures. */
  physicianById: endpoint({
    method: 'GET',
    path: '/api/jobs/physicians/{userId}',
    tags,
    params: PhysicianPathSchema,
    answer: PhysicianSchema,
  }),
  /**
   * Spec 02 §7: adds a custom physician to the client facility's directory (Confirm and Save);
   * needs Dictator add and a job without a recipient registry id; answers the new user id.
   */
  savePhysician: endpoint({
    method: 'POST',
    path: '/api/job/SavePhysician',
    tags,
    body: SavePhysicianRequestSchema,
    answer: SavePhysicianResultSchema,
  }),
} as const satisfies Record<string, Endpoint>;
