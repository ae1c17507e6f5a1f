import { enUS } from '@quill/core/i18n/enUS';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { browserNavigation } from '../../lib/browserNavigation';
import { jsonResponse, mockFetch, renderApp } from '../../test/renderApp';

const e = enUS.errors;

function buttonNames(): string[] {
  return screen
    .queryAllByRole('button')
    .concat(screen.queryAllByRole('link').filter((l) => l.textContent !== enUS.app.skipToContent))
    .map((b) => b.textContent ?? '')
    .sort();
}

describe('ErrorPage', () => {
  it('404: unknown paths show Error 404 with a way home, Reload Page and Sign Out', async () => {
    renderApp('/no/such/page');
    expect(await screen.findByRole('heading', { level: 1, name: 'Error 404' })).toBeTruthy();
    expect(screen.getByText(e.notFoundLead)).toBeTruthy();
    expect(buttonNames()).toEqual([e.reloadPage, e.signOut, e.takeMeHome].sort());
    expect(screen.getByRole('link', { name: e.takeMeHome }).getAttribute('href')).toBe('/');
    await waitFor(() => expect(document.title).toBe('Error 404 - Quill'));
  });

  it('/error/404 is the same page', async () => {
    renderApp('/error/404');
    expect(await screen.findByRole('heading', { level: 1, name: 'Error 404' })).toBeTruthy();
  });

  it('the home page redirects to /jobs, which needs a signed-in user', async () => {
    const assign = vi.spyOn(browserNavigation, 'assign').mockImplementation(() => {});
    mockFetch(jsonResponse({ authenticated: false, scheme: 'local' }));
    const { history } = renderApp('/');
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/api/account/scheme/local?returnUrl=%2Fjobs'));
    expect(history.location.pathname).toBe('/jobs');
  });

  it('401: not authorized', async () => {
    renderApp('/error/401');
    expect(await screen.findByRole('heading', { level: 1, name: 'Error 401' })).toBeTruthy();
    expect(screen.getByText(e.unauthorized)).toBeTruthy();
    expect(buttonNames()).toEqual([e.takeMeHome]);
  });

  it('403: forbidden, with reload', async () => {
    renderApp('/error/403');
    expect(await screen.findByRole('heading', { level: 1, name: 'Error 403' })).toBeTruthy();
    expect(buttonNames()).toEqual([e.reloadPage, e.takeMeHome].sort());
  });

  it('existingsession: active session, with reload', async () => {
    renderApp('/existingsession');
    expect(await screen.findByText(e.existingSession)).toBeTruthy();
    expect(buttonNames()).toEqual([e.reloadPage]);
    await waitFor(() => expect(document.title).toBe('Existing Session - Quill'));
  });

  it('existingSession code is matched in any letter case', async () => {
    renderApp('/error/existingSession');
    expect(await screen.findByText(e.existingSession)).toBeTruthy();
  });

  it('usersettings: sign out posts the sign-out call, then opens the sign-in scheme it answers', async () => {
    const assign = vi.spyOn(browserNavigation, 'assign').mockImplementation(() => {});
    const fetch = mockFetch(jsonResponse({ url: '/api/account/scheme/local' }));
    renderApp('/error/usersettings');
    expect(await screen.findByText(e.userSettings)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: e.signOut }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/api/account/scheme/local'));
    expect(fetch.mock.calls.map(([url, init]) => `${init?.method} ${String(url)}`)).toContain(
      'POST /api/account/SignOut',
    );
  });

  it('usersummariesempty: no valid user accounts', async () => {
    renderApp('/error/usersummariesempty');
    expect(await screen.findByRole('heading', { level: 1, name: e.userSummariesEmptyTitle })).toBeTruthy();
    expect(screen.getByText(e.userSummariesEmpty)).toBeTruthy();
  });

  it('nosmartcopies', async () => {
    renderApp('/error/nosmartcopies');
    expect(await screen.findByText(e.noSmartCopies)).toBeTruthy();
  });

  it('default: any other code is the 500 page with the customer-service message', async () => {
    renderApp('/error/teapot');
    expect(await screen.findByRole('heading', { level: 1, name: 'Error 500' })).toBeTruthy();
    expect(screen.getByText(e.defaultLead)).toBeTruthy();
    expect(screen.getByText(e.defaultMessage)).toBeTruthy();
    expect(buttonNames()).toEqual([e.reloadPage, e.takeMeHome].sort());
  });
});
