import {
  ApplicationSettingsSchema,
  AuthenticatedSchema,
  LoginRequestSchema,
  LoginResponseSchema,
  MemberIdParamsSchema,
  RemainingSecondsSchema,
  SchemeParamsSchema,
  SchemeQuerySchema,
  SetUserSummaryResponseSchema,
  TenantQuerySchema,
  UrlResponseSchema,
  UserSettingsSchema,
  UserSummariesSchema,
} from '../account.js';
import { type Endpoint, endpoint } from '../endpoint.js';

/** Sign-in, the session, user settings, heartbeat and help link (spec 01 §4, §7 "Settings and account"). */
export const ACCOUNT = {
  /** Spec 01 §4 "Authentication and account": is the session signed in, and where to sign in if not. */
  authenticated: endpoint({
    method: 'GET',
    path: '/api/account/authenticated',
    tags: ['account'],
    answer: AuthenticatedSchema,
  }),
  /** ARCHITECTURE §5: signs in with user name and password and sets the session cookie. */
  login: endpoint({
    method: 'POST',
    path: '/api/account/login',
    tags: ['account'],
    body: LoginRequestSchema,
    answer: LoginResponseSchema,
  }),
  /** Spec 01 §4: redirects to the sign-in page of a scheme (local) or starts its flow (oidc). */
  scheme: endpoint({
    method: 'GET',
    path: '/api/account/scheme/{scheme}',
    tags: ['account'],
    params: SchemeParamsSchema,
    query: SchemeQuerySchema,
    produces: ['text/html'],
  }),
  /** The OpenID Connect redirect URI: opens the session, then back to where the user was. */
  oidcCallback: endpoint({
    method: 'GET',
    path: '/api/account/oidc/callback',
    tags: ['account'],
    summary: 'OpenID Connect callback: opens the session and redirects back to where the user was',
    produces: ['text/html'],
  }),
  /** Spec 01 §7 "Settings and account": the accounts (user summaries) the user may work as. */
  userSummaries: endpoint({
    method: 'GET',
    path: '/api/Account/GetUserSummaries',
    tags: ['account'],
    answer: UserSummariesSchema,
  }),
  /** Spec 01 §4, §7: the session works as this account from now on (no body). */
  setUserSummary: endpoint({
    method: 'POST',
    path: '/api/Account/SetUserSummary/{memberId}',
    tags: ['account'],
    params: MemberIdParamsSchema,
    answer: SetUserSummaryResponseSchema,
  }),
  /**
   * Spec 01 §2: Sign Out. A POST with the CSRF check (issue 23: a GET could be fired by a link on
   * any site); answers where the browser goes next, the sign-in scheme.
   */
  signOut: endpoint({
    method: 'POST',
    path: '/api/account/SignOut',
    tags: ['account'],
    summary: 'Ends the session and answers the sign-in scheme to go to',
    answer: UrlResponseSchema,
  }),
  /** Spec 01 §3 "User settings": formats, permissions and the legacy host of the account. */
  userSettings: endpoint({
    method: 'GET',
    path: '/api/settings/user',
    tags: ['settings'],
    answer: UserSettingsSchema,
  }),
  /** Spec 01 §7 "Settings and account": the legacy host's base URL. */
  fftmUrl: endpoint({
    method: 'GET',
    path: '/api/settings/fftmUrl',
    tags: ['settings'],
    answer: UrlResponseSchema,
  }),
  /** Spec 01 §3 "Application settings": the job list's batch sizes and count interval. */
  applicationSettings: endpoint({
    method: 'GET',
    path: '/api/settings/applicationSettings',
    tags: ['settings'],
    answer: ApplicationSettingsSchema,
  }),
  /** Spec 01 §7, spec 02 §2: the URL of a tenant by name (only `manager`). */
  tenantUrl: endpoint({
    method: 'GET',
    path: '/api/settings/tenantUrl',
    tags: ['settings'],
    query: TenantQuerySchema,
    answer: UrlResponseSchema,
  }),
  /** Spec 01 §2 Help: where the documentation is (DOCUMENTATION_URL, else Quill's user guide). */
  documentationLink: endpoint({
    method: 'GET',
    path: '/api/documentation/link',
    tags: ['settings'],
    answer: UrlResponseSchema,
  }),
  /** Spec 01 §4 "Session": the seconds the session has left, without resetting them. */
  heartbeatIdle: endpoint({
    method: 'GET',
    path: '/api/heartbeat/Idle',
    tags: ['session'],
    answer: RemainingSecondsSchema,
  }),
  /** Spec 01 §4 "Session": the user is active; resets the idle clock and answers the seconds left. */
  heartbeatActive: endpoint({
    method: 'GET',
    path: '/api/heartbeat/Active',
    tags: ['session'],
    answer: RemainingSecondsSchema,
  }),
} satisfies Record<string, Endpoint>;
