import { Outlet, useRouterState } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { browserNavigation } from '../../lib/browserNavigation';
import { signInSchemeUrl } from '../../lib/paths';
import { ErrorPage } from '../errors/ErrorPage';
import { TenantHeader } from '../nav/TenantHeader';
import { TopNav } from '../nav/TopNav';
import { useRouteFlags } from '../routeFlags';
import { ShellHeader } from '../shell/ShellContext';
import { SelectUserPage } from './SelectUserPage';
import { SessionContext } from './SessionContext';
import { SessionLoading } from './SessionLoading';
import { SessionTimeout } from './SessionTimeout';
import { useAccountSession } from './useAccountSession';

/** Spec 01 §4 step 2: a browser that is not signed in goes to the sign-in scheme, once. */
function useSignInRedirect(scheme: string | null): void {
  const returnPath = useRouterState({ select: (s) => `${s.location.pathname}${s.location.searchStr}` });
  const sent = useRef(false);
  useEffect(() => {
    if (scheme === null || sent.current) return;
    sent.current = true;
    browserNavigation.assign(signInSchemeUrl(scheme, returnPath));
  }, [scheme, returnPath]);
}

/**
 * The layout of every signed-in route (spec 01 §4 "Authentication and account"): runs the sign-in
 * flow (useAccountSession), then renders the page inside SessionContext with the top navigation
 * (unless hideNav; the 'Edit Job' header instead where isTenant) and the session heartbeat (unless
 * disableHeartbeat).
 */
export function AuthedLayout() {
  const flags = useRouteFlags();
  const gate = useAccountSession();
  useSignInRedirect(gate.status === 'signIn' ? gate.scheme : null);

  switch (gate.status) {
    case 'loading':
    case 'signIn':
      return <SessionLoading />;
    case 'error':
      return <ErrorPage code={gate.code} />;
    case 'selectUser':
      return <SelectUserPage summaries={gate.summaries} onConfirm={gate.select} selecting={gate.selecting} />;
    case 'ready':
      return (
        <SessionContext.Provider value={gate.session}>
          {flags.isTenant ? (
            <ShellHeader>
              <TenantHeader />
            </ShellHeader>
          ) : (
            !flags.hideNav && (
              <ShellHeader>
                <TopNav />
              </ShellHeader>
            )
          )}
          <SessionTimeout enabled={!flags.disableHeartbeat} />
          <Outlet />
        </SessionContext.Provider>
      );
  }
}
