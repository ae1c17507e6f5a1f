import type { Delivery } from '@quill/core/contract/delivery';
import type { FaxRecipient } from '@quill/core/contract/fax';
import { enUS } from '@quill/core/i18n/enUS';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError, type FakeAnswer, fakeApi } from '../../app/testing/fakeApi';
import { testSession } from '../job-list/testing/jobListFixtures';
import { renderWithSession } from '../job-list/testing/renderWithSession';
import { JobDeliveries } from './JobDeliveries';

const D = enUS.deliveries;
const R = D.redirectDialog;

function delivery(id: number, over: Partial<Delivery> = {}): Delivery {
  return {
    id,
    recipientId: 31,
    recipientName: 'Dr Ann Lee',
    method: 'fax',
    status: 'sent',
    preliminary: false,
    jobVersion: 3,
    attempts: 1,
    lastError: null,
    createdAt: '2026-03-01T14:00:00Z',
    completedAt: '2026-03-01T14:05:00Z',
    ...over,
  };
}

const FAILED = delivery(7, {
  status: 'failed',
  attempts: 5,
  lastError: 'No answer (busy)',
  completedAt: null,
});
const LIST = [FAILED, delivery(6, { recipientName: 'Medical Records', method: 'print', preliminary: true })];
const contact = (id: number, name: string, faxNumber: string): FaxRecipient => ({
  id,
  name,
  faxNumber,
  recipientType: 'CC',
  faxFlag: true,
  physicianId: id,
});

function setup(
  routes: Record<string, FakeAnswer> = {},
  permissions = ['jobView', 'distributionJobActionsQueue'],
) {
  const api = fakeApi({
    'GET /api/jobs/deliveries': LIST,
    'GET /api/jobs/getContactListForJob': [
      contact(31, 'Dr Ann Lee', '555 0101'),
      contact(32, 'Dr Bo Ray', '555 0202'),
    ],
    ...routes,
  });
  renderWithSession(
    <JobDeliveries jobId={42} timeZone="America/New_York" />,
    testSession({ permissions: permissions as never[] }),
  );
  return api;
}

const cells = (id: number) =>
  within(screen.getByTestId(`delivery-${id}`))
    .getAllByRole('cell')
    .map((c) => c.textContent);

describe('a job’s deliveries (issue 43)', () => {
  it('lists each delivery with its recipient, method, status, attempts, last error and times', async () => {
    const api = setup();
    await screen.findByTestId('delivery-7');
    expect(api.calls[0]!.url).toBe('/api/jobs/deliveries?jobId=42');
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'Recipient',
      'Method',
      'Status',
      'Attempts',
      'Last error',
      'Queued',
      'Completed',
      'Actions',
    ]);
    expect(cells(7)).toEqual([
      'Dr Ann Lee',
      'Fax',
      'Failed',
      '5',
      'No answer (busy)',
      '03/01/2026 09:00 EST',
      '',
      'Redirect',
    ]);
    expect(cells(6)).toEqual([
      `Medical Records${D.preliminary}`,
      'Print',
      'Sent',
      '1',
      '',
      '03/01/2026 09:00 EST',
      '03/01/2026 09:05 EST',
      '',
    ]);
  });

  it('hides Retry and Redirect without distributionJobActionsQueue', async () => {
    setup({}, ['jobView']);
    await screen.findByTestId('delivery-7');
    expect(screen.queryByRole('button', { name: /Retry|Redirect/ })).toBeNull();
    expect(screen.getAllByRole('columnheader')).toHaveLength(7);
  });

  it('says when the deliveries cannot be loaded, and Retry loads them', async () => {
    const api = setup({ 'GET /api/jobs/deliveries': apiError(404, 'not_found') });
    expect(await screen.findByText(D.failed)).toBeTruthy();
    api.set('GET /api/jobs/deliveries', []);
    fireEvent.click(screen.getByRole('button', { name: D.retryLoad }));
    expect(await screen.findByText(D.none)).toBeTruthy();
  });

  it('retries the job’s failed deliveries', async () => {
    const api = setup({ 'POST /api/jobs/deliveries/retry': { queued: [delivery(8, { status: 'queued' })] } });
    fireEvent.click(await screen.findByRole('button', { name: 'Retry failed deliveries of job 42' }));
    expect(await screen.findByText('Failed deliveries of 1 job queued again')).toBeTruthy();
    expect(api.calls.find((c) => c.method === 'POST')!.body).toEqual({ jobIds: [42] });
    // The list is read again.
    await waitFor(() => expect(api.called().filter((c) => c === 'GET /api/jobs/deliveries')).toHaveLength(2));
  });

  it('says why a retry was refused', async () => {
    setup({ 'POST /api/jobs/deliveries/retry': apiError(403, 'forbidden', 'You may not do that') });
    fireEvent.click(await screen.findByRole('button', { name: 'Retry failed deliveries of job 42' }));
    expect(await screen.findByText('You may not do that')).toBeTruthy();
  });

  it('redirects a failed fax to another recipient and a corrected number', async () => {
    const api = setup({
      'POST /api/jobs/deliveries/redirect': { queued: [delivery(9, { status: 'queued' })] },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Redirect the Fax delivery to Dr Ann Lee' }));
    const dialog = await screen.findByRole('dialog', { name: R.title });
    expect(within(dialog).getByText('The Fax delivery to Dr Ann Lee failed: No answer (busy)')).toBeTruthy();
    const sendTo = within(dialog).getByLabelText(R.recipient) as HTMLSelectElement;
    await waitFor(() => expect(document.activeElement).toBe(sendTo));
    // The delivery's own recipient (31) is offered once, as the same recipient.
    await waitFor(() => expect(sendTo.options).toHaveLength(2));
    expect([...sendTo.options].map((o) => o.textContent)).toEqual([
      'Dr Ann Lee (same recipient)',
      'Dr Bo Ray (555 0202)',
    ]);
    fireEvent.change(sendTo, { target: { value: '32' } });
    const number = within(dialog).getByLabelText(R.faxNumber);
    fireEvent.change(number, { target: { value: '555-BAD' } });
    fireEvent.click(within(dialog).getByRole('button', { name: R.submit }));
    expect(await within(dialog).findByText(R.faxNumberInvalid)).toBeTruthy();
    expect(api.called()).not.toContain('POST /api/jobs/deliveries/redirect');
    fireEvent.change(number, { target: { value: '555 0303' } });
    fireEvent.click(within(dialog).getByRole('button', { name: R.submit }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.calls.find((c) => c.path === '/api/jobs/deliveries/redirect')!.body).toEqual({
      deliveryId: 7,
      method: 'fax',
      recipientId: 32,
      faxNumber: '555 0303',
    });
    expect(await screen.findByText(R.redirected)).toBeTruthy();
  });

  it('redirects to the same recipient by another method, and keeps a refusal on screen', async () => {
    const api = setup({
      'POST /api/jobs/deliveries/redirect': apiError(
        400,
        'invalid',
        'The recipient has no electronic address',
      ),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Redirect the Fax delivery to Dr Ann Lee' }));
    const dialog = await screen.findByRole('dialog', { name: R.title });
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Electronic' }));
    expect(within(dialog).queryByLabelText(R.faxNumber)).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: R.submit }));
    expect((await within(dialog).findByTestId('redirect-problem')).textContent).toBe(
      'The recipient has no electronic address',
    );
    expect(api.calls.find((c) => c.path === '/api/jobs/deliveries/redirect')!.body).toEqual({
      deliveryId: 7,
      method: 'electronic',
      recipientId: null,
    });
  });

  it('still redirects when the job’s recipients cannot be loaded, and says so', async () => {
    setup({ 'GET /api/jobs/getContactListForJob': apiError(503, 'unavailable') });
    fireEvent.click(await screen.findByRole('button', { name: 'Redirect the Fax delivery to Dr Ann Lee' }));
    const dialog = await screen.findByRole('dialog', { name: R.title });
    expect(await within(dialog).findByText(R.contactsFailed)).toBeTruthy();
    expect((within(dialog).getByLabelText(R.recipient) as HTMLSelectElement).options).toHaveLength(1);
  });
});
