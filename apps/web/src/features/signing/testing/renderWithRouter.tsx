import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
} from '@tanstack/react-router';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { type Session, SessionContext } from '../../../app/session/SessionContext';
import { ToastHost } from '../../../app/toasts';
import { i18n } from '../../../lib/i18n';

/**
 * Renders `ui` at / inside a memory router (its links work) with the app's providers and a
 * signed-in session; /to-sign shows a probe saying it was reached.
 */
export function renderWithRouter(ui: ReactNode, session: Session) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } },
  });
  const root = createRootRoute({ component: () => <Outlet /> });
  const home = createRoute({ getParentRoute: () => root, path: '/', component: () => <>{ui}</> });
  const toSign = createRoute({
    getParentRoute: () => root,
    path: '/to-sign',
    component: () => <p data-testid="to-sign-probe">to sign</p>,
  });
  const history = createMemoryHistory({ initialEntries: ['/'] });
  const router = createRouter({ routeTree: root.addChildren([home, toSign]), history });
  const view = render(
    <MantineProvider defaultColorScheme="light" withCssVariables={false} withGlobalClasses={false}>
      <I18nextProvider i18n={i18n}>
        <QueryClientProvider client={queryClient}>
          <SessionContext.Provider value={session}>
            <ToastHost />
            {/* biome-ignore lint/suspicious/noExplicitAny: a test router of its own route tree */}
            <RouterProvider router={router as any} />
          </SessionContext.Provider>
        </QueryClientProvider>
      </I18nextProvider>
    </MantineProvider>,
  );
  return { ...view, history, queryClient };
}
