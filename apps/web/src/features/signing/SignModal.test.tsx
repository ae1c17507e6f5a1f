import { enUS } from '@quill/core/i18n/enUS';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, fakeApi } from '../../app/testing/fakeApi';
import { browserNavigation } from '../../lib/browserNavigation';
import { SESSION_STORAGE_KEYS } from '../../lib/storage';
import { renderWithSession } from '../job-list/testing/renderWithSession';
import { ReturnModal } from './ReturnModal';
import { SignModal } from './SignModal';
import { dictatorSession } from './testing/signingFixtures';

const S = enUS.toSign.sign;
const R = enUS.toSign.returnDialog;

function renderSign(
  jobs = [
    { jobId: 41, version: 3 },
    { jobId: 42, version: 5 },
  ],
) {
  const onClose = vi.fn();
  const onSigned = vi.fn();
  const onChanged = vi.fn();
  renderWithSession(
    <SignModal jobs={jobs} onClose={onClose} onSigned={onSigned} onChanged={onChanged} />,
    dictatorSession(),
  );
  const dialog = () => screen.getByRole('dialog', { name: 'Sign 2 jobs' });
  const password = () => within(dialog()).getByLabelText(/^Password/) as HTMLInputElement;
  return { onClose, onSigned, onChanged, dialog, password };
}

const signed = (jobIds: number[]) => ({
  signed: jobIds.map((jobId) => ({ jobId, meaning: 'author', stageId: 8, signedAt: '2026-03-01T10:00:00Z' })),
});

describe('Sign dialog (issue 43)', () => {
  it('asks for the password again with the focus in its field, and signs on Enter', async () => {
    const api = fakeApi({ 'POST /api/signing/sign': signed([41, 42]) });
    const { onClose, onSigned, password } = renderSign();
    await waitFor(() => expect(document.activeElement).toBe(password()));
    expect(screen.getByText(S.passwordPrompt)).toBeTruthy();
    fireEvent.change(password(), { target: { value: 'demo' } });
    fireEvent.submit(password().closest('form')!);
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(api.calls[0]!.body).toEqual({
      jobs: [
        { jobId: 41, version: 3 },
        { jobId: 42, version: 5 },
      ],
      password: 'demo',
    });
    expect(onSigned).toHaveBeenCalledWith(signed([41, 42]));
    expect(await screen.findByText('2 jobs signed')).toBeTruthy();
  });

  it('stays open on a wrong password (403) with the message, the field emptied, nothing signed', async () => {
    fakeApi({ 'POST /api/signing/sign': apiError(403, 'forbidden', 'The password is not right') });
    const { onClose, onSigned, password } = renderSign();
    fireEvent.change(password(), { target: { value: 'wrong' } });
    fireEvent.submit(password().closest('form')!);
    expect(await screen.findByText('The password is not right')).toBeTruthy();
    expect(password().value).toBe('');
    expect(document.activeElement).toBe(password());
    expect(onClose).not.toHaveBeenCalled();
    expect(onSigned).not.toHaveBeenCalled();
  });

  it('says clearly when a job changed since it was read (409), and asks for the jobs again', async () => {
    fakeApi({ 'POST /api/signing/sign': apiError(409, 'stale_version', 'Job 42 changed') });
    const { onClose, onChanged, password } = renderSign();
    fireEvent.change(password(), { target: { value: 'demo' } });
    fireEvent.submit(password().closest('form')!);
    expect((await screen.findByTestId('sign-problem')).textContent).toBe(S.changed);
    expect(onChanged).toHaveBeenCalled();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('gives the server’s words for another conflict (a job no longer waiting)', async () => {
    fakeApi({
      'POST /api/signing/sign': apiError(409, 'not_waiting', 'Job 42 is not waiting for a signature.'),
    });
    const { onChanged, password } = renderSign();
    fireEvent.change(password(), { target: { value: 'demo' } });
    fireEvent.submit(password().closest('form')!);
    expect((await screen.findByTestId('sign-problem')).textContent).toBe(
      'Job 42 is not waiting for a signature.',
    );
    expect(onChanged).toHaveBeenCalled();
  });

  it('refuses an empty password without asking the server, and Cancel closes', async () => {
    const api = fakeApi({});
    const { onClose, password, dialog } = renderSign();
    fireEvent.submit(password().closest('form')!);
    expect(
      await within(dialog()).findByText(S.passwordPrompt, { selector: '.mantine-InputWrapper-error' }),
    ).toBeTruthy();
    expect(api.calls).toHaveLength(0);
    fireEvent.click(within(dialog()).getByRole('button', { name: S.cancel }));
    expect(onClose).toHaveBeenCalled();
  });

  it('closes on Esc', async () => {
    fakeApi({});
    const { onClose, password } = renderSign();
    await waitFor(() => expect(document.activeElement).toBe(password()));
    fireEvent.keyDown(password(), { key: 'Escape' });
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });
});

describe('Sign dialog of a user without a password (issue 43)', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    window.sessionStorage.clear();
  });
  const jobs = [
    { jobId: 41, version: 3 },
    { jobId: 42, version: 5 },
  ];
  function renderConfirm(returned: 'confirmed' | 'wrongIdentity' | 'stale' | null = null) {
    const onClose = vi.fn();
    const onSigned = vi.fn();
    renderWithSession(
      <SignModal
        jobs={jobs}
        onClose={onClose}
        onSigned={onSigned}
        returned={returned}
        returnPath="/to-sign"
      />,
      dictatorSession({ signWith: 'oidc', signInProvider: 'Hospital Login' }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Sign 2 jobs' });
    return { onClose, onSigned, dialog };
  }

  it('offers "Confirm with" the provider instead of a password, and goes there keeping the jobs', async () => {
    const api = fakeApi({});
    const assign = vi.spyOn(browserNavigation, 'assign').mockImplementation(() => {});
    const { dialog } = renderConfirm();
    expect(within(dialog).queryByLabelText(/^Password/)).toBeNull();
    expect(within(dialog).getByText(S.confirmLead.replace('{{provider}}', 'Hospital Login'))).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm with Hospital Login' }));
    expect(assign).toHaveBeenCalledWith('/api/signing/reauthenticate?returnUrl=%2Fto-sign');
    const kept = JSON.parse(window.sessionStorage.getItem(SESSION_STORAGE_KEYS.signingAfterConfirm)!);
    expect(kept).toMatchObject({ jobs, path: '/to-sign' });
    expect(api.calls).toEqual([]);
  });

  it('back from a confirmed sign-in, signs at once with it', async () => {
    const api = fakeApi({ 'POST /api/signing/sign': signed([41, 42]) });
    const { onClose, onSigned } = renderConfirm('confirmed');
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(api.calls).toHaveLength(1);
    expect(api.calls[0]!.body).toEqual({ jobs, reauthenticated: true });
    expect(onSigned).toHaveBeenCalledWith(signed([41, 42]));
  });

  it('says why nothing was signed: another person at the provider, or a refused signature', async () => {
    const api = fakeApi({});
    renderConfirm('wrongIdentity');
    expect((await screen.findByTestId('sign-problem')).textContent).toBe(
      S.reauth.wrongIdentity.replace('{{provider}}', 'Hospital Login'),
    );
    expect(api.calls).toEqual([]);
    cleanup();
    fakeApi({
      'POST /api/signing/sign': apiError(403, 'reauthentication_required', 'Confirm who you are again.'),
    });
    const { onClose } = renderConfirm('confirmed');
    expect((await screen.findByTestId('sign-problem')).textContent).toBe('Confirm who you are again.');
    expect(screen.getByRole('button', { name: 'Confirm with Hospital Login' })).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
  });
});

describe('Return for correction dialog (issue 43)', () => {
  function renderReturn() {
    const onClose = vi.fn();
    const onReturned = vi.fn();
    renderWithSession(
      <ReturnModal jobId={42} onClose={onClose} onReturned={onReturned} />,
      dictatorSession(),
    );
    const note = () => screen.getByRole('textbox', { name: new RegExp(R.note) }) as HTMLTextAreaElement;
    return { onClose, onReturned, note };
  }

  it('needs a note, then returns the job with it', async () => {
    const api = fakeApi({ 'POST /api/signing/return': { jobId: 42, stageId: 1 } });
    const { onClose, onReturned, note } = renderReturn();
    expect(screen.getByRole('dialog', { name: 'Return job 42 for correction' })).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(note()));
    expect(note().maxLength).toBe(1000);
    fireEvent.click(screen.getByRole('button', { name: R.submit }));
    expect(await screen.findByText(R.noteRequired)).toBeTruthy();
    expect(api.calls).toHaveLength(0);
    const typed = '  Wrong dose in line 2.\nPlease check.  ';
    fireEvent.change(note(), { target: { value: typed } });
    expect(screen.getByText(`${1000 - typed.length} characters left`)).toBeTruthy();
    fireEvent.keyDown(note(), { key: 'Enter', ctrlKey: true });
    await waitFor(() => expect(onReturned).toHaveBeenCalledWith(42));
    expect(api.calls[0]!.body).toEqual({ jobId: 42, note: 'Wrong dose in line 2.\nPlease check.' });
    expect(onClose).toHaveBeenCalled();
    expect(await screen.findByText('Job 42 returned for correction')).toBeTruthy();
  });

  it('stays open with the server’s words when the return is refused', async () => {
    fakeApi({
      'POST /api/signing/return': apiError(409, 'conflict', 'Job 42 is no longer waiting for a signature'),
    });
    const { onClose, note } = renderReturn();
    fireEvent.change(note(), { target: { value: 'Fix it' } });
    fireEvent.click(screen.getByRole('button', { name: R.submit }));
    expect(await screen.findByText('Job 42 is no longer waiting for a signature')).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
  });
});
