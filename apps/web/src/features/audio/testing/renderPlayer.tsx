import { MantineProvider } from '@mantine/core';
import type { AudioOptions } from '@quill/core/contract/audio';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { ToastHost } from '../../../app/toasts';
import { i18n } from '../../../lib/i18n';

/** A job's audio options with every button enabled (opus and wav). */
export function audioOptions(change: Partial<AudioOptions> = {}): AudioOptions {
  return {
    jobId: 12,
    audioURL: '/api/Audio/opus?jobId=12',
    audioFormat: 'opus',
    hasWav: true,
    hasOpus: true,
    durationMs: 40_000,
    play: true,
    backwards: true,
    forwards: true,
    stop: true,
    seek: true,
    volume: true,
    ...change,
  };
}

/** Renders with the app's providers (Mantine, i18n, react-query, toasts), no router. */
export function renderWithProviders(ui: ReactNode) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } },
  });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <MantineProvider defaultColorScheme="light" withCssVariables={false} withGlobalClasses={false}>
      <I18nextProvider i18n={i18n}>
        <QueryClientProvider client={queryClient}>
          <ToastHost />
          {children}
        </QueryClientProvider>
      </I18nextProvider>
    </MantineProvider>
  );
  return { ...render(ui, { wrapper }), queryClient };
}
