import {
  type ApplicationSettings,
  ApplicationSettingsSchema,
  type Authenticated,
  AuthenticatedSchema,
  RemainingSecondsSchema,
  SetUserSummaryResponseSchema,
  UrlResponseSchema,
  type UserSettings,
  UserSettingsSchema,
  type UserSummary,
  UserSummarySchema,
} from '@quill/core/contract/account';
import { api } from '../../lib/api';
import { SIGN_OUT_PATH } from '../../lib/paths';

/** The calls of spec 01 §7 "Settings and account", validated against the contract. */
export const ACCOUNT_PATHS = {
  authenticated: '/api/account/authenticated',
  userSummaries: '/api/Account/GetUserSummaries',
  setUserSummary: (memberId: number) => `/api/Account/SetUserSummary/${memberId}`,
  userSettings: '/api/settings/user',
  applicationSettings: '/api/settings/applicationSettings',
  documentationLink: '/api/documentation/link',
  heartbeatIdle: '/api/heartbeat/Idle',
  heartbeatActive: '/api/heartbeat/Active',
} as const;

/** Spec 01 §7: many calls have a 60 s timeout. */
const TIMEOUT_MS = 60_000;

const UserSummariesSchema = UserSummarySchema.array();

export function fetchAuthenticated(signal?: AbortSignal): Promise<Authenticated> {
  return api.get(ACCOUNT_PATHS.authenticated, { schema: AuthenticatedSchema, timeoutMs: TIMEOUT_MS, signal });
}

export function fetchUserSummaries(signal?: AbortSignal): Promise<UserSummary[]> {
  return api.get(ACCOUNT_PATHS.userSummaries, { schema: UserSummariesSchema, timeoutMs: TIMEOUT_MS, signal });
}

/** POST with no body: the session works as this account from now on. */
export async function setUserSummary(memberId: number): Promise<void> {
  await api.post(ACCOUNT_PATHS.setUserSummary(memberId), undefined, {
    schema: SetUserSummaryResponseSchema,
    timeoutMs: TIMEOUT_MS,
  });
}

export function fetchUserSettings(signal?: AbortSignal): Promise<UserSettings> {
  return api.get(ACCOUNT_PATHS.userSettings, { schema: UserSettingsSchema, timeoutMs: TIMEOUT_MS, signal });
}

export function fetchApplicationSettings(signal?: AbortSignal): Promise<ApplicationSettings> {
  return api.get(ACCOUNT_PATHS.applicationSettings, {
    schema: ApplicationSettingsSchema,
    timeoutMs: TIMEOUT_MS,
    signal,
  });
}

export async function fetchDocumentationLink(): Promise<string> {
  return (
    await api.get(ACCOUNT_PATHS.documentationLink, { schema: UrlResponseSchema, timeoutMs: TIMEOUT_MS })
  ).url;
}

/** GET /api/heartbeat/Idle: the seconds the session has left, without resetting them. */
export function heartbeatIdle(): Promise<number> {
  return api.get(ACCOUNT_PATHS.heartbeatIdle, { schema: RemainingSecondsSchema, timeoutMs: TIMEOUT_MS });
}

/** GET /api/heartbeat/Active: the user is active; the server resets its idle clock. */
export function heartbeatActive(): Promise<number> {
  return api.get(ACCOUNT_PATHS.heartbeatActive, { schema: RemainingSecondsSchema, timeoutMs: TIMEOUT_MS });
}

/**
 * Ends the session without leaving the page (session expiry, spec 01 §4 "Session"): the server's
 * redirect to the sign-in scheme is not followed, and any failure is ignored.
 */
export async function signOutQuietly(): Promise<void> {
  try {
    await fetch(SIGN_OUT_PATH, { credentials: 'same-origin', redirect: 'manual' });
  } catch {
    // Already signed out, or offline: the session ends on the server by itself.
  }
}
