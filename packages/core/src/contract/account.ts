import { z } from 'zod';
import { message } from '../i18n/format.js';
import { PERMISSIONS } from '../rules/auth/permissions.js';
import { plainText } from './documents/text.js';
import { queryId } from './ids.js';
import { SIGN_WITH } from './signing.js';

/** Sign-in schemes the server offers (spec 01 §4). */
export const SIGN_IN_SCHEMES = ['local', 'oidc'] as const;
export type SignInScheme = (typeof SIGN_IN_SCHEMES)[number];

/** GET /api/account/authenticated */
export const AuthenticatedSchema = z.object({
  authenticated: z.boolean(),
  scheme: z.enum(SIGN_IN_SCHEMES).describe('Where to send a user who is not signed in'),
});
export type Authenticated = z.infer<typeof AuthenticatedSchema>;

/** POST /api/account/login */
export const LoginRequestSchema = z.object({
  username: plainText('username', { max: 200 }).trim().min(1, message('auth.enterUserName')),
  password: plainText('password', { max: 1000 }).min(1, message('auth.enterPassword')),
});
export type LoginRequest = z.infer<typeof LoginRequestSchema>;

export const LoginResponseSchema = z.object({ success: z.literal(true) });

/** Spec 01 §3 "User summary": one account the user may work as. */
export const UserSummarySchema = z.object({
  member: z.string(),
  memberId: z.number().int(),
  companyId: z.number().int(),
  company: z.string(),
  memberType: z.number().int().min(0).max(3),
});
export type UserSummary = z.infer<typeof UserSummarySchema>;

/** GET /api/Account/GetUserSummaries: every account of the signed-in user. */
export const UserSummariesSchema = z.array(UserSummarySchema);

export const MemberIdParamsSchema = z.object({
  memberId: queryId('memberId'),
});

export const SetUserSummaryResponseSchema = z.object({
  success: z.literal(true),
  memberId: z.number().int(),
});

/** Spec 01 §3 "User settings". */
export const UserSettingsSchema = z.object({
  dateFormat: z.string(),
  timeFormat: z.string(),
  permissions: z.array(z.enum(PERMISSIONS)),
  locale: z.string(),
  userId: z.number().int(),
  fftmBaseUrl: z.string(),
  /**
   * Issue 43: the account signs documents — it has a physician record, or a facility lets it sign
   * for one (signing_delegates). Absent: the web takes a dictator account to sign (rules/signing).
   */
  maySign: z.boolean().optional(),
  /**
   * Issue 43: how this user confirms a signature — the password again, or (a user without a
   * password) a fresh sign-in at the identity provider named `signInProvider`.
   */
  signWith: z.enum(SIGN_WITH).optional(),
  signInProvider: z.string().optional(),
});
export type UserSettings = z.infer<typeof UserSettingsSchema>;

/** Spec 01 §3 "Application settings". */
export const ApplicationSettingsSchema = z.object({
  jobCountUpdateIntervalSeconds: z.number(),
  jobListDataBatchSize: z.number(),
  jobListCountBatchSize: z.number(),
});
export type ApplicationSettings = z.infer<typeof ApplicationSettingsSchema>;

/** A URL answer: documentation link, legacy host, tenant URL. */
export const UrlResponseSchema = z.object({ url: z.string() });

export const TenantQuerySchema = z.object({
  tenant: plainText('tenant', { max: 200 }).trim().min(1, 'tenant is required'),
});

/** Heartbeat answer: the session's remaining seconds, as a number (spec 01 §7). */
export const RemainingSecondsSchema = z.number().int().min(0);

/** GET /api/account/scheme/{scheme}: the sign-in scheme, matched case-insensitively. */
export const SchemeParamsSchema = z.object({ scheme: plainText('scheme', { max: 50 }) });

/** Where the browser goes back to once signed in (made safe by `safeReturnPath`). */
export const SchemeQuerySchema = z.object({ returnUrl: plainText('returnUrl', { max: 2000 }).optional() });
