import { notifications } from '@mantine/notifications';
import { enUS } from '@quill/core/i18n/enUS';
import { PERMISSIONS } from '@quill/core/rules/auth/permissions';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, type Mock, vi } from 'vitest';
import { browserNavigation } from '../../lib/browserNavigation';
import { apiError, fakeApi } from '../testing/fakeApi';
import { DICTATOR_PERMISSIONS, MANAGER_NORTH, signedInRoutes, userSettings } from '../testing/fixtures';
import { renderShell } from '../testing/renderShell';

let openInNewWindow: Mock<(url: string) => void>;

beforeEach(() => {
  window.sessionStorage.clear();
  openInNewWindow = vi.fn<(url: string) => void>();
  vi.spyOn(browserNavigation, 'openInNewWindow').mockImplementation(openInNewWindow);
  vi.spyOn(browserNavigation, 'assign').mockImplementation(() => {});
});
afterEach(() => notifications.clean());

async function renderNav(permissions: readonly string[], overrides = {}) {
  const api = fakeApi(signedInRoutes([MANAGER_NORTH], permissions, overrides));
  const view = renderShell('/probe');
  const nav = await screen.findByRole('navigation', { name: enUS.nav.label });
  return { ...view, api, nav };
}

/** Opens a dropdown by its button and answers its items' names and links. */
async function openMenu(nav: HTMLElement, name: string) {
  fireEvent.click(within(nav).getByRole('button', { name }));
  const menu = await screen.findByRole('menu', { hidden: true });
  // jsdom has no layout, so the dropdown's target reads as detached and the dropdown as hidden.
  return within(menu)
    .getAllByRole('menuitem', { hidden: true })
    .map((item) => ({
      name: item.textContent,
      href: item.getAttribute('href'),
      target: item.getAttribute('target'),
      rel: item.getAttribute('rel'),
    }));
}

const newWindow = enUS.nav.opensInNewWindow;

describe('top navigation (spec 01 §2, gates of §6)', () => {
  it('shows the product name, Job Search, Upload, User, Help and My Account to a manager', async () => {
    const { nav } = await renderNav(PERMISSIONS);
    expect(within(nav).getByRole('link', { name: 'Quill' }).getAttribute('href')).toBe('/');
    const jobSearch = within(nav).getByRole('link', { name: `Job Search ${newWindow}` });
    expect(jobSearch.getAttribute('href')).toBe('http://legacy.example/job/search');
    expect(jobSearch.getAttribute('target')).toBe('_blank');
    expect(jobSearch.getAttribute('rel')).toContain('noopener');
    expect(
      within(nav)
        .getAllByRole('button')
        .map((b) => b.getAttribute('aria-label') ?? b.textContent),
    ).toEqual(['Upload', 'User', 'Help', 'My Account']);
    expect(within(nav).getByTestId('nav-account').textContent).toBe(
      'Signed in as ManagerMorgan Reyes - North Health',
    );
  });

  it('the Upload dropdown: Patient and Create with Audio on the legacy host, Schedule in the app', async () => {
    const { nav, history } = await renderNav(PERMISSIONS);
    expect(await openMenu(nav, 'Upload')).toEqual([
      {
        name: `Patient ${newWindow}`,
        href: 'http://legacy.example/ambulatory/uploadadt',
        target: '_blank',
        rel: 'noopener noreferrer',
      },
      { name: 'Schedule', href: '/schedule/upload', target: null, rel: null },
      {
        name: `Create with Audio ${newWindow}`,
        href: 'http://legacy.example/job/createwithaudio',
        target: '_blank',
        rel: 'noopener noreferrer',
      },
    ]);
    fireEvent.click(screen.getByRole('menuitem', { name: 'Schedule', hidden: true }));
    await waitFor(() => expect(history.location.pathname).toBe('/schedule/upload'));
  });

  it('the User and My Account dropdowns', async () => {
    const { nav } = await renderNav(PERMISSIONS);
    expect((await openMenu(nav, 'User')).map((i) => [i.name, i.href])).toEqual([
      [`Add ${newWindow}`, 'http://legacy.example/users/user.aspx?ACT=ADD'],
      [`Search ${newWindow}`, 'http://legacy.example/users/user.aspx'],
      // Issue 27: Quill's own report, with a legacy host too.
      ['Turnaround report', '/reports/turnaround'],
      // Issue 44: the HL7 message log, with adtUpload.
      ['Interfaces', '/interfaces'],
    ]);
    fireEvent.keyDown(screen.getByRole('menu', { hidden: true }), { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('menu', { hidden: true })).toBeNull());
    expect((await openMenu(nav, 'My Account')).map((i) => [i.name, i.href, i.target])).toEqual([
      [`My Profile ${newWindow}`, 'http://legacy.example/users/user.aspx?ACT=MYPROFILE', '_blank'],
      ['My productivity', '/productivity', null],
      // A button, not a link: signing out is a POST with the CSRF token (issue 23).
      ['Sign Out', null, null],
    ]);
  });

  it('Sign Out posts the sign-out call, then loads the sign-in scheme it answers', async () => {
    const { nav, api } = await renderNav(PERMISSIONS, {
      'POST /api/account/SignOut': { url: '/api/account/scheme/local' },
    });
    await openMenu(nav, 'My Account');
    fireEvent.click(screen.getByRole('menuitem', { name: 'Sign Out', hidden: true }));
    await waitFor(() => expect(browserNavigation.assign).toHaveBeenCalledWith('/api/account/scheme/local'));
    expect(api.called()).toContain('POST /api/account/SignOut');
  });

  it('shows the dictator (view only) no Upload dropdown and only Search under User', async () => {
    const { nav } = await renderNav(DICTATOR_PERMISSIONS);
    expect(within(nav).queryByRole('button', { name: 'Upload' })).toBeNull();
    expect((await openMenu(nav, 'User')).map((i) => i.name)).toEqual([`Search ${newWindow}`]);
  });

  it('shows only what one upload permission allows, and no User dropdown without dictatorAdd/dictatorView', async () => {
    const { nav } = await renderNav(['jobCreate', 'jobView']);
    expect(within(nav).queryByRole('button', { name: 'User' })).toBeNull();
    expect((await openMenu(nav, 'Upload')).map((i) => i.name)).toEqual([`Create with Audio ${newWindow}`]);
  });

  it("without a legacy host (fftmBaseUrl empty), Job Search is Quill's own page", async () => {
    const { nav } = await renderNav(PERMISSIONS, {
      'GET /api/settings/user': { ...userSettings(PERMISSIONS), fftmBaseUrl: '' },
    });
    const jobSearch = within(nav).getByRole('link', { name: 'Job Search' });
    expect(jobSearch.getAttribute('href')).toBe('/search');
    expect(jobSearch.getAttribute('target')).toBeNull();
  });

  it('without a legacy host, Upload ▸ Patient opens the Patient Upload in the app (issue 20)', async () => {
    const { nav, history } = await renderNav(PERMISSIONS, {
      'GET /api/settings/user': { ...userSettings(PERMISSIONS), fftmBaseUrl: '' },
      'GET /api/schedule/uploads': [],
    });
    expect((await openMenu(nav, 'Upload'))[0]).toEqual({
      name: 'Patient',
      href: '/patient/upload',
      target: null,
      rel: null,
    });
    fireEvent.click(screen.getByRole('menuitem', { name: 'Patient', hidden: true }));
    await waitFor(() => expect(history.location.pathname).toBe('/patient/upload'));
  });

  it('Help opens the documentation link in a new window', async () => {
    const { nav, api } = await renderNav(PERMISSIONS);
    fireEvent.click(within(nav).getByRole('button', { name: 'Help' }));
    await waitFor(() => expect(openInNewWindow).toHaveBeenCalledWith('https://docs.example/quill'));
    expect(api.called()).toContain('GET /api/documentation/link');
  });

  it('Help failing shows the documentation toast', async () => {
    const { nav } = await renderNav(PERMISSIONS, {
      'GET /api/documentation/link': apiError(503, 'unavailable', 'down'),
    });
    fireEvent.click(within(nav).getByRole('button', { name: 'Help' }));
    const toast = await waitFor(() => {
      const found = document.querySelector('.mantine-Notification-root');
      expect(found).not.toBeNull();
      return found as HTMLElement;
    });
    expect(toast.textContent).toContain(
      'An unknown error occurred attempting to open documentation, please try again later.',
    );
    expect(openInNewWindow).not.toHaveBeenCalled();
  });
});
