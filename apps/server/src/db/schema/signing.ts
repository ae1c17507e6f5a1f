import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { bigId, createdAt } from './columns.js';
import { documentVersions, jobRef } from './jobs.js';
import { workTypes } from './organisation.js';
import { accounts, physicians } from './people.js';

/**
 * One electronic signature of a job's document version (issue 43): who signed (the physician whose
 * signature it is, and the account that signed — another one only for "sign on behalf of"), when
 * (UTC; shown in the facility's zone), what it means ('author' or 'co-signer') and the SHA-256 of
 * the document version's bytes it covers. A signed version is never changed: an edit of the text
 * makes a new version, and voids the signatures of the old one (`voidedAt`, the job's forceResign).
 */
export const signatures = pgTable(
  'signatures',
  {
    id: bigId(),
    jobId: jobRef(),
    /** The job version signed (jobs.version when the signature was made). */
    jobVersion: integer('job_version').notNull(),
    documentVersionId: bigint('document_version_id', { mode: 'number' })
      .notNull()
      .references(() => documentVersions.id),
    /** Hex SHA-256 of the signed document version's bytes. */
    documentSha256: text('document_sha256').notNull(),
    /** 'author' or 'co-signer' (core rules/signing). */
    meaning: text('meaning').notNull(),
    physicianId: integer('physician_id')
      .notNull()
      .references(() => physicians.id),
    /** The account that signed; null for a signature that came with the document's history (the demo's). */
    accountId: integer('account_id').references(() => accounts.id),
    /** Signed by an account allowed to sign for the physician (signing_delegates), not the physician's own. */
    onBehalf: boolean('on_behalf').notNull().default(false),
    signedAt: createdAt('signed_at'),
    /** Set when an edit of the text voided the signature (the job must be signed again). */
    voidedAt: timestamp('voided_at', { withTimezone: true }),
  },
  (t) => [
    index('signatures_job_idx').on(t.jobId),
    // One live signature per job, version and meaning: a double click or a retry signs once.
    uniqueIndex('signatures_live_idx')
      .on(t.jobId, t.documentVersionId, t.meaning)
      .where(sql`${t.voidedAt} is null`),
  ],
);

/**
 * The accounts a facility lets sign for a physician ("sign on behalf of", issue 43): such a
 * signature is the physician's, made by the account, and audited as such.
 */
export const signingDelegates = pgTable(
  'signing_delegates',
  {
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id),
    physicianId: integer('physician_id')
      .notNull()
      .references(() => physicians.id),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.physicianId] })],
);

/**
 * How a work type's documents are signed and distributed (issue 43); a work type without a row
 * needs a signature, has no attending and distributes after signing.
 */
export const workTypeSigning = pgTable('work_type_signing', {
  workTypeId: integer('work_type_id')
    .primaryKey()
    .references(() => workTypes.id),
  /** False: the document is distributed without a signature in Quill. */
  requiresSignature: boolean('requires_signature').notNull().default(true),
  /** The attending who co-signs a resident's documents of this work type (else the job's Dictated For). */
  attendingPhysicianId: integer('attending_physician_id').references(() => physicians.id),
  /** Preliminary copies ("Preliminary — not signed") go out before signing, the signed ones after. */
  preSignDistribution: boolean('pre_sign_distribution').notNull().default(false),
});
