import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '../../app/testing/fakeApi';
import { MANAGER_NORTH, signedInRoutes } from '../../app/testing/fixtures';
import { renderApp } from '../../test/renderApp';
import { testSession } from '../job-list/testing/jobListFixtures';
import { renderWithSession } from '../job-list/testing/renderWithSession';
import { InterfacesPage } from './InterfacesPage';

const row = (id: number, status: string, over: Record<string, unknown> = {}) => ({
  id,
  interfaceName: 'north-adt',
  direction: 'in',
  controlId: `C-${id}`,
  messageType: 'ADT^A08',
  facility: 'NORTH',
  status,
  error: status === 'failed' ? 'No patient with this identifier' : null,
  ackCode: status === 'failed' ? 'AE' : 'AA',
  attempts: 1,
  jobId: null,
  receivedAt: '2026-12-05T12:00:00.000Z',
  processedAt: '2026-12-05T12:00:01.000Z',
  handledAt: null,
  ...over,
});

const segment = (id: string, name: string, fields: [string, string | null, string][]) => ({
  id,
  name,
  fields: fields.map(([position, fieldName, value]) => ({
    position,
    name: fieldName,
    value,
    fullLength: null,
  })),
});

const LIST = { rows: [row(2, 'failed'), row(1, 'applied')], total: 2, page: 1, pageSize: 25 };

function api() {
  return fakeApi({
    'GET /api/interfaces/messages': LIST,
    'GET /api/interfaces/messages/2': {
      message: row(2, 'failed'),
      segments: [
        segment('MSH', 'Message Header', [['MSH-9', 'Message Type', 'ADT^A08']]),
        segment('PID', 'Patient Identification', [['PID-5', 'Patient Name', 'Kit^Tessa']]),
      ],
      ack: [segment('MSA', 'Message Acknowledgment', [['MSA-1', 'Acknowledgment Code', 'AE']])],
      canResend: true,
      canMarkHandled: true,
    },
    'POST /api/interfaces/messages/handled': row(2, 'handled'),
    'POST /api/interfaces/messages/resend': row(2, 'applied'),
  });
}

describe('the Interfaces screen (issue 44)', { timeout: 20_000 }, () => {
  it('lists the messages, filters them, opens one segment by segment, resends it and marks it handled', async () => {
    const calls = api();
    renderWithSession(<InterfacesPage />, testSession({ permissions: ['adtUpload'] }));
    const table = await screen.findByRole('table', { name: 'Interfaces' });
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    expect(within(table).getByText('No patient with this identifier')).toBeTruthy();

    fireEvent.change(screen.getByRole('textbox', { name: 'Message type' }), { target: { value: 'adt^a08' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(calls.calls.at(-1)!.url).toMatch(/type=ADT%5EA08/));

    fireEvent.click(screen.getByRole('button', { name: 'Open message C-2' }));
    const pid = await screen.findByRole('table', { name: 'PID — Patient Identification' });
    expect(within(pid).getByText('Patient Name')).toBeTruthy();
    expect(within(pid).getByText('Kit^Tessa')).toBeTruthy();
    expect(screen.getByRole('table', { name: 'MSA — Message Acknowledgment' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Resend' }));
    expect(await screen.findByText('Message sent again: Applied')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Mark handled' }));
    expect(await screen.findByText('Message marked handled')).toBeTruthy();
    const posts = calls.calls.filter((c) => c.method === 'POST');
    expect(posts.map((c) => [c.url, c.body])).toEqual([
      ['/api/interfaces/messages/resend', { messageId: 2 }],
      ['/api/interfaces/messages/handled', { messageId: 2 }],
    ]);
  });

  it('is reached from User ▸ Interfaces, and is the forbidden page without adtUpload', async () => {
    const calls = fakeApi(signedInRoutes([MANAGER_NORTH], ['jobView', 'dictatorView']));
    renderApp('/interfaces');
    expect(await screen.findByRole('heading', { name: /403/ }, { timeout: 5000 })).toBeTruthy();
    expect(calls.calls.some((c) => c.url.includes('/api/interfaces'))).toBe(false);
    cleanup();
    fakeApi(signedInRoutes([MANAGER_NORTH], ['adtUpload'], { 'GET /api/interfaces/messages': LIST }));
    renderApp('/');
    fireEvent.click(await screen.findByRole('button', { name: 'User' }, { timeout: 5000 }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Interfaces' }));
    expect(await screen.findByRole('heading', { name: 'Interfaces' }, { timeout: 5000 })).toBeTruthy();
  });
});
