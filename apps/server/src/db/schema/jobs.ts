import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { bigId, createdAt } from './columns.js';
import {
  clientFacilities,
  corporateStructures,
  departments,
  locations,
  serviceCentres,
  workTypes,
} from './organisation.js';
import { orders, patients, visits } from './patients.js';
import { accounts, physicians } from './people.js';

/** bytea, read as a plain Uint8Array from either driver (node-postgres answers a Buffer). */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => new Uint8Array(value),
});

/** A transcription job. `stageId` follows the catalogue in @quill/core rules/jobList/stages. */
export const jobs = pgTable(
  'jobs',
  {
    id: bigId(),
    originalJobId: bigint('original_job_id', { mode: 'number' }),
    dictationId: text('dictation_id').notNull(),
    corporateStructureId: integer('corporate_structure_id')
      .notNull()
      .references(() => corporateStructures.id),
    serviceCentreId: integer('service_centre_id')
      .notNull()
      .references(() => serviceCentres.id),
    clientFacilityId: integer('client_facility_id')
      .notNull()
      .references(() => clientFacilities.id),
    dictatorId: integer('dictator_id').references(() => physicians.id),
    dictatedForId: integer('dictated_for_id').references(() => physicians.id),
    patientId: integer('patient_id').references(() => patients.id),
    visitId: integer('visit_id').references(() => visits.id),
    workTypeId: integer('work_type_id').references(() => workTypes.id),
    departmentId: integer('department_id').references(() => departments.id),
    locationId: integer('location_id').references(() => locations.id),
    stageId: integer('stage_id').notNull(),
    /** HI: health information management; TR: transcription. */
    componentType: text('component_type').notNull().default('TR'),
    /** null, 'U' or 'M' (spec 02 §4 "Stat"). */
    stat: text('stat'),
    /** Goes up by one on every save; a save names the version it was based on. */
    version: integer('version').notNull().default(1),
    /** 'CDA', 'DOCX' or null for audio-only jobs. */
    documentType: text('document_type'),
    jobType: text('job_type').notNull().default('standard'),
    mtName: text('mt_name'),
    isProtected: boolean('is_protected').notNull().default(false),
    warnedOfProtection: boolean('warned_of_protection').notNull().default(false),
    forceResign: boolean('force_resign').notNull().default(false),
    /** Why the job waits to be signed again (issue 43: an edit after signing, a return for correction). */
    resignReason: text('resign_reason'),
    skipExport: boolean('skip_export').notNull().default(false),
    skipPrint: boolean('skip_print').notNull().default(false),
    isPreTranscription: boolean('is_pre_transcription').notNull().default(false),
    edited: boolean('edited').notNull().default(false),
    editedVia: text('edited_via'),
    signed: boolean('signed').notNull().default(false),
    faxed: boolean('faxed').notNull().default(false),
    /** On the manual distribution list (the pending queue) until cleared. */
    onManualList: boolean('on_manual_list').notNull().default(false),
    clearedAt: timestamp('cleared_at', { withTimezone: true }),
    supercedesJobId: bigint('supercedes_job_id', { mode: 'number' }),
    supplementName: text('supplement_name'),
    supplementType: text('supplement_type'),
    /** Current job note text (the history is in job_notes). */
    jobNote: text('job_note'),
    /**
     * The job's recipients are managed by an outside recipient registry (spec 02 §3
     * hasRecipientRegistryId): no custom physician may be saved to the system from it (§6).
     */
    recipientRegistryId: text('recipient_registry_id'),
    /**
     * The job's row of the list's binary format (contract BINARY_ROW), kept by the BEFORE INSERT OR
     * UPDATE trigger of migration 0008, whose function is made from core's JOB_LIST_ROW_LAYOUT
     * (migration 0033) — so 100,000 list rows are read, not built, per list call. Never written by
     * the application.
     */
    listRow: bytea('list_row'),
    /** ADT values of this job keyed "SEG.field.component" (outputAdtData); orders are in job_orders. */
    adt: jsonb('adt').$type<Record<string, string>>().notNull().default({}),
    /**
     * The job shows a patient name or MRN other than its linked record's (its own ADT values, core
     * jobPatientDisplay); kept by the triggers of migration 0029. Never written by the application.
     */
    ownPatient: boolean('own_patient').notNull().default(false),
    /** Physician-type items of this job: physician id by "SEG.field" (hl7Physician, e.g. "PV1.7"). */
    adtPhysicians: jsonb('adt_physicians').$type<Record<string, number>>().notNull().default({}),
    createdAt: createdAt(),
    dictatedAt: timestamp('dictated_at', { withTimezone: true }),
    /**
     * Turnaround times (issue 27, docs/domain.md "Turnaround time"): the stage times are stamped by
     * the jobs_flow_times trigger of migration 0025; the first text by the save or import that
     * stores the first document.
     */
    transcriptionStartedAt: timestamp('transcription_started_at', { withTimezone: true }),
    firstTextAt: timestamp('first_text_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    distributedAt: timestamp('distributed_at', { withTimezone: true }),
    /** The account whose save stored the job's first text in Quill (TAT per transcriptionist). */
    transcribedByAccountId: integer('transcribed_by_account_id').references(() => accounts.id),
    signedAt: timestamp('signed_at', { withTimezone: true }),
    dateOfService: date('date_of_service'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('jobs_cf_stage_idx').on(t.clientFacilityId, t.stageId),
    index('jobs_cf_manual_idx')
      .on(t.clientFacilityId)
      .where(sql`${t.onManualList} and ${t.clearedAt} is null`),
    index('jobs_cs_idx').on(t.corporateStructureId),
    index('jobs_patient_idx').on(t.patientId),
    // Job Search: a dictator's jobs, and the jobs of dictation days in a structure.
    index('jobs_dictator_idx').on(t.dictatorId),
    index('jobs_cs_dictated_idx').on(t.corporateStructureId, t.dictatedAt),
    // My productivity (issue 27): the jobs whose first text an account stored, by when.
    index('jobs_transcribed_by_idx').on(t.transcribedByAccountId, t.firstTextAt),
    // Also, made by migration 0008 (drizzle has no INCLUDE): jobs_list_cover_idx, which covers a
    // list batch (the list_row and the ids its header needs), and jobs_list_notes_idx; by 0029,
    // jobs_own_patient_idx (the jobs whose list header names their own patient).
  ],
);

/** The job a row belongs to. */
export const jobRef = () =>
  bigint('job_id', { mode: 'number' })
    .notNull()
    .references(() => jobs.id);

/**
 * The job's orders (spec 02 §3 "Order"): each with its own values and physicians, accepted from an
 * order record (`orderId`) or added by hand (null). `id` is the order's instanceId.
 */
export const jobOrders = pgTable(
  'job_orders',
  {
    id: serial('id').primaryKey(),
    jobId: jobRef(),
    orderId: integer('order_id').references(() => orders.id),
    ordinal: integer('ordinal').notNull().default(0),
    /** Order values keyed "SEG.field.component" (ORC/OBR). */
    adt: jsonb('adt').$type<Record<string, string>>().notNull().default({}),
    /** Physician id by "SEG.field" (e.g. "OBR.16", the ordering physician). */
    physicians: jsonb('physicians').$type<Record<string, number>>().notNull().default({}),
  },
  (t) => [
    uniqueIndex('job_orders_job_order_idx').on(t.jobId, t.orderId),
    index('job_orders_order_idx').on(t.orderId),
  ],
);

/** Every saved document version is kept; nothing is overwritten. Bytes live in the blob store. */
export const documentVersions = pgTable(
  'document_versions',
  {
    id: bigId(),
    jobId: jobRef(),
    /** The job version this document belongs to. */
    version: integer('version').notNull(),
    /** 'CDA' or 'DOCX' */
    format: text('format').notNull(),
    blobKey: text('blob_key').notNull(),
    size: integer('size').notNull(),
    isDraft: boolean('is_draft').notNull().default(false),
    /**
     * import, transcription, save, seed, wopi; 'template' (a draft Transcribe started from the
     * work type's template) and 'asr' (a draft from the speech recognizer), both drafts.
     */
    source: text('source').notNull(),
    /** Narrative characters this save added over the text it started from (productivity). */
    typedChars: integer('typed_chars'),
    /**
     * An addendum (issue 43): a correction after distribution, kept beside the version it amends
     * (`addendumOfVersion`), printed "Addendum — date, author, reason" above the original text.
     */
    addendumOfVersion: integer('addendum_of_version'),
    addendumReason: text('addendum_reason'),
    createdByAccountId: integer('created_by_account_id').references(() => accounts.id),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('document_versions_job_version_idx').on(t.jobId, t.version, t.isDraft),
    // My productivity (issue 27): an account's saves, by when.
    index('document_versions_created_by_idx').on(t.createdByAccountId, t.createdAt),
    // The orphan blob sweep (issue 41, db/blobReferences.ts): is this file named by a row?
    index('document_versions_blob_key_idx').on(t.blobKey),
  ],
);

/** Dictation audio renditions of a job: 'wav', 'opus' and the uploaded 'original'. */
export const audioFiles = pgTable(
  'audio_files',
  {
    id: serial('id').primaryKey(),
    jobId: jobRef(),
    codec: text('codec').notNull(),
    mimeType: text('mime_type').notNull(),
    blobKey: text('blob_key').notNull(),
    size: integer('size').notNull(),
    durationMs: integer('duration_ms'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('audio_files_job_codec_idx').on(t.jobId, t.codec),
    index('audio_files_blob_key_idx').on(t.blobKey),
  ],
);

/** Addressees and carbon copies of a job (spec 02 §3 "Recipient"). */
export const recipients = pgTable(
  'recipients',
  {
    id: serial('id').primaryKey(),
    jobId: jobRef(),
    /** Null for a custom recipient or the patient. */
    physicianId: integer('physician_id').references(() => physicians.id),
    isAddressee: boolean('is_addressee').notNull().default(false),
    isPatient: boolean('is_patient').notNull().default(false),
    auto: boolean('auto').notNull().default(false),
    removed: boolean('removed').notNull().default(false),
    capacityCode: text('capacity_code'),
    capacityDescription: text('capacity_description'),
    /** fax, print (manual distribution) or electronic */
    distributionMethod: text('distribution_method').notNull().default('print'),
    /** Details of a custom recipient (first/last name, fax, address…) as typed. */
    custom: jsonb('custom').$type<Record<string, string>>(),
    ordinal: integer('ordinal').notNull().default(0),
  },
  (t) => [index('recipients_job_idx').on(t.jobId)],
);

export const jobNotes = pgTable(
  'job_notes',
  {
    id: serial('id').primaryKey(),
    jobId: jobRef(),
    note: text('note').notNull(),
    appName: text('app_name').notNull().default('Quill'),
    createdByAccountId: integer('created_by_account_id').references(() => accounts.id),
    createdBy: text('created_by').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('job_notes_job_idx').on(t.jobId)],
);

/** Hold-queue flags raised on a job (spec 02 §3 "Hold queue flag"). */
export const jobFlags = pgTable(
  'job_flags',
  {
    jobId: jobRef(),
    code: text('code').notNull(),
    description: text('description').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.jobId, t.code] })],
);

/** Per-account viewed markers for the list's green PDF/RTF buttons. */
export const jobViews = pgTable(
  'job_views',
  {
    jobId: jobRef(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id),
    pdfViewedAt: timestamp('pdf_viewed_at', { withTimezone: true }),
    rtfViewedAt: timestamp('rtf_viewed_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.jobId] })],
);

/** The exclusive, expiring check-out of a job for editing. Only the cookie's SHA-256 is stored. */
export const bookings = pgTable('bookings', {
  jobId: bigint('job_id', { mode: 'number' })
    .primaryKey()
    .references(() => jobs.id),
  accountId: integer('account_id')
    .notNull()
    .references(() => accounts.id),
  cookieHash: text('cookie_hash').notNull(),
  createdAt: createdAt(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  /** The stage the job had before it was booked out to the editor stage (410); restored on cancel. */
  restoreStageId: integer('restore_stage_id'),
  /**
   * The WOPI lock of the booking (issue 22): the lock id the account's WOPI client set with Lock;
   * null while unlocked. A Word document is locked only by the account that holds the booking.
   */
  wopiLock: text('wopi_lock'),
  /**
   * The job version this booking's unsaved Word edit started from: set by its first PutFile, cleared
   * by a save that keeps the booking. saveWordDocument based on it is not stale for the versions
   * the booking's own PutFiles made since.
   */
  wordBaseVersion: integer('word_base_version'),
  /**
   * Set when the booking opens a Finished job for an addendum (issue 43): the reason the author
   * gave. A save of this booking that changes the text makes an addendum version (its
   * `addendumOfVersion` the distributed version, this reason); cancelling returns the job to the
   * stage it was booked from, unchanged.
   */
  addendumReason: text('addendum_reason'),
});

/**
 * The queue counts of each client facility (getcounts), kept by statement-level triggers on `jobs`
 * (migration 0005): every insert, update, delete or truncate of jobs moves them in the same
 * transaction, so they are always what counting the jobs would answer — without counting 100,000
 * rows per call. Which stages count as hq and failed is the stage catalogue's (core rules/jobList/stages.ts);
 * services/jobList/queueMembership.int.test.ts holds the triggers to it.
 */
export const jobCounts = pgTable(
  'job_counts',
  {
    corporateStructureId: integer('corporate_structure_id').notNull(),
    clientFacilityId: integer('client_facility_id').notNull(),
    pending: integer('pending').notNull().default(0),
    hq: integer('hq').notNull().default(0),
    failed: integer('failed').notNull().default(0),
    all: integer('all').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.corporateStructureId, t.clientFacilityId] })],
);
