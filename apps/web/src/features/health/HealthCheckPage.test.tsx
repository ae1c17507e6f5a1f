import { notifications } from '@mantine/notifications';
import { enUS } from '@quill/core/i18n/enUS';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch, renderApp } from '../../test/renderApp';

const healthy = {
  applicationName: 'Quill',
  machineName: 'ward-7-app01',
  version: '0.1.0+abc123',
  results: [
    { name: 'Database', result: true, required: true, detail: 'PGlite answered in 2 ms' },
    { name: 'Blob store', result: true, required: true, detail: 'Writable' },
    { name: 'Chromium', result: false, required: false, detail: '/usr/bin/chromium not found' },
    { name: 'ffmpeg', result: true, required: false, detail: 'Found at /usr/bin/ffmpeg' },
  ],
};

const broken = {
  ...healthy,
  results: [
    { name: 'Database', result: false, required: true, detail: 'Connection refused' },
    { name: 'Blob store', result: true, required: true, detail: 'Writable' },
  ],
};

function row(name: string): HTMLElement {
  const header = screen.getByRole('rowheader', { name: new RegExp(`^${name}`) });
  return header.closest('tr') as HTMLElement;
}

afterEach(() => notifications.clean());

describe('HealthCheckPage', () => {
  it('shows application name, build, machine name and a result per check', async () => {
    const fetch = mockFetch(jsonResponse(healthy));
    renderApp('/healthcheck');

    expect(await screen.findByText('ward-7-app01')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Health Check' })).toBeTruthy();
    expect(screen.getByText('Quill')).toBeTruthy();
    expect(screen.getByText('0.1.0+abc123')).toBeTruthy();
    expect(within(row('Database')).getByText('Pass')).toBeTruthy();
    expect(within(row('Database')).getByText('PGlite answered in 2 ms')).toBeTruthy();
    expect(within(row('Blob store')).getByText('Pass')).toBeTruthy();
    // A missing optional tool does not read as a failure.
    expect(within(row('Chromium')).getByText(enUS.health.optionalMissing)).toBeTruthy();
    expect(within(row('Chromium')).queryByText('Fail')).toBeNull();
    // An optional tool that is there reads "Found", as the README says, not "Pass".
    expect(within(row('ffmpeg')).getByText('Found')).toBeTruthy();
    expect(screen.getByText(enUS.health.allPassed)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
    await waitFor(() => expect(document.title).toBe('Health Check - Quill'));

    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe('/api/healthcheck/results');
    expect(init?.credentials).toBe('same-origin');
  });

  it('shows no machine name when the answer has none (anyone but a signed-in manager)', async () => {
    const { machineName: _hidden, ...anonymous } = healthy;
    mockFetch(jsonResponse(anonymous));
    renderApp('/healthcheck');
    expect(await screen.findByText('0.1.0+abc123')).toBeTruthy();
    expect(screen.queryByText(enUS.health.machineName)).toBeNull();
  });

  it('shows Fail for a failed required check, and offers Retry', async () => {
    mockFetch(jsonResponse(broken));
    renderApp('/healthcheck');

    expect(within(await screen.findByRole('table')).getAllByTestId('health-check-row')).toHaveLength(2);
    expect(within(row('Database')).getByText('Fail')).toBeTruthy();
    expect(within(row('Database')).getByText('Connection refused')).toBeTruthy();
    expect(within(row('Blob store')).getByText('Pass')).toBeTruthy();
    expect(screen.getByText(enUS.health.someFailed)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
  });

  it('on a failed request shows the toast and a Retry button', async () => {
    mockFetch(jsonResponse({ error: { code: 'unavailable', message: 'Database down' } }, 503));
    renderApp('/healthcheck');

    expect(await screen.findByRole('button', { name: 'Retry' })).toBeTruthy();
    const toast = await waitFor(() => {
      const found = document.querySelector('.mantine-Notifications-root .mantine-Notification-root');
      expect(found).not.toBeNull();
      return found as HTMLElement;
    });
    expect(toast.textContent).toContain(enUS.health.failedToast);
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('treats an answer that does not match the contract as a failure', async () => {
    mockFetch(jsonResponse({ applicationName: 'Quill' }));
    renderApp('/healthcheck');
    expect(await screen.findByRole('button', { name: 'Retry' })).toBeTruthy();
    expect(screen.getAllByText(enUS.health.failedToast).length).toBeGreaterThan(0);
  });

  it('Retry fetches the results again', async () => {
    const fetch = mockFetch(new TypeError('Failed to fetch'), jsonResponse(healthy));
    renderApp('/healthcheck');

    fireEvent.click(await screen.findByRole('button', { name: 'Retry' }));

    expect(await screen.findByText('ward-7-app01')).toBeTruthy();
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
    expect(within(row('Database')).getByText('Pass')).toBeTruthy();
  });

  it('shows a loading state while the checks run, and the footer', async () => {
    let answer: (r: Response) => void = () => {};
    mockFetch(() => new Promise<Response>((resolve) => (answer = resolve)));
    renderApp('/healthcheck');

    expect(await screen.findByText(enUS.health.loading)).toBeTruthy();
    expect(screen.getByText(/^Prototype version /)).toBeTruthy();
    answer(jsonResponse(healthy));
    expect(await screen.findByText('ward-7-app01')).toBeTruthy();
    expect(screen.queryByText(enUS.health.loading)).toBeNull();
  });
});
