import { enUS } from '@quill/core/i18n/enUS';
import { cleanup, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type FakeRequest, fakeApi } from '../../app/testing/fakeApi';
import { signedInRoutes } from '../../app/testing/fixtures';
import { renderApp } from '../../test/renderApp';
import { jobDetails, jobRoutesFor } from '../job-editor/testing/jobFixtures';
import { DICTATOR, DICTATOR_PERMS, queueOf, toSignRow } from './testing/signingFixtures';

const T = enUS.toSign;
beforeAll(() => configure({ asyncUtilTimeout: 5000 }));
afterEach(() => cleanup());

function setup(routes: Record<string, unknown> = {}) {
  const api = fakeApi(
    signedInRoutes([DICTATOR], DICTATOR_PERMS, {
      ...jobRoutesFor(42),
      'GET /api/job/GetJobDetails': jobDetails({ jobId: 42, version: 7, stageId: 11, stageName: 'ES' }),
      'GET /api/signing/queue': queueOf([
        toSignRow(42, { version: 7, forceResign: true, resignReason: 'The narrative changed after signing' }),
      ]),
      'GET /api/signing/signatures': [
        {
          meaning: 'author',
          signer: 'Ada Byron, MD',
          onBehalf: false,
          signedAt: '2026-03-01T09:00:00Z',
          formattedSignedAt: '03/01/2026 04:00 EST',
          jobVersion: 5,
          documentSha256: 'ab'.repeat(32),
          voided: true,
        },
      ],
      'GET /api/signing/count': { count: 1 },
      ...routes,
    }),
  );
  const app = renderApp('/to-sign/42');
  return { api, app };
}

describe('sign view (issue 43)', { timeout: 20_000 }, () => {
  it('shows the document read-only with its audio, why to sign again, and the voided signature', async () => {
    const { api } = setup();
    const editor = await screen.findByRole('textbox', { name: enUS.jobView.editorLabel });
    expect(editor.getAttribute('contenteditable')).toBe('false');
    expect(screen.getByText('History of Present Illness')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Job 42' })).toBeTruthy();
    expect(screen.getByText('Sign again: The narrative changed after signing')).toBeTruthy();
    const signatures = await screen.findByRole('region', { name: T.view.signatures });
    expect(signatures.textContent).toContain('Author: Ada Byron, MD, 03/01/2026 04:00 EST');
    expect(signatures.textContent).toContain(T.view.voided);
    // Read-only: the job is never booked out.
    expect(api.called().some((c) => /bookoutjob/i.test(c))).toBe(false);
    // The dictation's player is there: it asks for the job's audio options.
    await waitFor(() => expect(api.called()).toContain('GET /api/job/audiooptions'));
  });

  it('signs the version shown with the password, then shows the queue again', async () => {
    let body: unknown = null;
    const { app } = setup({
      'POST /api/signing/sign': (request: FakeRequest) => {
        body = request.body;
        return { signed: [{ jobId: 42, meaning: 'author', stageId: 8, signedAt: '2026-03-01T10:00:00Z' }] };
      },
    });
    await screen.findByText('History of Present Illness');
    const sign = screen.getByTestId('sign-job');
    await waitFor(() => expect(sign.hasAttribute('disabled')).toBe(false));
    fireEvent.click(sign);
    const dialog = await screen.findByRole('dialog', { name: 'Sign job 42' });
    fireEvent.change(within(dialog).getByLabelText(/^Password/), { target: { value: 'demo' } });
    fireEvent.click(within(dialog).getByRole('button', { name: T.sign.submit }));
    await waitFor(() => expect(app.history.location.pathname).toBe('/to-sign'));
    expect(body).toEqual({ jobs: [{ jobId: 42, version: 7 }], password: 'demo' });
  });

  it('offers no Sign for a job that is not waiting for this signature', async () => {
    setup({ 'GET /api/signing/queue': queueOf([]) });
    expect(await screen.findByText('Job 42 is not waiting for your signature.')).toBeTruthy();
    expect(screen.getByTestId('sign-job').hasAttribute('disabled')).toBe(true);
    expect(screen.getByRole('button', { name: T.actions.returnForCorrection }).hasAttribute('disabled')).toBe(
      true,
    );
  });
});
