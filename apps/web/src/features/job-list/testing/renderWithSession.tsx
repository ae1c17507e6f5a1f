import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { type Session, SessionContext } from '../../../app/session/SessionContext';
import { ToastHost } from '../../../app/toasts';
import { i18n } from '../../../lib/i18n';
import { testSession } from './jobListFixtures';

/** Renders list components with the app's providers and a signed-in session (no router). */
export function renderWithSession(ui: ReactNode, session: Session = testSession()) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } },
  });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <MantineProvider defaultColorScheme="light" withCssVariables={false} withGlobalClasses={false}>
      <I18nextProvider i18n={i18n}>
        <QueryClientProvider client={queryClient}>
          <SessionContext.Provider value={session}>
            <ToastHost />
            {children}
          </SessionContext.Provider>
        </QueryClientProvider>
      </I18nextProvider>
    </MantineProvider>
  );
  // The wrapper also wraps what `rerender` renders.
  const view = render(ui, { wrapper });
  return { ...view, queryClient };
}
