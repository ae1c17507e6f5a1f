import { enUS } from '@quill/core/i18n/enUS';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError, fakeApi } from '../../app/testing/fakeApi';
import { renderShell } from '../../app/testing/renderShell';

const WRONG = 'The user name or password is incorrect.';

async function fill(username: string, password: string) {
  fireEvent.change(await screen.findByLabelText('User name'), { target: { value: username } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: password } });
}

describe('SignInPage', () => {
  it('signs in with Enter and returns to the returnUrl', async () => {
    const api = fakeApi({ 'POST /api/account/login': { success: true } });
    const { history } = renderShell('/signin?returnUrl=%2Fexistingsession%3Fx%3D1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign In' })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Sign In - Quill'));
    expect(document.activeElement).toBe(screen.getByLabelText('User name'));
    await fill(' manager ', 'demo');
    fireEvent.submit(screen.getByLabelText('Password').closest('form')!);
    await waitFor(() => expect(history.location.pathname).toBe('/existingsession'));
    expect(history.location.search).toContain('x=1');
    expect(api.calls[0]).toMatchObject({
      method: 'POST',
      path: '/api/account/login',
      body: { username: 'manager', password: 'demo' },
    });
  });

  it("shows the server's message, clears the password and focuses it", async () => {
    fakeApi({ 'POST /api/account/login': apiError(401, 'invalid_credentials', WRONG) });
    const { history } = renderShell('/signin');
    await fill('manager', 'nope');
    fireEvent.click(await screen.findByRole('button', { name: 'Sign in' }));
    expect((await screen.findByRole('alert')).textContent).toBe(WRONG);
    const password = screen.getByLabelText('Password') as HTMLInputElement;
    expect(password.value).toBe('');
    expect(document.activeElement).toBe(password);
    expect(history.location.pathname).toBe('/signin');
  });

  it('focuses the user name when it is the empty field', async () => {
    fakeApi({
      'POST /api/account/login': apiError(
        400,
        'bad_request',
        'The request is not valid: Enter your user name',
      ),
    });
    renderShell('/signin');
    fireEvent.click(await screen.findByRole('button', { name: 'Sign in' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Enter your user name');
    expect(document.activeElement).toBe(screen.getByLabelText('User name'));
  });

  it('shows a plain message when there is no answer, and goes only to same-site paths', async () => {
    const api = fakeApi({ 'POST /api/account/login': { success: true } });
    api.fetch.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    const { history } = renderShell('/signin?returnUrl=%2F%2Fevil.example');
    await fill('manager', 'demo');
    fireEvent.click(await screen.findByRole('button', { name: 'Sign in' }));
    expect((await screen.findByRole('alert')).textContent).toBe(enUS.auth.signInFailed);
    await fill('manager', 'demo');
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    // '//evil.example' is another host: the browser goes home instead.
    await waitFor(() => expect(history.location.pathname).not.toBe('/signin'));
    expect(history.location.href.startsWith('/')).toBe(true);
    expect(history.location.href).not.toContain('evil');
  });
});
