import type { UserSettings, UserSummary } from '@quill/core/contract/account';
import { PERMISSIONS } from '@quill/core/rules/auth/permissions';
import type { FakeAnswer } from './fakeApi';

export const MANAGER_NORTH: UserSummary = {
  member: 'Morgan Reyes',
  memberId: 11,
  companyId: 1,
  company: 'North Health',
  memberType: 3,
};
export const MANAGER_SOUTH: UserSummary = {
  member: 'Morgan Reyes',
  memberId: 12,
  companyId: 2,
  company: 'South Clinics',
  memberType: 2,
};

export const DICTATOR_PERMISSIONS = ['jobView', 'jobViewDetails', 'jobViewText', 'adtView', 'dictatorView'];

export function userSettings(permissions: readonly string[] = PERMISSIONS): UserSettings {
  return {
    dateFormat: 'MM/DD/YYYY',
    timeFormat: 'HH:mm',
    permissions: permissions as UserSettings['permissions'],
    locale: 'en-US',
    userId: 7,
    fftmBaseUrl: 'http://legacy.example',
  };
}

export const APPLICATION_SETTINGS = {
  jobCountUpdateIntervalSeconds: 180,
  jobListDataBatchSize: 4,
  jobListCountBatchSize: 4,
};

/** The answers of a signed-in user with these accounts and permissions (override any route). */
export function signedInRoutes(
  summaries: UserSummary[] = [MANAGER_NORTH],
  permissions: readonly string[] = PERMISSIONS,
  overrides: Record<string, FakeAnswer> = {},
): Record<string, FakeAnswer> {
  const routes: Record<string, FakeAnswer> = {
    'GET /api/account/authenticated': { authenticated: true, scheme: 'local' },
    'GET /api/Account/GetUserSummaries': summaries,
    'GET /api/settings/applicationSettings': APPLICATION_SETTINGS,
    'GET /api/settings/user': userSettings(permissions),
    'GET /api/documentation/link': { url: 'https://docs.example/quill' },
    'GET /api/heartbeat/Active': 240,
    'GET /api/heartbeat/Idle': 240,
  };
  for (const s of summaries)
    routes[`POST /api/Account/SetUserSummary/${s.memberId}`] = { success: true, memberId: s.memberId };
  return { ...routes, ...overrides };
}
