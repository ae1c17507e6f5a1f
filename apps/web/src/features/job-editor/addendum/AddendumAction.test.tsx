import { enUS } from '@quill/core/i18n/enUS';
import { PERMISSIONS } from '@quill/core/rules/auth/permissions';
import { cleanup, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { apiError, fakeApi } from '../../../app/testing/fakeApi';
import { signedInRoutes } from '../../../app/testing/fixtures';
import { renderApp } from '../../../test/renderApp';
import { jobDetails, jobRoutesFor } from '../testing/jobFixtures';

const A = enUS.addendum;
const FINISHED = 13;

beforeEach(() => localStorage.clear());
beforeAll(() => configure({ asyncUtilTimeout: 5000 }));
afterEach(() => cleanup());

const opened = {
  success: true,
  bookingCookie: 'addendum-cookie',
  expiresAt: '2026-03-01T10:10:00Z',
  messages: [],
  addendum: {
    reason: 'Wrong dose of metoprolol',
    signedAt: '2026-03-01T15:30:00Z',
    formattedSignedAt: '03/01/2026 09:30 (CST)',
    ofVersion: 2,
  },
};

function setup(stageId: number, permissions: readonly string[] = PERMISSIONS, addendum: unknown = opened) {
  const routes = {
    ...jobRoutesFor(),
    'GET /api/job/GetJobDetails': jobDetails({
      stageId,
      stageName: stageId === FINISHED ? 'Finished' : 'ES',
    }),
    'POST /api/job/addendum': addendum,
  };
  const api = fakeApi(signedInRoutes(undefined, permissions, routes));
  renderApp('/job/42');
  return api;
}
const action = () => screen.queryByRole('button', { name: A.action });
/** The job view shown (its route chunk loads cold in a run's first test: allow it time). */
const loaded = () => screen.findByText('History of Present Illness', {}, { timeout: 15_000 });

describe('Add addendum on the job view (issue 43)', { timeout: 40_000 }, () => {
  it('is offered on a Finished job; asks the reason, then opens the editor booked with the banner', async () => {
    const api = setup(FINISHED);
    await loaded();
    fireEvent.click(await screen.findByRole('button', { name: A.action }));
    const dialog = await screen.findByRole('dialog', { name: 'Add an addendum to job 42' });
    expect(within(dialog).getByText(A.lead)).toBeTruthy();
    const reason = within(dialog).getByLabelText(new RegExp(A.reason));
    fireEvent.click(within(dialog).getByRole('button', { name: A.submit }));
    expect(await within(dialog).findByText(A.reasonRequired)).toBeTruthy();
    expect(api.called()).not.toContain('POST /api/job/addendum');

    fireEvent.change(reason, { target: { value: '  Wrong dose of metoprolol ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: A.submit }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const call = api.calls.find((c) => c.path === '/api/job/addendum')!;
    expect(call.body).toEqual({ jobId: 42, version: 2, reason: 'Wrong dose of metoprolol' });
    expect(
      await screen.findByText(
        'Addendum to the version signed on 03/01/2026 09:30 (CST): Wrong dose of metoprolol',
      ),
    ).toBeTruthy();
    expect(screen.getByText(enUS.jobView.editing)).toBeTruthy();
    expect(action()).toBeNull();
  });

  it('keeps the dialog open with the server’s words when it refuses', async () => {
    setup(FINISHED, PERMISSIONS, apiError(409, 'stale_version', 'Job 42 was changed since you opened it.'));
    await loaded();
    fireEvent.click(await screen.findByRole('button', { name: A.action }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText(new RegExp(A.reason)), {
      target: { value: 'Wrong side' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: A.submit }));
    expect(await within(dialog).findByText('Job 42 was changed since you opened it.')).toBeTruthy();
    expect(screen.queryByTestId('addendum-banner')).toBeNull();
  });

  it('is not offered before the job is Finished, nor without jobEditText', async () => {
    setup(11);
    await loaded();
    expect(action()).toBeNull();
    cleanup();
    setup(
      FINISHED,
      PERMISSIONS.filter((p) => p !== 'jobEditText'),
    );
    await loaded();
    expect(action()).toBeNull();
  });
});
