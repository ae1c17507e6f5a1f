import { createTheme, MantineProvider, Menu, Modal } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type RouterHistory, RouterProvider } from '@tanstack/react-router';
import { useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { i18n } from '../lib/i18n';
import { createAppRouter, type routeTree } from './router';
import { ToastHost } from './toasts';

/** One react-query client per app: no automatic retries (pages offer Retry), no refetch on focus. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
}

export interface AppProps {
  /** Tests pass a memory history and their own query client. */
  history?: RouterHistory;
  queryClient?: QueryClient;
  /** Tests of the shell pass a route tree of their own (e.g. a probe page under the authenticated layout). */
  routeTree?: typeof routeTree;
}

/**
 * Mantine's defaults, where they fall short of WCAG (axe): a menu's hidden initial-focus
 * placeholder is a role="presentation" child of role="menu" (aria-required-children; without it
 * the first item still takes focus from the keyboard), and a dialog's close button has no name
 * (button-name) unless the dialog gives it a more specific one.
 */
const theme = createTheme({
  components: {
    Menu: Menu.extend({ defaultProps: { withInitialFocusPlaceholder: false } }),
    Modal: Modal.extend({ defaultProps: { closeButtonProps: { 'aria-label': i18n.t('app.closeDialog') } } }),
  },
});

/** The providers (Mantine, i18n, react-query, toasts) around the router. */
export function App({ history, queryClient: givenClient, routeTree: tree }: AppProps) {
  const [queryClient] = useState(() => givenClient ?? createQueryClient());
  const [router] = useState(() => createAppRouter({ queryClient }, history, tree));
  return (
    // No <style> elements from Mantine: the server's CSP may allow stylesheets from 'self' only.
    // The default theme's variables are all in @mantine/core/styles.css; our overrides and any
    // global helper classes live in app/theme.css.
    <MantineProvider
      theme={theme}
      defaultColorScheme="light"
      withCssVariables={false}
      withGlobalClasses={false}
    >
      <I18nextProvider i18n={i18n}>
        <QueryClientProvider client={queryClient}>
          <ToastHost />
          <RouterProvider router={router} />
        </QueryClientProvider>
      </I18nextProvider>
    </MantineProvider>
  );
}
