import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { bigId, createdAt } from './columns.js';
import { jobs } from './jobs.js';
import { distributions } from './operations.js';
import { clientFacilities, corporateStructures } from './organisation.js';
import { patients } from './patients.js';

/**
 * The interface message log (issue 44): every HL7 v2 message in (an ADT feed, orders) and out (a
 * finished document as MDM/ORU), with its raw bytes as a blob (they carry patient data: never in a
 * column, never in a log), its control id, type, status, the reason it failed (words without
 * patient data), the acknowledgement, its times and the job / patient it touched.
 *
 * Inbound: stored and committed before the ACK is sent; `dedupeKey` "in:<interface>:<sending
 * facility>:<control id>" makes a resent message (same control id) acknowledged and not applied
 * twice. Outbound: `dedupeKey` is the delivery key of the distribution it carries (one message per
 * job version and recipient, however often the task runs).
 *
 * Statuses — in: received → applied | failed (→ handled, a person marked it); out: queued →
 * sent → acknowledged | failed (→ handled).
 */
export const interfaceMessages = pgTable(
  'interface_messages',
  {
    id: bigId(),
    /** The configured interface's name (HL7_INTERFACES_FILE). */
    interfaceName: text('interface_name').notNull(),
    /** 'in' or 'out'. */
    direction: text('direction').notNull(),
    /** MSH-10. */
    controlId: text('control_id').notNull(),
    /** MSH-9 as "TYPE^EVENT", e.g. "ADT^A08", "MDM^T02". */
    messageType: text('message_type').notNull(),
    /** MSH-4 (in) or the receiving facility (out). */
    facility: text('facility'),
    dedupeKey: text('dedupe_key').notNull(),
    /** The content-addressed blob of the raw message bytes. */
    blobKey: text('blob_key').notNull(),
    status: text('status').notNull(),
    /** Why it failed, in words (no patient data). */
    error: text('error'),
    /** MSA-1 of the ACK sent (in) or received (out): AA, AE, AR (or CA, CE, CR). */
    ackCode: text('ack_code'),
    /** The ACK message as sent or received (control segments only: MSH, MSA, ERR). */
    ack: text('ack'),
    attempts: integer('attempts').notNull().default(0),
    corporateStructureId: integer('corporate_structure_id').references(() => corporateStructures.id),
    clientFacilityId: integer('client_facility_id').references(() => clientFacilities.id),
    jobId: bigint('job_id', { mode: 'number' }).references(() => jobs.id),
    patientId: integer('patient_id').references(() => patients.id),
    /** Outbound: the delivery (distributions row) this message carries. */
    distributionId: bigint('distribution_id', { mode: 'number' }).references(() => distributions.id),
    receivedAt: createdAt('received_at'),
    processedAt: timestamp('processed_at', { withTimezone: true }),
    acknowledgedAt: timestamp('acknowledged_at', { withTimezone: true }),
    /** Marked handled by a manager (a failed message dealt with by hand). */
    handledAt: timestamp('handled_at', { withTimezone: true }),
    handledByAccountId: integer('handled_by_account_id'),
  },
  (t) => [
    uniqueIndex('interface_messages_dedupe_idx').on(t.dedupeKey),
    index('interface_messages_blob_idx').on(t.blobKey),
    index('interface_messages_cs_received_idx').on(t.corporateStructureId, t.receivedAt),
    index('interface_messages_status_idx').on(t.status, t.receivedAt),
    index('interface_messages_job_idx').on(t.jobId).where(sql`job_id is not null`),
  ],
);

/**
 * A system registered to read Quill's FHIR R4 API (issue 44, SMART Backend Services): it proves
 * itself with a JWT signed by one of its keys (`jwks`, or fetched from `jwksUrl`) and gets a
 * short-lived bearer token for at most `scopes` ("system/DocumentReference.read" …), over the
 * documents of one corporate structure.
 */
export const fhirClients = pgTable('fhir_clients', {
  clientId: text('client_id').primaryKey(),
  name: text('name').notNull(),
  corporateStructureId: integer('corporate_structure_id')
    .notNull()
    .references(() => corporateStructures.id),
  /** A JSON Web Key Set of the client's public keys (or null with jwksUrl). */
  jwks: jsonb('jwks'),
  jwksUrl: text('jwks_url'),
  /** Space-separated SMART scopes the client may be granted. */
  scopes: text('scopes').notNull(),
  createdAt: createdAt(),
  disabledAt: timestamp('disabled_at', { withTimezone: true }),
});

/**
 * Client assertions already used (their `jti`, until they expire): a replayed assertion gets no
 * token (RFC 7523 §3, SMART Backend Services).
 */
export const fhirAssertions = pgTable(
  'fhir_assertions',
  {
    clientId: text('client_id')
      .notNull()
      .references(() => fhirClients.clientId),
    jti: text('jti').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('fhir_assertions_jti_idx').on(t.clientId, t.jti)],
);
