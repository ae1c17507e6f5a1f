import { enUS } from '@quill/core/i18n/enUS';
import { PERMISSIONS } from '@quill/core/rules/auth/permissions';
import { cleanup, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { apiError, type FakeRequest, fakeApi } from '../../app/testing/fakeApi';
import { MANAGER_NORTH, signedInRoutes, userSettings } from '../../app/testing/fixtures';
import { SESSION_STORAGE_KEYS } from '../../lib/storage';
import { renderApp } from '../../test/renderApp';
import { DICTATOR, DICTATOR_PERMS, queueOf, toSignRow } from './testing/signingFixtures';

const T = enUS.toSign;
// The route chunk loads cold in the first test of a run: allow it time.
beforeAll(() => configure({ asyncUtilTimeout: 5000 }));
afterEach(() => {
  cleanup();
  window.sessionStorage.clear();
});

function setup(routes: Record<string, unknown>) {
  const api = fakeApi(signedInRoutes([DICTATOR], DICTATOR_PERMS, routes));
  renderApp('/to-sign');
  return api;
}

/** A queue of jobs 41, 42 and 43 whose sign call signs 41 and 42 (the queue then holds 43). */
function signing41And42() {
  const rows = [toSignRow(41, { version: 3 }), toSignRow(42), toSignRow(43)];
  const state = {
    body: null as unknown,
    routes: {
      'GET /api/signing/queue': () => queueOf(state.body ? rows.slice(2) : rows),
      'POST /api/signing/sign': (request: FakeRequest) => {
        state.body = request.body;
        return {
          signed: [41, 42].map((jobId) => ({
            jobId,
            meaning: 'author',
            stageId: 8,
            signedAt: '2026-03-01T10:00:00Z',
          })),
        };
      },
    },
  };
  return state;
}

const table = () => screen.findByRole('table', { name: T.tableLabel });
const rowOf = (jobId: number) => screen.getByTestId(`to-sign-row-${jobId}`);
const check = (jobId: number) =>
  fireEvent.click(screen.getByRole('checkbox', { name: `Select job ${jobId}` }));

describe('To sign page (issue 43)', { timeout: 20_000 }, () => {
  it('lists the jobs waiting for the dictator’s signature with the reasons to sign again', async () => {
    setup({
      'GET /api/signing/queue': queueOf(
        [
          toSignRow(41, { stat: true }),
          toSignRow(42, { forceResign: true, resignReason: 'The narrative changed after signing' }),
          toSignRow(43, { meaning: 'co-signer', onBehalfOf: 'Dr Ann Lee', patientName: null }),
        ],
        3,
      ),
    });
    await table();
    expect(screen.getByRole('heading', { name: T.title })).toBeTruthy();
    expect(screen.getByText('Jobs waiting for your signature: 3')).toBeTruthy();
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers).toEqual([
      '',
      'STAT',
      'Job ID',
      'Dictator',
      'Patient Name',
      'Subject ID',
      'Work Type',
      'Facility',
      'Dictated',
      'Why',
    ]);
    const cells = (jobId: number) =>
      within(rowOf(jobId))
        .getAllByRole('cell')
        .map((c) => c.textContent);
    expect(cells(41)).toEqual([
      '',
      'STAT',
      '41',
      'Byron, Ada',
      'Patient 41',
      'MRN41',
      'Consultation',
      'North Clinic',
      '03/01/2026 08:30',
      '',
    ]);
    expect(cells(42)[9]).toBe('Sign again: The narrative changed after signing');
    expect(cells(43)[4]).toBe('Patient Name');
    expect(cells(43)[9]).toBe('Co-signOn behalf of Dr Ann Lee');
    expect(
      within(rowOf(41)).getByRole('link', { name: 'Open job 41 to read and sign' }).getAttribute('href'),
    ).toBe('/to-sign/41');
  });

  it('signs the selected jobs with the password; they leave the list and the count drops', async () => {
    const signing = signing41And42();
    const api = setup(signing.routes);
    await table();
    const signSelected = screen.getByRole('button', { name: T.actions.signSelected });
    expect(signSelected.getAttribute('aria-disabled')).toBe('true');
    check(41);
    check(42);
    expect(screen.getByText('2 jobs selected')).toBeTruthy();
    fireEvent.click(signSelected);
    const dialog = await screen.findByRole('dialog', { name: 'Sign 2 jobs' });
    const password = within(dialog).getByLabelText(/^Password/);
    await waitFor(() => expect(document.activeElement).toBe(password));
    fireEvent.change(password, { target: { value: 'demo' } });
    fireEvent.submit(password.closest('form')!);
    await waitFor(() => expect(screen.queryByTestId('to-sign-row-41')).toBeNull());
    expect(signing.body).toEqual({
      jobs: [
        { jobId: 41, version: 3 },
        { jobId: 42, version: 2 },
      ],
      password: 'demo',
    });
    expect(screen.queryByTestId('to-sign-row-42')).toBeNull();
    expect(rowOf(43)).toBeTruthy();
    expect(await screen.findByText('2 jobs signed')).toBeTruthy();
    await waitFor(() => expect(screen.getByText('Jobs waiting for your signature: 1')).toBeTruthy());
    expect(screen.getByText('0 jobs selected')).toBeTruthy();
    expect(api.called().filter((c) => c === 'GET /api/signing/queue')).toHaveLength(2);
  });

  it('back from confirming at the identity provider, the kept jobs are selected again and signed', async () => {
    // A user without a password left for "Confirm with Hospital Login" with 41 and 42 selected.
    window.sessionStorage.setItem(
      SESSION_STORAGE_KEYS.signingAfterConfirm,
      JSON.stringify({
        jobs: [
          { jobId: 41, version: 3 },
          { jobId: 42, version: 2 },
        ],
        path: '/to-sign',
        at: Date.now(),
      }),
    );
    const signing = signing41And42();
    fakeApi(
      signedInRoutes([DICTATOR], DICTATOR_PERMS, {
        'GET /api/settings/user': {
          ...userSettings(DICTATOR_PERMS),
          signWith: 'oidc',
          signInProvider: 'Hospital Login',
        },
        ...signing.routes,
      }),
    );
    const { history } = renderApp('/to-sign?reauth=confirmed');
    expect(await screen.findByText('2 jobs signed')).toBeTruthy();
    expect(signing.body).toEqual({
      jobs: [
        { jobId: 41, version: 3 },
        { jobId: 42, version: 2 },
      ],
      reauthenticated: true,
    });
    await waitFor(() => expect(screen.queryByTestId('to-sign-row-41')).toBeNull());
    expect(rowOf(43)).toBeTruthy();
    // Used once: the address no longer says so and the kept jobs are gone (a reload signs nothing).
    expect(history.location.search).toBe('');
    expect(window.sessionStorage.getItem(SESSION_STORAGE_KEYS.signingAfterConfirm)).toBeNull();
  });

  it('back from a refused confirmation, the jobs stay selected and the dialog says why', async () => {
    window.sessionStorage.setItem(
      SESSION_STORAGE_KEYS.signingAfterConfirm,
      JSON.stringify({ jobs: [{ jobId: 42, version: 2 }], path: '/to-sign', at: Date.now() }),
    );
    const api = fakeApi(
      signedInRoutes([DICTATOR], DICTATOR_PERMS, {
        'GET /api/settings/user': { ...userSettings(DICTATOR_PERMS), signWith: 'oidc' },
        'GET /api/signing/queue': queueOf([toSignRow(41), toSignRow(42)]),
      }),
    );
    renderApp('/to-sign?reauth=stale');
    const dialog = await screen.findByRole('dialog', { name: 'Sign job 42' });
    expect(within(dialog).getByTestId('sign-problem').textContent).toBe(
      T.sign.reauth.stale.replace('{{provider}}', 'single sign-on'),
    );
    fireEvent.click(within(dialog).getByRole('button', { name: T.sign.cancel }));
    await table();
    expect(screen.getByText('1 job selected')).toBeTruthy();
    expect((screen.getByRole('checkbox', { name: 'Select job 42' }) as HTMLInputElement).checked).toBe(true);
    expect(api.called()).not.toContain('POST /api/signing/sign');
  });

  it('explains the bulk limit when more than ten jobs are selected', async () => {
    const rows = Array.from({ length: 11 }, (_, i) => toSignRow(101 + i));
    setup({ 'GET /api/signing/queue': queueOf(rows) });
    await table();
    fireEvent.click(screen.getByRole('checkbox', { name: T.selectAll }));
    const signSelected = screen.getByRole('button', { name: T.actions.signSelected });
    expect(signSelected.getAttribute('aria-disabled')).toBe('true');
    const limit = 'Sign at most 10 jobs at once: 11 are selected';
    expect(screen.getByTestId('sign-limit').textContent).toBe(limit);
    const describedBy = signSelected.getAttribute('aria-describedby');
    expect(document.getElementById(describedBy!)?.textContent).toBe(limit);
    fireEvent.click(signSelected);
    expect(screen.queryByRole('dialog')).toBeNull();
    check(111);
    expect(signSelected.getAttribute('aria-disabled')).toBeNull();
  });

  it('returns one selected job for correction with a note; it leaves the list', async () => {
    let returned: unknown = null;
    setup({
      'GET /api/signing/queue': () => queueOf(returned ? [toSignRow(42)] : [toSignRow(41), toSignRow(42)]),
      'POST /api/signing/return': (request: FakeRequest) => {
        returned = request.body;
        return { jobId: 41, stageId: 1 };
      },
    });
    await table();
    const returnButton = screen.getByRole('button', { name: T.actions.returnForCorrection });
    check(41);
    check(42);
    expect(returnButton.getAttribute('aria-disabled')).toBe('true');
    check(42);
    fireEvent.click(returnButton);
    const dialog = await screen.findByRole('dialog', { name: 'Return job 41 for correction' });
    fireEvent.change(within(dialog).getByRole('textbox'), { target: { value: 'Dose in line 2' } });
    fireEvent.click(within(dialog).getByRole('button', { name: T.returnDialog.submit }));
    await waitFor(() => expect(screen.queryByTestId('to-sign-row-41')).toBeNull());
    expect(returned).toEqual({ jobId: 41, note: 'Dose in line 2' });
    expect(rowOf(42)).toBeTruthy();
  });

  it('says when the queue cannot be loaded, and Retry loads it', async () => {
    const api = setup({ 'GET /api/signing/queue': apiError(404, 'not_found') });
    expect(await screen.findByText(T.failed)).toBeTruthy();
    api.set('GET /api/signing/queue', queueOf([]));
    fireEvent.click(screen.getByRole('button', { name: T.retry }));
    expect(await screen.findByText(T.empty)).toBeTruthy();
  });

  it('tells an account that does not sign so, and asks nothing', async () => {
    const api = fakeApi(signedInRoutes([MANAGER_NORTH], PERMISSIONS, {}));
    renderApp('/to-sign');
    expect(await screen.findByText(T.notPermitted)).toBeTruthy();
    expect(api.called().some((c) => c.includes('/api/signing/'))).toBe(false);
  });
});
