import type { ApplicationSettings, UserSettings, UserSummary } from '@quill/core/contract/account';
import { createContext, useContext, useMemo } from 'react';

/**
 * What every signed-in page can read: the chosen account, its user settings (permissions, date and
 * time formats, legacy host) and the application settings. Provided by the authenticated layout.
 */
export interface Session {
  account: UserSummary;
  userSettings: UserSettings;
  applicationSettings: ApplicationSettings;
}

export const SessionContext = createContext<Session | null>(null);

/** The signed-in session; only inside routes under the authenticated layout. */
export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession is used outside the authenticated layout');
  return session;
}

/** True when the signed-in account holds this permission. */
export function useHasPermission(permission: string): boolean {
  return useSession().userSettings.permissions.includes(permission as UserSettings['permissions'][number]);
}

/** The signed-in account's permissions, for the pure gates of @quill/core/rules/jobList/actionGates. */
export function usePermissions(): ReadonlySet<string> {
  const { permissions } = useSession().userSettings;
  return useMemo(() => new Set<string>(permissions), [permissions]);
}
