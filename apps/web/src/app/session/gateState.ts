import type {
  ApplicationSettings,
  Authenticated,
  SignInScheme,
  UserSettings,
  UserSummary,
} from '@quill/core/contract/account';
import { MEMBER_TYPES } from '@quill/core/rules/settings/constants';
import type { Session } from './SessionContext';
import { isSessionLost } from './sessionErrors';

/** The error pages the sign-in flow can end on (spec 01 §4, §8). */
export type GateErrorCode = '500' | 'usersummariesempty' | 'usersettings';

/** Where the sign-in flow of the authenticated layout stands. */
export type GateState =
  | { status: 'loading' }
  | { status: 'signIn'; scheme: SignInScheme }
  | { status: 'error'; code: GateErrorCode }
  | { status: 'selectUser'; summaries: UserSummary[] }
  | { status: 'ready'; session: Session };

/** What a query has answered so far. */
export interface Answer<T> {
  data: T | undefined;
  error: unknown;
}

export interface GateInputs {
  authenticated: Answer<Authenticated>;
  summaries: Answer<UserSummary[]>;
  applicationSettings: Answer<ApplicationSettings>;
  /** The account the server session works as, once SetUserSummary succeeded. */
  selectedMemberId: number | null;
  /** An automatic selection (single account, or this tab's earlier choice) is under way. */
  autoSelecting: boolean;
  userSettings: Answer<UserSettings>;
}

/** Spec 01 §1: member type 0 is invalid; such accounts cannot be chosen. */
export function validSummaries(summaries: readonly UserSummary[]): UserSummary[] {
  return summaries.filter((s) => s.memberType !== MEMBER_TYPES.invalid);
}

/**
 * Spec 01 §4: exactly one account is selected without asking; with several, the one this tab
 * chose before (if it is still offered) is selected again. Null: the user must choose.
 */
export function autoSelection(valid: readonly UserSummary[], remembered: number | null): number | null {
  if (valid.length === 1) return valid[0]!.memberId;
  if (remembered !== null && valid.some((s) => s.memberId === remembered)) return remembered;
  return null;
}

/** A failed call: a lost session waits for the global handler; anything else shows `code`. */
function failure(error: unknown, code: GateErrorCode): GateState {
  return isSessionLost(error) ? { status: 'loading' } : { status: 'error', code };
}

/**
 * Spec 01 §4 "Authentication and account", step by step: the authentication check (failure: 500),
 * sign-in when not authenticated, the user summaries (none: usersummariesempty), the account
 * selection, then the user settings (failure: usersettings) and application settings (failure: 500).
 */
export function resolveGateState(input: GateInputs): GateState {
  const { authenticated, summaries, applicationSettings, userSettings } = input;
  if (authenticated.error) return failure(authenticated.error, '500');
  if (!authenticated.data) return { status: 'loading' };
  if (!authenticated.data.authenticated) return { status: 'signIn', scheme: authenticated.data.scheme };

  if (summaries.error) return failure(summaries.error, '500');
  if (applicationSettings.error) return failure(applicationSettings.error, '500');
  if (!summaries.data) return { status: 'loading' };
  const valid = validSummaries(summaries.data);
  if (valid.length === 0) return { status: 'error', code: 'usersummariesempty' };

  const account = valid.find((s) => s.memberId === input.selectedMemberId);
  if (!account)
    return input.autoSelecting ? { status: 'loading' } : { status: 'selectUser', summaries: valid };

  if (userSettings.error) return failure(userSettings.error, 'usersettings');
  if (!userSettings.data || !applicationSettings.data) return { status: 'loading' };
  return {
    status: 'ready',
    session: { account, userSettings: userSettings.data, applicationSettings: applicationSettings.data },
  };
}
