import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json } from '../job-list/testing/jobListFixtures';
import { renderWithSession } from '../job-list/testing/renderWithSession';
import { ProfilePage } from './ProfilePage';

afterEach(() => vi.restoreAllMocks());

const PROFILE = {
  userName: 'transcriptionist',
  name: 'Tina Tran',
  email: null,
  hasPassword: true,
  sessions: [
    {
      started: '2026-11-27T08:00:00Z',
      lastActive: '2026-11-27T09:00:00Z',
      ip: '10.0.0.7',
      browser: 'Chromium',
      state: 'current',
    },
    {
      started: '2026-11-26T08:00:00Z',
      lastActive: '2026-11-26T12:00:00Z',
      ip: '10.0.0.9',
      browser: 'Firefox',
      state: 'open',
    },
  ],
};

/** The server: the profile, and answers to the three writes (the password one refuses a wrong current password). */
function serve() {
  const sent: { path: string; body: unknown }[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = new URL(String(input), 'http://quill.test').pathname;
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    sent.push({ path, body });
    if (path === '/api/profile') return json(PROFILE);
    if (path === '/api/profile/details') return json({ ...PROFILE, ...body });
    if (path === '/api/profile/password')
      return body.currentPassword === 'right one here'
        ? json({ ended: 1 })
        : json(
            { error: { code: 'current_password_wrong', message: 'The current password is not right.' } },
            400,
          );
    if (path === '/api/profile/sessions/endOthers') return json({ ended: 1 });
    return json({}, 404);
  });
  vi.stubGlobal('fetch', fetch);
  return sent;
}

describe('ProfilePage', () => {
  it('shows the details and sessions, and saves the name and email', async () => {
    const sent = serve();
    renderWithSession(<ProfilePage />);
    const name = await screen.findByLabelText(/^Name/);
    expect((name as HTMLInputElement).value).toBe('Tina Tran');
    const table = screen.getByRole('table');
    expect(within(table).getByText('This session')).toBeTruthy();
    expect(within(table).getByText('10.0.0.9')).toBeTruthy();

    fireEvent.change(screen.getByLabelText(/^Email/), { target: { value: 'tina@north.example' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save details' }));
    await waitFor(() => expect(sent.some((s) => s.path === '/api/profile/details')).toBe(true));
    expect(sent.find((s) => s.path === '/api/profile/details')!.body).toEqual({
      name: 'Tina Tran',
      email: 'tina@north.example',
    });
  });

  it('checks the new password as it is typed and shows the server refusal', async () => {
    const sent = serve();
    renderWithSession(<ProfilePage />);
    const next = await screen.findByLabelText(/^New password(?! again)/);
    fireEvent.change(screen.getByLabelText(/^Current password/), { target: { value: 'wrong' } });
    fireEvent.change(next, { target: { value: 'short' } });
    fireEvent.blur(next);
    expect(await screen.findByText('The new password needs at least 12 characters.')).toBeTruthy();
    fireEvent.change(next, { target: { value: 'lamp river stone ward' } });
    fireEvent.change(screen.getByLabelText(/^New password again/), { target: { value: 'lamp river stone' } });
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('The two new passwords are not the same.')).toBeTruthy();
    expect(sent.some((s) => s.path === '/api/profile/password')).toBe(false);

    fireEvent.change(screen.getByLabelText(/^New password again/), {
      target: { value: 'lamp river stone ward' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect((await screen.findByRole('alert')).textContent).toBe('The current password is not right.');
    // A new mistake replaces the server's answer to the last try; it does not stand beside it.
    fireEvent.change(screen.getByLabelText(/^New password again/), { target: { value: 'lamp river' } });
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('The two new passwords are not the same.')).toBeTruthy();
    expect(screen.queryByText('The current password is not right.')).toBeNull();
    fireEvent.change(screen.getByLabelText(/^New password again/), {
      target: { value: 'lamp river stone ward' },
    });

    fireEvent.change(screen.getByLabelText(/^Current password/), { target: { value: 'right one here' } });
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    await waitFor(() =>
      expect((screen.getByLabelText(/^Current password/) as HTMLInputElement).value).toBe(''),
    );
    expect(sent.filter((s) => s.path === '/api/profile/password').at(-1)!.body).toEqual({
      currentPassword: 'right one here',
      newPassword: 'lamp river stone ward',
    });
  });

  it('signs out the other sessions', async () => {
    const sent = serve();
    renderWithSession(<ProfilePage />);
    const button = await screen.findByRole('button', { name: 'Sign out other sessions' });
    fireEvent.click(button);
    await waitFor(() => expect(sent.some((s) => s.path === '/api/profile/sessions/endOthers')).toBe(true));
  });
});
