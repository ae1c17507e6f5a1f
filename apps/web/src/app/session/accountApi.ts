import type {
  ApplicationSettings,
  Authenticated,
  UserSettings,
  UserSummary,
} from '@quill/core/contract/account';
import { ACCOUNT } from '@quill/core/contract/endpoints/account';
import { callApi } from '../../lib/api';
import { browserNavigation } from '../../lib/browserNavigation';

/** Spec 01 §7: many calls have a 60 s timeout. */
const TIMEOUT_MS = 60_000;

/** Spec 01 §4: is the session signed in, and the scheme to sign in with if not. */
export function fetchAuthenticated(signal?: AbortSignal): Promise<Authenticated> {
  return callApi(ACCOUNT.authenticated, {}, { timeoutMs: TIMEOUT_MS, signal });
}

/** Spec 01 §7: the accounts the signed-in user may work as. */
export function fetchUserSummaries(signal?: AbortSignal): Promise<UserSummary[]> {
  return callApi(ACCOUNT.userSummaries, {}, { timeoutMs: TIMEOUT_MS, signal });
}

/** POST with no body: the session works as this account from now on. */
export async function setUserSummary(memberId: number): Promise<void> {
  await callApi(ACCOUNT.setUserSummary, { params: { memberId } }, { timeoutMs: TIMEOUT_MS });
}

/** Spec 01 §3 "User settings" of the selected account. */
export function fetchUserSettings(signal?: AbortSignal): Promise<UserSettings> {
  return callApi(ACCOUNT.userSettings, {}, { timeoutMs: TIMEOUT_MS, signal });
}

/** Spec 01 §3 "Application settings": the job list's batch sizes and count interval. */
export function fetchApplicationSettings(signal?: AbortSignal): Promise<ApplicationSettings> {
  return callApi(ACCOUNT.applicationSettings, {}, { timeoutMs: TIMEOUT_MS, signal });
}

/** Spec 01 §2 Help: where the documentation is. */
export async function fetchDocumentationLink(): Promise<string> {
  return (await callApi(ACCOUNT.documentationLink, {}, { timeoutMs: TIMEOUT_MS })).url;
}

/** The idle heartbeat: the seconds the session has left, without resetting them. */
export function heartbeatIdle(): Promise<number> {
  return callApi(ACCOUNT.heartbeatIdle, {}, { timeoutMs: TIMEOUT_MS });
}

/** The active heartbeat: the user is active; the server resets its idle clock. */
export function heartbeatActive(): Promise<number> {
  return callApi(ACCOUNT.heartbeatActive, {}, { timeoutMs: TIMEOUT_MS });
}

/**
 * Ends the session without leaving the page (session expiry, spec 01 §4 "Session"): the sign-in
 * scheme the server answers is not opened, and any failure is ignored.
 */
export async function signOutQuietly(): Promise<void> {
  try {
    await callApi(ACCOUNT.signOut, {}, { timeoutMs: TIMEOUT_MS });
  } catch {
    // Already signed out, or offline: the session ends on the server by itself.
  }
}

/**
 * Spec 01 §2 Sign Out: ends the session (a POST with the CSRF token, issue 23), then loads the
 * sign-in scheme the server answers; the app's start page, which asks for a sign-in, if it failed.
 */
export async function signOut(): Promise<void> {
  let next = '/';
  try {
    next = (await callApi(ACCOUNT.signOut, {}, { timeoutMs: TIMEOUT_MS })).url;
  } catch {
    // Offline or already signed out: the start page sends the browser to sign in.
  }
  browserNavigation.assign(next);
}
