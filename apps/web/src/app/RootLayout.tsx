import { Box } from '@mantine/core';
import { Outlet } from '@tanstack/react-router';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Footer } from './Footer';
import { useRouteFlags } from './routeFlags';
import { SessionExpiredModal } from './session/SessionExpiredModal';
import { useUnauthorizedHandler } from './session/useUnauthorizedHandler';
import { type Shell, ShellContext } from './shell/ShellContext';

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
  const [sessionExpired, setSessionExpired] = useState(false);
  const markSessionExpired = useCallback(() => setSessionExpired(true), []);
  useUnauthorizedHandler(sessionExpired, markSessionExpired);
  const shell = useMemo<Shell>(
    () => ({ headerSlot, sessionExpired, markSessionExpired }),
    [headerSlot, sessionExpired, markSessionExpired],
  );

  return (
    <ShellContext.Provider value={shell}>
      <Box style={{ minHeight: '100dvh', display: 'flex', flexDirection: 'column' }}>
        <a className="quill-skip-link" href="#main">
          {t('app.skipToContent')}
        </a>
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
