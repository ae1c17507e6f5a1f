import { Box } from '@mantine/core';
import { Outlet } from '@tanstack/react-router';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Footer } from './Footer';
import { useRouteFlags } from './routeFlags';
import { SessionExpiredModal } from './session/SessionExpiredModal';
import { useUnauthorizedHandler } from './session/useUnauthorizedHandler';
import { type Shell, ShellContext } from './shell/ShellContext';

/**
 * Beyond covering the page: once the session has expired, the page (header, main, footer) and any
 * other open dialog, popover or toast are hidden (display: none and inert), so the patient data on
 * them cannot be read behind the modal or by a screen reader until the user signs in again. The
 * page stays mounted: the editor keeps its unsaved draft (draftStore) as before.
 */
function useHidePageWhenExpired(expired: boolean) {
  useEffect(() => {
    if (!expired) return;
    document.body.setAttribute('data-session-expired', '');
    return () => document.body.removeAttribute('data-session-expired');
  }, [expired]);
}

/**
 * The shell around every page: skip link, the header slot the authenticated layout puts the top
 * navigation into (unless hideNav), the page, the footer (showFooter), the global answer to a lost
 * session and the session-expired modal. The sign-in guard and the session heartbeat live in the
 * authenticated layout (session/authedRoute.tsx), which only signed-in routes hang under.
 */
export function RootLayout() {
  const { t } = useTranslation();
  const flags = useRouteFlags();
  const [headerSlot, setHeaderSlot] = useState<HTMLElement | null>(null);
  const [skipSlot, setSkipSlot] = useState<HTMLElement | null>(null);
  const [sessionExpired, setSessionExpired] = useState(false);
  const markSessionExpired = useCallback(() => setSessionExpired(true), []);
  useUnauthorizedHandler(sessionExpired, markSessionExpired);
  useHidePageWhenExpired(sessionExpired);
  const shell = useMemo<Shell>(
    () => ({ headerSlot, skipSlot, sessionExpired, markSessionExpired }),
    [headerSlot, skipSlot, sessionExpired, markSessionExpired],
  );

  return (
    <ShellContext.Provider value={shell}>
      <Box
        style={{ minHeight: '100dvh', display: sessionExpired ? 'none' : 'flex', flexDirection: 'column' }}
        aria-hidden={sessionExpired || undefined}
        inert={sessionExpired}
        data-testid="page"
      >
        <a className="quill-skip-link" href="#main">
          {t('app.skipToContent')}
        </a>
        <div ref={setSkipSlot} />
        <div ref={setHeaderSlot} />
        <Box component="main" id="main" tabIndex={-1} style={{ flex: 1, outline: 'none' }}>
          <Outlet />
        </Box>
        {flags.showFooter && <Footer />}
      </Box>
      <SessionExpiredModal opened={sessionExpired} />
    </ShellContext.Provider>
  );
}
