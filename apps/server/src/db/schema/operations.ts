import {
  bigint,
  boolean,
  index,
  inet,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { bigId, createdAt } from './columns.js';
import { jobRef, recipients } from './jobs.js';
import { clientFacilities, corporateStructures } from './organisation.js';
import { visits } from './patients.js';
import { accounts, sessions, users } from './people.js';

/**
 * A hold-queue rule of a client facility (ARCHITECTURE §4). `kind` names the rule in
 * docs/domain.md (missingMandatoryAdt, addresseeCount, noDictator, emptySection, patientNameMismatch).
 */
export const holdQueueRules = pgTable(
  'hold_queue_rules',
  {
    id: serial('id').primaryKey(),
    clientFacilityId: integer('client_facility_id')
      .notNull()
      .references(() => clientFacilities.id),
    code: text('code').notNull(),
    description: text('description').notNull(),
    kind: text('kind').notNull(),
    params: jsonb('params').$type<Record<string, unknown>>().notNull().default({}),
    enabled: boolean('enabled').notNull().default(true),
  },
  (t) => [uniqueIndex('hold_queue_rules_cf_code_idx').on(t.clientFacilityId, t.code)],
);

/** One delivery of a job to one recipient (fax, print, electronic) and how it went. */
export const distributions = pgTable(
  'distributions',
  {
    id: bigId(),
    jobId: jobRef(),
    recipientId: integer('recipient_id').references(() => recipients.id),
    method: text('method').notNull(),
    /** queued, sending, sent, failed; redirected (replaced by another delivery, `redirectedToId`) */
    status: text('status').notNull(),
    createdAt: createdAt(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    /**
     * Automatic distribution (issue 43): the job version delivered, and the key that makes one
     * delivery per job version, recipient, method and kind (final or preliminary) — a task retried
     * after a crash finds its row instead of delivering twice. Null for a fax a person sent from
     * the list.
     */
    jobVersion: integer('job_version'),
    deliveryKey: text('delivery_key'),
    /** A preliminary copy sent before signing (the work type's pre-sign distribution). */
    preliminary: boolean('preliminary').notNull().default(false),
    attempts: integer('attempts').notNull().default(0),
    /** Why the last attempt failed (no patient data). */
    lastError: text('last_error'),
    /** The fax record a fax delivery made. */
    faxRecordId: bigint('fax_record_id', { mode: 'number' }),
    /** The delivery that replaced this failed one (Redirect). */
    redirectedToId: bigint('redirected_to_id', { mode: 'number' }),
  },
  (t) => [
    index('distributions_job_idx').on(t.jobId),
    uniqueIndex('distributions_delivery_key_idx').on(t.deliveryKey),
    // A save that leaves recipients out asks whether a distribution names them (issue 24).
    index('distributions_recipient_idx').on(t.recipientId),
  ],
);

/** Spec 01 §3 "Job details for the list": distributionErrors (description, createdDate). */
export const distributionErrors = pgTable(
  'distribution_errors',
  {
    id: bigId(),
    jobId: jobRef(),
    description: text('description').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('distribution_errors_job_idx').on(t.jobId)],
);

/**
 * One fax to one recipient. `idempotencyKey` is unique so that a task retried after a crash finds
 * the fax it already sent instead of sending it again.
 */
export const faxRecords = pgTable(
  'fax_records',
  {
    id: bigId(),
    jobId: jobRef(),
    idempotencyKey: text('idempotency_key').notNull(),
    recipientName: text('recipient_name').notNull(),
    faxNumber: text('fax_number').notNull(),
    recipientType: text('recipient_type').notNull(),
    /** queued, sending, sent, failed */
    status: text('status').notNull(),
    transport: text('transport'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    transportReference: text('transport_reference'),
    requestedByAccountId: integer('requested_by_account_id').references(() => accounts.id),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('fax_records_key_idx').on(t.idempotencyKey), index('fax_records_job_idx').on(t.jobId)],
);

/**
 * The jobs one fax carries, in page order (`fax_records.job_id` is the first). `recipientId` is the
 * job's own recipient row this fax reached, when it was one of the job's recipients.
 */
export const faxRecordJobs = pgTable(
  'fax_record_jobs',
  {
    faxRecordId: bigint('fax_record_id', { mode: 'number' })
      .notNull()
      .references(() => faxRecords.id),
    jobId: jobRef(),
    ordinal: integer('ordinal').notNull(),
    recipientId: integer('recipient_id').references(() => recipients.id),
  },
  (t) => [
    primaryKey({ columns: [t.faxRecordId, t.jobId] }),
    index('fax_record_jobs_job_idx').on(t.jobId),
    // …or a fax (services/jobEditor/writeJobData deliveredTo).
    index('fax_record_jobs_recipient_idx').on(t.recipientId),
  ],
);

/**
 * Issue 41: a fax request's client key and its first answer, per account, so that a retry of a
 * request that got no answer answers the same and faxes nothing (services/fax/faxRequestKeys.ts).
 * `requestHash` tells a repeat from another request under the same key; rows older than
 * LIMITS.faxRequestKeyHours are ignored and removed.
 */
export const faxRequests = pgTable(
  'fax_requests',
  {
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    requestKey: text('request_key').notNull(),
    requestHash: text('request_hash').notNull(),
    answer: jsonb('answer').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.requestKey] }),
    index('fax_requests_created_idx').on(t.createdAt),
  ],
);

export const printEvents = pgTable(
  'print_events',
  {
    id: bigId(),
    jobId: jobRef(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id),
    copiesType: integer('copies_type').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('print_events_job_idx').on(t.jobId)],
);

/**
 * Attachments served through the attachments API (spec 02 §3 "Attachment"): a file in the blob
 * store with its name, description and context time, of a client facility, and of a patient or
 * visit of its structure when known. `id` is the spec's attachmentNonSequentialID.
 */
export const attachments = pgTable(
  'attachments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clientFacilityId: integer('client_facility_id')
      .notNull()
      .references(() => clientFacilities.id),
    patientId: integer('patient_id'),
    visitId: integer('visit_id').references(() => visits.id),
    name: text('name').notNull(),
    description: text('description').notNull(),
    mimeType: text('mime_type').notNull(),
    blobKey: text('blob_key').notNull(),
    size: integer('size').notNull(),
    contextStartAt: timestamp('context_start_at', { withTimezone: true }).notNull(),
    /** The account that brought it in (null: the seed or the command line). */
    importedByAccountId: integer('imported_by_account_id').references(() => accounts.id),
    createdAt: createdAt(),
  },
  (t) => [
    index('attachments_cf_time_idx').on(t.clientFacilityId, t.contextStartAt),
    index('attachments_blob_key_idx').on(t.blobKey),
  ],
);

/**
 * The columns of a credential bound to a session (attachments credentials, WOPI access tokens):
 * the SHA-256 of its secret, the session and account it was issued to (a session that ends takes
 * it along), when it was issued and until when it works.
 */
const sessionCredential = () => ({
  idHash: text('id_hash').primaryKey(),
  sessionIdHash: text('session_id_hash')
    .notNull()
    .references(() => sessions.idHash, { onDelete: 'cascade' }),
  accountId: integer('account_id')
    .notNull()
    .references(() => accounts.id),
  createdAt: createdAt(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/**
 * The attachments service's basic credentials (GetAttachmentApiCredentials): random, stored as a
 * SHA-256 hash like the session ids, short-lived, and bound to the session and account that asked
 * — a session that ends (sign-out, expiry, a newer sign-in) takes its credentials with it.
 */
export const attachmentCredentials = pgTable('attachment_credentials', sessionCredential(), (t) => [
  index('attachment_credentials_session_idx').on(t.sessionIdHash),
  index('attachment_credentials_expires_idx').on(t.expiresAt),
]);

/**
 * WOPI access tokens (issue 22, GET /api/jobs/getwordauth): 256 random bits stored only as their
 * SHA-256, for one job, account and session, short-lived (WOPI_TOKEN_SECONDS). A session that ends
 * takes its tokens with it. `version` is the job version of the document the WOPI client holds:
 * the version the token was issued at, moved on by its GetFile and its own PutFiles.
 */
export const wopiTokens = pgTable(
  'wopi_tokens',
  {
    ...sessionCredential(),
    jobId: jobRef(),
    /** An edit token (edit-text permission and a live booking when issued); else view only. */
    canWrite: boolean('can_write').notNull(),
    version: integer('version').notNull(),
    /** The origin of the Quill page the frame is in (CheckFileInfo's PostMessageOrigin). */
    hostOrigin: text('host_origin').notNull(),
  },
  (t) => [
    index('wopi_tokens_session_idx').on(t.sessionIdHash),
    index('wopi_tokens_expires_idx').on(t.expiresAt),
  ],
);

/** Uploaded files: schedules, patient (ADT) files and audio for Create with Audio. */
export const uploads = pgTable(
  'uploads',
  {
    id: bigId(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id),
    clientFacilityId: integer('client_facility_id').references(() => clientFacilities.id),
    /** ADT, SCHEDULE, AUDIO */
    kind: text('kind').notNull(),
    fileName: text('file_name').notNull(),
    blobKey: text('blob_key').notNull(),
    size: integer('size').notNull(),
    actionType: integer('action_type'),
    /** queued, processing, done, failed */
    status: text('status').notNull(),
    mapping: jsonb('mapping'),
    result: jsonb('result'),
    createdAt: createdAt(),
    /** Set when a manager reverted the upload (its upload_changes restored). */
    revertedAt: timestamp('reverted_at', { withTimezone: true }),
    revertedBy: integer('reverted_by').references(() => users.id),
  },
  (t) => [index('uploads_account_idx').on(t.accountId), index('uploads_blob_key_idx').on(t.blobKey)],
);

/**
 * What a schedule or patient upload changed, kept with the upload so a manager can revert it
 * (docs/decisions.md "Schedule upload preview and revert"). One row per changed field of a
 * patient, visit or order (`op` update: `previous` and `next` values), per record the upload added
 * (`op` insert) and per visit it deleted (`op` delete: `previous` holds the visit and its orders).
 */
export const uploadChanges = pgTable(
  'upload_changes',
  {
    id: bigId(),
    uploadId: bigint('upload_id', { mode: 'number' })
      .notNull()
      .references(() => uploads.id),
    /** patient, visit or order */
    entity: text('entity').notNull(),
    entityId: integer('entity_id').notNull(),
    /** The record in words when changed: the patient's MRN, the visit or order number. */
    record: text('record').notNull(),
    /** insert, update or delete */
    op: text('op').notNull(),
    /** The column ("lastName") or ADT key ("adt.PID.11.1") of an update; null otherwise. */
    field: text('field'),
    previous: jsonb('previous'),
    next: jsonb('next'),
  },
  (t) => [index('upload_changes_upload_idx').on(t.uploadId)],
);

/**
 * Append-only audit trail (ARCHITECTURE §5): who, which account, what, which job or patient, when,
 * from where and the outcome. `detail` holds ids and counts, never patient data.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigId(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    userId: integer('user_id').references(() => users.id),
    accountId: integer('account_id').references(() => accounts.id),
    corporateStructureId: integer('corporate_structure_id').references(() => corporateStructures.id),
    action: text('action').notNull(),
    outcome: text('outcome').notNull(),
    jobId: bigint('job_id', { mode: 'number' }),
    patientId: integer('patient_id'),
    ip: inet('ip'),
    detail: jsonb('detail').$type<Record<string, unknown>>().notNull().default({}),
  },
  (t) => [index('audit_log_at_idx').on(t.at), index('audit_log_job_idx').on(t.jobId)],
);

/**
 * The hash chain over audit_log (issue 23, docs/decisions.md "Tamper-evident audit trail"): the
 * sealer (services/audit/sealAuditTrail.ts) gives each committed audit row, in id order, the next
 * `seq`, the hash of the row before it and its own hash, the SHA-256 of `prevHash` and the row's
 * canonical serialisation. Insert only, like audit_log (migration 0017's triggers refuse the rest).
 */
export const auditChain = pgTable('audit_chain', {
  seq: bigint('seq', { mode: 'number' }).primaryKey(),
  auditId: bigint('audit_id', { mode: 'number' }).notNull().unique('audit_chain_audit_id_key'),
  prevHash: text('prev_hash').notNull(),
  hash: text('hash').notNull(),
  sealedAt: timestamp('sealed_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The sealer's progress (one row): every audit row with an id up to `floorId` is sealed (or was
 * never committed); `candidateId`/`candidateXmax` is the sequence's value and the snapshot's xmax
 * of the last pass, which become the next floor once every transaction then running has ended, or
 * once every audit writer then running (`candidateWriters`) has.
 */
export const auditSealState = pgTable('audit_seal_state', {
  id: integer('id').primaryKey(),
  floorId: bigint('floor_id', { mode: 'number' }).notNull().default(0),
  candidateId: bigint('candidate_id', { mode: 'number' }),
  candidateXmax: text('candidate_xmax'),
  /** Their virtual transaction ids, space-separated (sealAuditTrail.ts); null: not known. */
  candidateWriters: text('candidate_writers'),
});

/** The task worker records each heartbeat task it handles; the health check reads the newest. */
export const workerHeartbeats = pgTable('worker_heartbeats', {
  workerId: text('worker_id').primaryKey(),
  host: text('host').notNull(),
  pid: integer('pid').notNull(),
  beatAt: timestamp('beat_at', { withTimezone: true }).notNull(),
});

/** Installation-wide settings (application settings of spec 01 §3, demo-seed marker, …). */
export const appSettings = pgTable('app_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * How many transactions have changed the reference data a job view shows (one row): client
 * facilities, service centres, corporate structures, physicians, work types, departments and
 * locations. Moved by a trigger at the commit of every such transaction (migration
 * 0021_reference_epoch), read in every job view's stamp (services/jobEditor/jobViewCache.ts).
 */
export const referenceEpoch = pgTable('reference_epoch', {
  id: integer('id').primaryKey(),
  n: bigint('n', { mode: 'number' }).notNull().default(0),
});
