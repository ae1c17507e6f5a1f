import { z } from 'zod';
import { MAX_JOB_RECIPIENTS } from '../rules/recipients/recipients.js';
import { CdaEditModelSchema } from './documents/cda.js';
import { plainText } from './documents/text.js';
import { bodyId, queryId as id, wholeNumberText } from './ids.js';
import { PhysicianDetailsSchema } from './physician.js';

/**
 * The job view's server calls (spec 02 §7 "Job-side calls", issue 7): job details, document,
 * job data, lookups and physicians. Booking and saving are in jobSave.ts. Methods and payloads the
 * spec leaves "not shown" are ours.
 */

const optionalId = (name: string) => bodyId(name).nullable();

/** `?jobId=` of the read calls. */
export const JobQuerySchema = z.object({ jobId: id('jobId') });
/** `/{id}` of getDepartmentsByJobId and getLocationsByJobId. */
export const JobPathSchema = z.object({ id: id('id') });

/** Answer of canaccessjob. */
export const CanAccessJobSchema = z.object({ canAccess: z.boolean(), reason: z.string().optional() });
export type CanAccessJob = z.infer<typeof CanAccessJobSchema>;

/** Spec 02 §3 "Physician" (every flag with its Specified flag). */
export const PhysicianSchema = z.object({
  userId: z.number().int(),
  userIdSpecified: z.boolean(),
  accessCode: z.string().nullable(),
  addressLine1: z.string().nullable(),
  addressLine2: z.string().nullable(),
  addressLine3: z.string().nullable(),
  addressLine4: z.string().nullable(),
  clientUserCode: z.string().nullable(),
  country: z.string().nullable(),
  credentials: z.string().nullable(),
  email: z.string().nullable(),
  externalESignFlag: z.boolean(),
  externalESignFlagSpecified: z.boolean(),
  fax: z.string().nullable(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  middleInitial: z.string().nullable(),
  mnemonic: z.string().nullable(),
  postalCode: z.string().nullable(),
  prefix: z.string().nullable(),
  residentFlag: z.boolean(),
  residentFlagSpecified: z.boolean(),
  spelling: z.string().nullable(),
  suffix: z.string().nullable(),
  specialty: z.string().nullable(),
  jobTitle: z.string().nullable(),
  globalId: z.string().nullable(),
  recipientProviderId: z.string().nullable(),
  recipientProviderIdSpecified: z.boolean(),
  telephone: z.string().nullable(),
  signatureBlock: z.string().nullable(),
  secureMessagingEnabled: z.boolean(),
  secureMessagingEnabledSpecified: z.boolean(),
});
export type Physician = z.infer<typeof PhysicianSchema>;
/** Answer of SearchPhysicians. */
export const PhysicianListSchema = z.array(PhysicianSchema);

/** Spec 02 §3 "Recipient": a physician (or the patient, or a custom one) on the job. */
export const RecipientSchema = PhysicianSchema.extend({
  id: z.number().int(),
  auto: z.boolean(),
  autoSpecified: z.boolean(),
  isAddressee: z.boolean(),
  isAddresseeSpecified: z.boolean(),
  isPatient: z.boolean(),
  isPatientSpecified: z.boolean(),
  capacityCode: z.string().nullable(),
  capacityDescription: z.string().nullable(),
  removed: z.boolean(),
  removedSpecified: z.boolean(),
});
export type Recipient = z.infer<typeof RecipientSchema>;

/** Dictator and dictated-for as the job detail names them. */
export const JobPhysicianSchema = z.object({
  userId: z.number().int(),
  prefix: z.string().nullable(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  suffix: z.string().nullable(),
  middleInitial: z.string().nullable(),
  accessCode: z.string().nullable(),
});

/** Spec 02 §3 "Work type". */
export const WorkTypeSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  number: z.number().int(),
  enableAddressee: z.boolean(),
  minAddressees: z.number().int(),
  maxAddressees: z.number().int().nullable(),
  maxAddresseesSpecified: z.boolean(),
  allowPatientAsRecipient: z.boolean(),
});
export type WorkType = z.infer<typeof WorkTypeSchema>;
/** Answer of GetClientFacilityWorktypes. */
export const WorkTypeListSchema = z.array(WorkTypeSchema);

/** Spec 02 §3 "Department and location". */
export const DepartmentSchema = z.object({ id: z.number().int(), name: z.string() });
/** Answer of getDepartmentsByJobId. */
export const DepartmentListSchema = z.array(DepartmentSchema);
/** Spec 02 §3 "Department and location": a location with its code. */
export const LocationSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  auto: z.boolean(),
});
/** Answer of getLocationsByJobId. */
export const LocationListSchema = z.array(LocationSchema);
/** Spec 02 §3 "Hold queue flag". */
export const HoldQueueFlagSchema = z.object({ code: z.string(), description: z.string() });
export type HoldQueueFlag = z.infer<typeof HoldQueueFlagSchema>;
/** One of the job's earlier notes, as GetJobDetails lists them. */
export const JobNoteSchema = z.object({
  createdBy: z.string(),
  appName: z.string(),
  createdDate: z.string(),
  note: z.string(),
});
const CompanyRefSchema = z.object({ id: z.number().int(), name: z.string(), companyNameId: z.string() });

/** Answer of GetJobDetails: the fields of spec 02 §3 "Job detail" that the domain has. */
export const JobViewDetailsSchema = z.object({
  jobId: z.number().int(),
  dictationId: z.string(),
  createdDate: z.string(),
  dictatedDate: z.string().nullable(),
  dictationDate: z.string().nullable(),
  /** The client facility's IANA time zone: the job's times are shown in it (rules/time/jobTime). */
  timeZone: z.string(),
  dictator: JobPhysicianSchema.nullable(),
  dictatedFor: JobPhysicianSchema.nullable(),
  clientFacility: CompanyRefSchema,
  serviceCenter: CompanyRefSchema,
  corporateCompany: CompanyRefSchema,
  workType: WorkTypeSchema.nullable(),
  stat: z.enum(['U', 'M']).nullable(),
  stageId: z.number().int(),
  stageName: z.string(),
  componentType: z.string(),
  version: z.number().int(),
  /** Always null here: the cookie is only ever answered by bookoutjob. */
  bookingCookie: z.null(),
  docEdited: z.boolean(),
  editedVia: z.string().nullable(),
  isProtected: z.boolean(),
  warnedOfProtection: z.boolean(),
  forceResign: z.boolean(),
  skipExport: z.boolean(),
  skipPrint: z.boolean(),
  holdQueueFlags: z.array(HoldQueueFlagSchema),
  isPreTranscription: z.boolean(),
  isWordEdit: z.boolean(),
  supercedesJobId: z.number().int().nullable(),
  supplementName: z.string().nullable(),
  supplementType: z.string().nullable(),
  jobType: z.string(),
  mtName: z.string().nullable(),
  patientId: z.number().int().nullable(),
  /** Null without adtView, adtEdit or jobEditAdt (the view shows the label Patient Name). */
  patientName: z.string().nullable(),
  department: DepartmentSchema.nullable(),
  location: LocationSchema.nullable(),
  jobNote: z.string().nullable(),
  jobNotes: z.array(JobNoteSchema),
  jobPermissions: z.object({ hasTableSupport: z.boolean() }),
  hasRecipientRegistryId: z.boolean(),
  attachmentsEnabled: z.boolean(),
  recipients: z.array(RecipientSchema),
});
export type JobViewDetails = z.infer<typeof JobViewDetailsSchema>;

/** Answer of GetDocumentAvailability (spec 02 §3 "Job availability"). */
export const DocumentAvailabilitySchema = z.object({
  documentType: z.enum(['CDA', 'DOCX']).nullable(),
  isFallbackDocument: z.boolean(),
  hasCDA: z.boolean(),
  hasWord: z.boolean(),
  hasWav: z.boolean(),
  hasOpus: z.boolean(),
});
export type DocumentAvailability = z.infer<typeof DocumentAvailabilitySchema>;

/**
 * Answer of getcda: the editing model of the job's working document, and the job version. `draft`
 * names a transcription's starting draft (issue 27: 'template' or 'asr') while the job has no
 * document of its own yet; null for the job's current document.
 */
export const JobCdaSchema = z.object({
  version: z.number().int(),
  model: CdaEditModelSchema,
  draft: z.string().nullable(),
});

/** Answer of getjobversion. */
export const JobVersionSchema = z.object({ version: z.number().int() });

/**
 * A recipient as the job data sends it: an existing row by id, a physician, the patient, or custom
 * (its details as typed in the Physician modal; for an existing custom row they replace the kept ones).
 */
export const RecipientInputSchema = z.object({
  id: bodyId('recipient id').optional(),
  physicianId: optionalId('physicianId').optional(),
  isAddressee: z.boolean(),
  isPatient: z.boolean().default(false),
  removed: z.boolean().default(false),
  custom: PhysicianDetailsSchema.optional(),
});
export type RecipientInput = z.infer<typeof RecipientInputSchema>;

const StatSchema = z.enum(['U', 'M'], { error: 'stat must be null, U or M' }).nullable();

/** The job-data part of a save (setjobdata, savejob's setJobDataRequest, RefreshJobData). */
export const SetJobDataRequestSchema = z.object({
  jobId: bodyId('jobId'),
  dictator: optionalId('dictator'),
  dictatedFor: optionalId('dictatedFor'),
  stat: StatSchema,
  workTypeId: optionalId('workTypeId'),
  department: optionalId('department'),
  location: optionalId('location'),
  skipPrint: z.boolean(),
  skipExport: z.boolean(),
  forceResign: z.boolean(),
  isProtected: z.boolean(),
  jobNote: plainText('jobNote', { multiline: true })
    .max(4000, 'A job note may hold at most 4000 characters')
    .nullable(),
  /** Absent: the recipients stay as they are. */
  recipients: z
    .array(RecipientInputSchema)
    .max(MAX_JOB_RECIPIENTS, `At most ${MAX_JOB_RECIPIENTS} recipients`)
    .optional(),
});
export type SetJobDataRequest = z.infer<typeof SetJobDataRequestSchema>;

/** Answer of getjobdata and RefreshJobData. */
export const JobDataSchema = SetJobDataRequestSchema.extend({
  /** As stored (the answer repeats what was saved, whatever the input rules were then). */
  jobNote: z.string().nullable(),
  stageId: z.number().int(),
  companyId: z.number().int(),
  componentType: z.string(),
  isPreTranscription: z.boolean(),
  version: z.number().int(),
  workType: WorkTypeSchema.nullable(),
  recipients: z.array(RecipientSchema),
  holdQueueFlags: z.array(HoldQueueFlagSchema),
});
export type JobData = z.infer<typeof JobDataSchema>;

/** Query of GetClientFacilityWorktypes. */
export const FacilityWorkTypesQuerySchema = z.object({ ClientFacilityId: id('ClientFacilityId') });

/** Physician search types (spec 02 §3): DICTATOR 0, DICTATED_FOR 1, ADT 2, CCLIST 3, NAME_INSERT 4. */
export const PHYSICIAN_SEARCH_TYPES = {
  DICTATOR: 0,
  DICTATED_FOR: 1,
  ADT: 2,
  CCLIST: 3,
  NAME_INSERT: 4,
} as const;
/** Most physicians one search answers (spec 02 §9 dropdown limit). */
export const MAX_PHYSICIAN_RESULTS = 300;

const text = (name: string) => plainText(name, { max: 100 }).trim().optional();
/**
 * Query of SearchPhysicians: memberId | cfId & q | physicianSearchType & companyId & names. With a
 * search type, `q` is the Physician modal's one text (spec 02 §5): "Last, First" prefixes, or
 * without a comma a prefix of the last name, first name, access code or specialty.
 */
export const SearchPhysiciansQuerySchema = z.object({
  memberId: id('memberId').optional(),
  cfId: id('cfId').optional(),
  q: text('q'),
  physicianSearchType: wholeNumberText('physicianSearchType', {
    min: 0,
    max: 4,
    error: 'physicianSearchType must be 0 to 4',
  }).optional(),
  companyId: id('companyId').optional(),
  lastName: text('lastName'),
  firstName: text('firstName'),
  accessCode: text('accessCode'),
  specialty: text('specialty'),
});
export type SearchPhysiciansQuery = z.infer<typeof SearchPhysiciansQuerySchema>;
/** Query of GetPhysician. */
export const GetPhysicianQuerySchema = z.object({ userId: id('userId') });
