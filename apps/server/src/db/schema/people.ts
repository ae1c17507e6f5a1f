import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  index,
  inet,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { clientFacilities, corporateStructures } from './organisation.js';

/** One sign-in identity. */
export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    /** Stored lower-case; sign-in matches case-insensitively. */
    username: text('username').notNull(),
    displayName: text('display_name').notNull(),
    /** The user's own email address (My Profile); null when not given. */
    email: text('email'),
    /** argon2id hash; null for users who only sign in through OIDC. */
    passwordHash: text('password_hash'),
    oidcSubject: text('oidc_subject'),
    dateFormat: text('date_format').notNull().default('MM/DD/YYYY'),
    timeFormat: text('time_format').notNull().default('HH:mm'),
    locale: text('locale').notNull().default('en-US'),
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('users_username_idx').on(t.username), uniqueIndex('users_oidc_idx').on(t.oidcSubject)],
);

/**
 * An account ("user summary", spec 01 §3): the user's membership of one company with a member type.
 * Permissions and corporate-structure access belong to the account chosen for the session.
 */
export const accounts = pgTable(
  'accounts',
  {
    /** memberId */
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    /** Display name ("member"). */
    member: text('member').notNull(),
    /** The company (corporate structure) the account belongs to. */
    companyId: integer('company_id')
      .notNull()
      .references(() => corporateStructures.id),
    /** 1 dictator, 2 transcriptionist, 3 manager (0 invalid). */
    memberType: integer('member_type').notNull(),
    /** The physician record of a dictator account, when it has one. */
    physicianId: integer('physician_id'),
    /**
     * The deliberate setting that lets the account reach other companies' corporate structures (a
     * transcription service serving several hospitals); off, its access rows to another company's
     * structure count for nothing (docs/decisions.md, "Whose structures an account sees").
     */
    otherCompanies: boolean('other_companies').notNull().default(false),
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
  },
  (t) => [index('accounts_user_idx').on(t.userId)],
);

export const accountPermissions = pgTable(
  'account_permissions',
  {
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    permission: text('permission').notNull(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.permission] })],
);

/** Which corporate structures an account may see. Every job query is scoped through this. */
export const accountCorporateAccess = pgTable(
  'account_corporate_access',
  {
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    corporateStructureId: integer('corporate_structure_id')
      .notNull()
      .references(() => corporateStructures.id),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.corporateStructureId] })],
);

/** A signed-in browser. The cookie holds a random 256-bit id; only its SHA-256 is stored. */
export const sessions = pgTable(
  'sessions',
  {
    idHash: text('id_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    accountId: integer('account_id').references(() => accounts.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastActiveAt: timestamp('last_active_at', { withTimezone: true }).notNull().defaultNow(),
    idleExpiresAt: timestamp('idle_expires_at', { withTimezone: true }).notNull(),
    absoluteExpiresAt: timestamp('absolute_expires_at', { withTimezone: true }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    /** signout, expired, superseded, disabled, passwordChanged */
    endReason: text('end_reason'),
    ip: inet('ip'),
    userAgent: text('user_agent'),
    /**
     * When the session's user last authenticated again at the identity provider to sign (issue
     * 43: a fresh OIDC authentication stands for the password asked again). A signature made
     * within the freshness window uses it up (set back to null).
     */
    reauthenticatedAt: timestamp('reauthenticated_at', { withTimezone: true }),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/**
 * One-time set-password links (issue 26): a manager adds a user, or asks for a new link, and the
 * user chooses their own password through it. Only the token's hash is stored; a link works once
 * (usedAt), until expiresAt, and a newer link of the same user ends the older ones.
 */
export const passwordLinks = pgTable(
  'password_links',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    createdByUserId: integer('created_by_user_id').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('password_links_user_idx').on(t.userId)],
);

/** Physicians: dictators, dictated-for physicians and recipients (spec 02 §3 "Physician"). */
export const physicians = pgTable(
  'physicians',
  {
    /** userId */
    id: serial('id').primaryKey(),
    corporateStructureId: integer('corporate_structure_id')
      .notNull()
      .references(() => corporateStructures.id),
    clientFacilityId: integer('client_facility_id').references(() => clientFacilities.id),
    prefix: text('prefix'),
    firstName: text('first_name').notNull(),
    middleInitial: text('middle_initial'),
    lastName: text('last_name').notNull(),
    suffix: text('suffix'),
    jobTitle: text('job_title'),
    credentials: text('credentials'),
    accessCode: text('access_code'),
    specialty: text('specialty'),
    mnemonic: text('mnemonic'),
    clientUserCode: text('client_user_code'),
    email: text('email'),
    fax: text('fax'),
    telephone: text('telephone'),
    addressLine1: text('address_line1'),
    addressLine2: text('address_line2'),
    addressLine3: text('address_line3'),
    addressLine4: text('address_line4'),
    postalCode: text('postal_code'),
    country: text('country'),
    signatureBlock: text('signature_block'),
    globalId: text('global_id'),
    recipientProviderId: text('recipient_provider_id'),
    secureMessagingEnabled: boolean('secure_messaging_enabled').notNull().default(false),
    residentFlag: boolean('resident_flag').notNull().default(false),
    externalESignFlag: boolean('external_esign_flag').notNull().default(false),
    isDictator: boolean('is_dictator').notNull().default(false),
    /** How this physician prefers to receive documents: fax, print (manual) or electronic. */
    distributionMethod: text('distribution_method').notNull().default('print'),
    /**
     * Disabled in the physician directory (issue 26): no search offers it for a new choice; jobs and
     * recipients that name it keep it.
     */
    disabled: boolean('disabled').notNull().default(false),
    /** Merged into this physician as a duplicate (issue 26); such a row is also disabled. */
    mergedIntoId: integer('merged_into_id').references((): AnyPgColumn => physicians.id),
  },
  (t) => [
    index('physicians_cs_idx').on(t.corporateStructureId),
    index('physicians_name_idx').on(t.lastName, t.firstName),
    // Fax recipient search (GET /api/jobs/Dictators): case-insensitive name prefixes in one structure.
    index('physicians_cs_last_prefix_idx').on(
      t.corporateStructureId,
      sql`lower(${t.lastName}) text_pattern_ops`,
    ),
    index('physicians_cs_first_prefix_idx').on(
      t.corporateStructureId,
      sql`lower(${t.firstName}) text_pattern_ops`,
    ),
    // Physician search (spec 02 §7) by access code and specialty prefixes, like the names above.
    // The access code is unique in a structure ignoring case (SavePhysician answers 'Duplicate
    // access code'), so this one index both keeps it unique and serves the prefix search.
    uniqueIndex('physicians_cs_access_code_ci_idx').on(
      t.corporateStructureId,
      sql`lower(${t.accessCode}) text_pattern_ops`,
    ),
    index('physicians_cs_specialty_prefix_idx').on(
      t.corporateStructureId,
      sql`lower(${t.specialty}) text_pattern_ops`,
    ),
  ],
);

/**
 * Sign-in throttling counters (issue 23): one row per user name typed (`user`) and per client
 * address (`address`). A check and its count are one statement (INSERT … ON CONFLICT DO UPDATE …
 * WHERE … RETURNING), so concurrent attempts can never pass more checks than the limit allows.
 */
export const signInThrottle = pgTable(
  'sign_in_throttle',
  {
    /** `user` (the lower-cased name as typed, whether or not such a user exists) or `address`. */
    scope: text('scope').notNull(),
    subject: text('subject').notNull(),
    /** Failed (or still running) attempts since `windowStartedAt`. */
    failures: integer('failures').notNull(),
    windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull().defaultNow(),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** No attempt is checked before this time: the growing delay, or the lock. */
    nextAllowedAt: timestamp('next_allowed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.scope, t.subject] }),
    // Counters past their window and wait are removed by age (services/auth/signInThrottle.ts).
    index('sign_in_throttle_last_attempt_idx').on(t.lastAttemptAt),
  ],
);
