import type { TenantScope } from '../tenantScope/tenantScope.js';

// Auth has a module of its own (types only) so that the session cache, which the AppContext holds,
// does not import resolveSession.ts, which takes the AppContext.

/** Who is calling: the signed-in user and, once chosen, the account they work as. */
export interface Auth {
  sessionHash: string;
  userId: number;
  username: string;
  accountId: number | null;
  memberType: number | null;
  companyId: number | null;
  permissions: ReadonlySet<string>;
  /**
   * Corporate structures the selected account may see (none before an account is chosen), read only
   * through the scoped functions of services/tenantScope.
   */
  scope: TenantScope;
  /** The user's date and time formats and locale (settings/user), read with the session. */
  display: { dateFormat: string; timeFormat: string; locale: string };
  idleExpiresAt: Date;
  absoluteExpiresAt: Date;
}
