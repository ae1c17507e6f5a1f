import { notifications } from '@mantine/notifications';
import { enUS } from '@quill/core/i18n/enUS';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, type Mock, vi } from 'vitest';
import { browserNavigation } from '../../lib/browserNavigation';
import { apiError, fakeApi } from '../testing/fakeApi';
import { DICTATOR_PERMISSIONS, MANAGER_NORTH, MANAGER_SOUTH, signedInRoutes } from '../testing/fixtures';
import { renderShell } from '../testing/renderShell';

let assign: Mock<(url: string) => void>;

beforeEach(() => {
  window.sessionStorage.clear();
  assign = vi.fn<(url: string) => void>();
  vi.spyOn(browserNavigation, 'assign').mockImplementation(assign);
});
afterEach(() => notifications.clean());

const probe = () => screen.findByTestId('probe');
const toastText = () =>
  waitFor(() => {
    const toast = document.querySelector('.mantine-Notification-root');
    expect(toast).not.toBeNull();
    return toast!.textContent ?? '';
  });

describe('authenticated layout: the sign-in flow of spec 01 §4', () => {
  it('sends a browser that is not signed in to the sign-in scheme with the return path', async () => {
    const api = fakeApi({ 'GET /api/account/authenticated': { authenticated: false, scheme: 'local' } });
    renderShell('/probe?tab=2');
    await waitFor(() =>
      expect(assign).toHaveBeenCalledWith('/api/account/scheme/local?returnUrl=%2Fprobe%3Ftab%3D2'),
    );
    expect(assign).toHaveBeenCalledTimes(1);
    expect(screen.getByText(enUS.account.loading)).toBeTruthy();
    expect(api.called()).toEqual(['GET /api/account/authenticated']);
  });

  it('selects the only account without asking, then loads the settings and shows the page with the nav', async () => {
    const api = fakeApi(signedInRoutes([MANAGER_NORTH]));
    renderShell('/probe');
    expect((await probe()).textContent).toBe('probe as 11 with 16 permissions');
    expect(screen.getByRole('navigation', { name: enUS.nav.label })).toBeTruthy();
    const calls = api.called();
    expect(calls[0]).toBe('GET /api/account/authenticated');
    // Summaries and application settings go out together, the user settings after the selection.
    expect(calls.slice(1, 3).sort()).toEqual([
      'GET /api/Account/GetUserSummaries',
      'GET /api/settings/applicationSettings',
    ]);
    expect(calls.indexOf('POST /api/Account/SetUserSummary/11')).toBeLessThan(
      calls.indexOf('GET /api/settings/user'),
    );
    expect(calls.filter((c) => c.startsWith('POST'))).toHaveLength(1);
    expect(screen.queryByRole('heading', { name: enUS.account.selectUserTitle })).toBeNull();
  });

  it('asks on Select User when there are several accounts, labelled member - type, and Confirm sets one', async () => {
    const api = fakeApi(signedInRoutes([MANAGER_NORTH, MANAGER_SOUTH]));
    renderShell('/probe');
    expect(await screen.findByRole('heading', { level: 1, name: 'Select User' })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Select User - Quill'));
    const radios = screen.getAllByRole('radio');
    expect(radios.map((r) => r.closest('label, .mantine-Radio-root')?.textContent)).toEqual([
      'Morgan Reyes - Manager',
      'Morgan Reyes - Transcriptionist',
    ]);
    expect(document.activeElement).toBe(radios[0]);
    const confirm = screen.getByRole('button', { name: 'Confirm' }) as HTMLButtonElement;
    expect(confirm.disabled).toBe(true);
    fireEvent.click(screen.getByLabelText('Morgan Reyes - Transcriptionist'));
    fireEvent.click(confirm);
    expect((await probe()).textContent).toContain('probe as 12');
    expect(api.called()).toContain('POST /api/Account/SetUserSummary/12');
    expect(window.sessionStorage.getItem('quill-member-id')).toBe('12');
  });

  it('re-selects the account this tab chose before, silently', async () => {
    window.sessionStorage.setItem('quill-member-id', '12');
    const api = fakeApi(signedInRoutes([MANAGER_NORTH, MANAGER_SOUTH]));
    renderShell('/probe');
    expect((await probe()).textContent).toContain('probe as 12');
    expect(api.called()).toContain('POST /api/Account/SetUserSummary/12');
  });

  it('asks again when the remembered account is no longer offered', async () => {
    window.sessionStorage.setItem('quill-member-id', '99');
    fakeApi(signedInRoutes([MANAGER_NORTH, MANAGER_SOUTH]));
    renderShell('/probe');
    expect(await screen.findByRole('heading', { name: 'Select User' })).toBeTruthy();
  });

  it('toasts when selecting fails and stays on Select User', async () => {
    fakeApi(
      signedInRoutes([MANAGER_NORTH, MANAGER_SOUTH], undefined, {
        'POST /api/Account/SetUserSummary/11': apiError(500, 'internal', 'boom'),
      }),
    );
    renderShell('/probe');
    fireEvent.click(await screen.findByLabelText('Morgan Reyes - Manager'));
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await toastText()).toContain(enUS.account.selectUserFailed);
    expect(screen.getByRole('heading', { name: 'Select User' })).toBeTruthy();
    expect(screen.queryByTestId('probe')).toBeNull();
  });

  it('falls back to Select User with a toast when selecting the only account fails', async () => {
    fakeApi(
      signedInRoutes([MANAGER_NORTH], undefined, {
        'POST /api/Account/SetUserSummary/11': apiError(503, 'unavailable', 'down'),
      }),
    );
    renderShell('/probe');
    expect(await screen.findByRole('heading', { name: 'Select User' })).toBeTruthy();
    expect(await toastText()).toContain(enUS.account.selectUserFailed);
  });

  it('shows usersummariesempty when the user has no account', async () => {
    fakeApi(signedInRoutes([]));
    renderShell('/probe');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'No valid user accounts found' }),
    ).toBeTruthy();
    expect(screen.getByText(enUS.errors.userSummariesEmpty)).toBeTruthy();
    expect(screen.queryByRole('navigation')).toBeNull();
  });

  it('shows the usersettings page when the user settings fail', async () => {
    const api = fakeApi(
      signedInRoutes([MANAGER_NORTH], undefined, {
        'GET /api/settings/user': apiError(500, 'internal'),
        'POST /api/account/SignOut': { url: '/api/account/scheme/local' },
      }),
    );
    renderShell('/probe');
    expect(await screen.findByText(enUS.errors.userSettings)).toBeTruthy();
    // Sign Out is a POST (issue 23), then the sign-in scheme the server answers.
    fireEvent.click(screen.getByRole('button', { name: 'Sign Out' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/api/account/scheme/local'));
    expect(api.called()).toContain('POST /api/account/SignOut');
  });

  it('shows error 500 when the authentication check or the application settings fail', async () => {
    fakeApi({ 'GET /api/account/authenticated': apiError(503, 'unavailable') });
    const first = renderShell('/probe');
    expect(await screen.findByRole('heading', { level: 1, name: 'Error 500' })).toBeTruthy();
    first.unmount();

    fakeApi(
      signedInRoutes([MANAGER_NORTH], undefined, {
        'GET /api/settings/applicationSettings': apiError(500, 'internal'),
      }),
    );
    renderShell('/probe');
    expect(await screen.findByRole('heading', { level: 1, name: 'Error 500' })).toBeTruthy();
  });

  it('leaves out the nav where the route has hideNav', async () => {
    fakeApi(signedInRoutes([MANAGER_NORTH], DICTATOR_PERMISSIONS));
    renderShell('/probe/plain');
    expect((await probe()).textContent).toContain('probe as 11 with 5 permissions');
    expect(screen.queryByRole('navigation')).toBeNull();
  });

  it('shows the simple Edit Job header instead of the nav where the route has isTenant', async () => {
    fakeApi(signedInRoutes([MANAGER_NORTH], DICTATOR_PERMISSIONS));
    renderShell('/probe/tenant');
    await probe();
    expect(screen.getByRole('banner').textContent).toBe('Edit Job');
    expect(screen.queryByRole('navigation')).toBeNull();
  });
});

describe('the global answer to a lost session', () => {
  it('session_superseded goes to /existingsession', async () => {
    fakeApi(
      signedInRoutes([MANAGER_NORTH], undefined, {
        'GET /api/settings/user': apiError(401, 'session_superseded', 'You already have an active session'),
      }),
    );
    const { history } = renderShell('/probe');
    expect(await screen.findByText(enUS.errors.existingSessionMessage)).toBeTruthy();
    expect(history.location.pathname).toBe('/existingsession');
  });

  it('unauthenticated goes back to the sign-in scheme, returning here', async () => {
    fakeApi(
      signedInRoutes([MANAGER_NORTH], undefined, {
        'GET /api/Account/GetUserSummaries': apiError(401, 'unauthenticated'),
      }),
    );
    renderShell('/probe?x=1');
    await waitFor(() =>
      expect(assign).toHaveBeenCalledWith('/api/account/scheme/local?returnUrl=%2Fprobe%3Fx%3D1'),
    );
    expect(screen.queryByRole('heading', { name: 'Error 500' })).toBeNull();
  });

  it('session_expired shows the non-closable expired modal, whose button signs in again', async () => {
    const api = fakeApi(signedInRoutes([MANAGER_NORTH]));
    renderShell('/probe');
    await probe();
    api.set('GET /api/documentation/link', apiError(401, 'session_expired', 'Your session has expired.'));
    fireEvent.click(screen.getByRole('button', { name: 'Help' }));
    const dialog = await screen.findByRole('dialog', { name: enUS.session.expiredTitle });
    expect(dialog.textContent).toContain(enUS.session.expiredMessage);
    expect(
      within(dialog)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual([enUS.session.signInAgain]);
    expect(document.querySelector('.mantine-Notification-root')).toBeNull();
    await act(async () => {
      fireEvent.keyDown(dialog, { key: 'Escape' });
    });
    expect(screen.getByRole('dialog', { name: enUS.session.expiredTitle })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: enUS.session.signInAgain }));
    expect(assign).toHaveBeenCalledWith('/api/account/scheme/local?returnUrl=%2Fprobe');
  });

  it('hides the page (not only covers it) once the session has expired, until the user signs in again', async () => {
    const api = fakeApi(signedInRoutes([MANAGER_NORTH]));
    renderShell('/probe');
    const page = (await probe()).closest<HTMLElement>('[data-testid="page"]')!;
    expect(getComputedStyle(page).display).not.toBe('none');
    expect(screen.getByRole('navigation', { name: enUS.nav.label })).toBeTruthy();
    api.set('GET /api/documentation/link', apiError(401, 'session_expired', 'Your session has expired.'));
    fireEvent.click(screen.getByRole('button', { name: 'Help' }));
    await screen.findByRole('dialog', { name: enUS.session.expiredTitle });
    // The page's content is not displayed and not in the accessibility tree; the modal is.
    expect(getComputedStyle(page).display).toBe('none');
    expect(page.getAttribute('aria-hidden')).toBe('true');
    expect(screen.queryByRole('navigation', { name: enUS.nav.label })).toBeNull();
    expect(screen.getByRole('button', { name: enUS.session.signInAgain })).toBeTruthy();
    expect(document.body.hasAttribute('data-session-expired')).toBe(true);
  });
});
