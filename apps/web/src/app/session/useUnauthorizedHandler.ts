import type { Authenticated } from '@quill/core/contract/account';
import { useQueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { useCallback, useEffect, useRef } from 'react';
import { onUnauthorized } from '../../lib/api';
import { browserNavigation } from '../../lib/browserNavigation';
import { signInSchemeUrl } from '../../lib/paths';
import { SESSION_QUERY_KEYS } from './useAccountSession';

/** The sign-in scheme the server named last (`local` until the authentication check answered). */
export function useSignInScheme(): () => string {
  const queryClient = useQueryClient();
  return useCallback(
    () => queryClient.getQueryData<Authenticated>(SESSION_QUERY_KEYS.authenticated)?.scheme ?? 'local',
    [queryClient],
  );
}

/**
 * The global answer to a lost session (spec 01 §4, §8): any call answering 401
 * `session_superseded` goes to /existingsession, `session_expired` raises the session-expired modal,
 * and `unauthenticated` or `user_disabled` go back to the sign-in scheme, returning here afterwards.
 * Once the session has expired, later 401s change nothing: the modal stays.
 */
export function useUnauthorizedHandler(sessionExpired: boolean, markSessionExpired: () => void): void {
  const router = useRouter();
  const scheme = useSignInScheme();
  const expired = useRef(sessionExpired);
  expired.current = sessionExpired;
  const leaving = useRef(false);

  useEffect(
    () =>
      onUnauthorized((error) => {
        if (expired.current || leaving.current) return;
        switch (error.code) {
          case 'session_superseded':
            void router.navigate({ to: '/existingsession', replace: true });
            break;
          case 'session_expired':
            markSessionExpired();
            break;
          case 'unauthenticated':
          case 'user_disabled': {
            leaving.current = true;
            const { pathname, searchStr } = router.state.location;
            browserNavigation.assign(signInSchemeUrl(scheme(), `${pathname}${searchStr}`));
            break;
          }
        }
      }),
    [router, scheme, markSessionExpired],
  );
}
