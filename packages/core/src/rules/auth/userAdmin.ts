import { LIMITS, MEMBER_TYPES } from '../settings/constants.js';
import { PERMISSIONS, type Permission } from './permissions.js';

/**
 * The rules of user administration (issue 26), shared by the Users pages, their API and
 * `npm run users`: what a user name is, which member types exist, and what a manager may grant.
 */
export const USER_ADMIN_LIMITS = {
  /** A user name: 2–100 lower-case letters, digits or . _ @ - (stored lower-case). */
  userNamePattern: /^[a-z0-9._@-]{2,100}$/,
  /** Accounts one user may have. */
  maxAccounts: 20,
  /** How long a set-password link works. */
  passwordLinkHours: 72,
  /** Users per page of the search: the job list's page sizes. */
  pageSizes: LIMITS.pageSizes,
  maxPage: 1000,
} as const;

/** The member types an account may have: dictator, transcriptionist, manager (0, invalid, never). */
export const ACCOUNT_MEMBER_TYPES = [
  MEMBER_TYPES.dictator,
  MEMBER_TYPES.transcriptionist,
  MEMBER_TYPES.manager,
] as const;

/** A user name as stored: trimmed, lower-case; null when it is not a valid one. */
export function normalUserName(name: string): string | null {
  const n = name.trim().toLowerCase();
  return USER_ADMIN_LIMITS.userNamePattern.test(n) ? n : null;
}

/** What a manager's own account holds: its permissions and the corporate structures it may see. */
export interface Grantor {
  permissions: ReadonlySet<string>;
  structures: readonly number[];
}

/** What an account would be given. */
export interface Grant {
  companyId: number;
  permissions: readonly Permission[];
  access: readonly number[];
  /** The account is deliberately set to serve other companies (only `npm run users` sets it). */
  otherCompanies?: boolean;
}

/**
 * The first thing in `grant` the manager may not give, or null: a manager never grants a
 * permission their own account lacks, nor a company or structure access outside their own; and
 * access to another company's structure only to an account set to serve other companies
 * (docs/decisions.md, "Whose structures an account sees").
 */
export function ungrantable(
  grant: Grant,
  by: Grantor,
): { permission: Permission } | { structure: number } | { otherCompany: number } | null {
  for (const permission of grant.permissions) if (!by.permissions.has(permission)) return { permission };
  for (const structure of [grant.companyId, ...grant.access])
    if (!by.structures.includes(structure)) return { structure };
  if (!grant.otherCompanies) {
    const otherCompany = grant.access.find((structure) => structure !== grant.companyId);
    if (otherCompany !== undefined) return { otherCompany };
  }
  return null;
}

/** The permission flags grouped as the user page shows them (each flag in exactly one group). */
export const PERMISSION_GROUPS = {
  jobs: ['jobView', 'jobViewDetails', 'jobViewText', 'jobEdit', 'jobEditText', 'holdQueueView'],
  patient: ['adtView', 'adtEdit', 'jobEditAdt'],
  distribution: ['jobFax', 'distributionJobActionsQueue'],
  uploads: ['adtUpload', 'physicianScheduleUpload', 'jobCreate'],
  administration: ['dictatorView', 'dictatorAdd'],
} as const satisfies Record<string, readonly Permission[]>;

/** Every flag of {@link PERMISSIONS}, in the groups' order. */
export const GROUPED_PERMISSIONS: readonly Permission[] = Object.values(PERMISSION_GROUPS).flat();
