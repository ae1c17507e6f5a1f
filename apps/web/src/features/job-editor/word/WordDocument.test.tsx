import { enUS } from '@quill/core/i18n/enUS';
import { PERMISSIONS } from '@quill/core/rules/auth/permissions';
import { act, cleanup, configure, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, fakeApi } from '../../../app/testing/fakeApi';
import { signedInRoutes } from '../../../app/testing/fixtures';
import { renderApp } from '../../../test/renderApp';
import { availability, jobDetails, jobRoutesFor } from '../testing/jobFixtures';
import { ACTION_SAVE_VALUES } from './frameChannel';
import { WORD_FRAME_CLEAR_MS } from './useWordDocument';

const view = enUS.jobView;
const CLIENT = 'https://office.example.org';
const SRC = encodeURIComponent('https://quill.example.org/wopi/files/42');
const VIEW_URL = `${CLIENT}/browser/cool.html?WOPISrc=${SRC}`;
const EDIT_URL = `${CLIENT}/browser/cool.html?permission=edit&WOPISrc=${SRC}`;
const TTL = Date.UTC(2026, 2, 1, 10, 10);

/** getwordauth's answer: the viewing address, and the editing one once booked. */
const wordAuth = (edit: boolean, token = edit ? 'edit-token' : 'view-token') => ({
  accessToken: token,
  accessTokenTtl: TTL,
  editUrl: edit ? EDIT_URL : null,
  viewUrl: VIEW_URL,
  version: 2,
});

/** The forms posted to the frame: their address, frame name and fields. */
const posted: { action: string; target: string; fields: Record<string, string> }[] = [];

beforeAll(() => configure({ asyncUtilTimeout: 5000 }));
beforeEach(() => {
  posted.length = 0;
  // jsdom does not navigate: record what the form would post.
  vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(function (this: HTMLFormElement) {
    posted.push({
      action: this.action,
      target: this.target,
      fields: Object.fromEntries(new FormData(this) as unknown as Iterable<[string, string]>),
    });
  });
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.useRealTimers();
});

function setup(overrides: Record<string, unknown> = {}) {
  let booked = false;
  const api = fakeApi(
    signedInRoutes(undefined, PERMISSIONS, {
      ...jobRoutesFor(),
      'GET /api/job/GetJobDetails': jobDetails({
        isWordEdit: true,
        jobPermissions: { hasTableSupport: false },
      }),
      'GET /api/job/GetDocumentAvailability': availability({
        documentType: null,
        hasCDA: false,
        hasWord: true,
      }),
      'GET /api/jobs/getwordauth': () => wordAuth(booked),
      'POST /api/job/bookoutjob': () => {
        booked = true;
        return { success: true, bookingCookie: 'cookie-w', expiresAt: 'x', messages: [] };
      },
      'GET /api/job/getjobversion': { version: 3 },
      'POST /api/job/saveWordDocument': () => {
        booked = false;
        return { success: true, version: 4, stageId: 8, stageName: 'Pending Fax', flags: [] };
      },
      ...overrides,
    }),
  );
  renderApp('/job/42');
  return { api };
}

/** The Word frame and what the host posted to it. */
async function theFrame() {
  const frame = (await screen.findByTitle(
    'Word document of job 42',
    {},
    { timeout: 15_000 },
  )) as HTMLIFrameElement;
  const win = frame.contentWindow!;
  const sent = vi.spyOn(win, 'postMessage');
  /** The fake WOPI client posts a message to the host, as Collabora does (a JSON string). */
  const say = (
    MessageId: string,
    Values: Record<string, unknown> = {},
    from: { origin?: string; source?: Window | null } = {},
  ) =>
    act(() => {
      window.dispatchEvent(
        new MessageEvent('message', {
          data: JSON.stringify({ MessageId, SendTime: Date.now(), Values }),
          origin: from.origin ?? CLIENT,
          source: from.source === undefined ? win : from.source,
        }),
      );
    });
  const messages = () =>
    sent.mock.calls.map(([data, origin]) => ({
      ...(JSON.parse(String(data)) as {
        MessageId: string;
        SendTime: number;
        Values: Record<string, unknown>;
      }),
      origin: origin as unknown as string,
    }));
  return { frame, say, messages };
}

describe('the Word text type: the frame (spec 02 §2, §6, §7, §9)', { timeout: 20_000 }, () => {
  it('posts the token to the viewing address in a hidden form aimed at the frame, and greets a ready frame', async () => {
    const { api } = setup();
    await waitFor(() => expect(posted).toHaveLength(1), { timeout: 15_000 });
    const { frame, say, messages } = await theFrame();
    expect(posted[0]).toEqual({
      action: VIEW_URL,
      target: frame.name,
      fields: { access_token: 'view-token', access_token_ttl: String(TTL) },
    });
    expect(api.called()).not.toContain('GET /api/job/getcda');
    // Messages from another origin or another window are not the frame's.
    say('App_LoadingStatus', { Status: 'Frame_Ready' }, { origin: 'https://evil.example.org' });
    say('App_LoadingStatus', { Status: 'Frame_Ready' }, { source: window });
    expect(messages()).toEqual([]);
    say('App_LoadingStatus', { Status: 'Frame_Ready' });
    expect(messages()).toEqual([
      { MessageId: 'Host_PostmessageReady', SendTime: expect.any(Number), Values: {}, origin: CLIENT },
    ]);
    // Check Flags runs on Word jobs too (issue 39: the identity rule reads the Word document).
    expect(screen.queryByRole('button', { name: enUS.jobDetails.checkFlags })).not.toBeNull();
  });

  it('Edit books the job, asks again and posts to the editing address; a modified document is a change', async () => {
    const { api } = setup();
    await theFrame();
    fireEvent.click(await screen.findByRole('button', { name: view.edit }));
    await waitFor(() => expect(posted.map((p) => p.action)).toEqual([VIEW_URL, EDIT_URL]));
    expect(posted[1]!.fields.access_token).toBe('edit-token');
    const asked = api.calls
      .filter((c) => c.path === '/api/jobs/getwordauth')
      .map((c) => new URL(c.url, 'http://x').search);
    expect(asked).toEqual(['?jobId=42&mode=view', '?jobId=42&mode=edit']);
    expect(api.called().indexOf('POST /api/job/bookoutjob')).toBeLessThan(
      api.called().lastIndexOf('GET /api/jobs/getwordauth'),
    );
    const { say } = await theFrame();
    const activity = vi.fn();
    document.addEventListener('quill:activity', activity);
    say('App_LoadingStatus', { Status: 'Frame_Ready' });
    say('Doc_ModifiedStatus', { Modified: true });
    expect(await screen.findByText(view.changed)).toBeTruthy();
    expect(activity).toHaveBeenCalled();
    document.removeEventListener('quill:activity', activity);
  });

  it('Save asks the frame to save, then saveWordDocument; the frame is cleared 1 s later and opens to view', async () => {
    const { api } = setup();
    await theFrame();
    fireEvent.click(await screen.findByRole('button', { name: view.edit }));
    await waitFor(() => expect(posted).toHaveLength(2));
    const { say, messages } = await theFrame();
    say('App_LoadingStatus', { Status: 'Frame_Ready' });
    say('Doc_ModifiedStatus', { Modified: true });
    fireEvent.click(screen.getByRole('button', { name: view.save }));
    fireEvent.click(await screen.findByRole('menuitem', { name: view.saveModes.moveOn }));
    await waitFor(() => expect(messages().map((m) => m.MessageId)).toContain('Action_Save'));
    expect(messages().find((m) => m.MessageId === 'Action_Save')).toMatchObject({
      Values: ACTION_SAVE_VALUES,
      origin: CLIENT,
    });
    expect(api.called()).not.toContain('POST /api/job/saveWordDocument');
    say('Action_Save_Resp', { success: true });
    await waitFor(() => expect(api.called()).toContain('POST /api/job/saveWordDocument'));
    expect(api.calls.find((c) => c.path === '/api/job/saveWordDocument')!.body).toMatchObject({
      jobId: 42,
      version: 2,
      bookingCookie: 'cookie-w',
      saveMode: 1,
      setJobDataRequest: { jobId: 42, workTypeId: 5 },
    });
    expect(api.calls.find((c) => c.path === '/api/job/saveWordDocument')!.body).not.toHaveProperty('cda');
    // Move on ends the edit, but the frame stays until 1 s after the save, then opens to view.
    const asked = api.called().filter((c) => c === 'GET /api/jobs/getwordauth').length;
    await new Promise((r) => setTimeout(r, WORD_FRAME_CLEAR_MS / 2));
    expect(api.called().filter((c) => c === 'GET /api/jobs/getwordauth').length).toBe(asked);
    await waitFor(() => expect(posted.map((p) => p.action)).toEqual([VIEW_URL, EDIT_URL, VIEW_URL]), {
      timeout: 3000,
    });
    expect(await screen.findByRole('button', { name: view.edit })).toBeTruthy();
  });

  it('a frame that cannot save: the spec’s save failure, and nothing is sent to Quill', async () => {
    const { api } = setup();
    await theFrame();
    fireEvent.click(await screen.findByRole('button', { name: view.edit }));
    await waitFor(() => expect(posted).toHaveLength(2));
    const { say } = await theFrame();
    say('App_LoadingStatus', { Status: 'Frame_Ready' });
    fireEvent.click(screen.getByRole('button', { name: view.save }));
    fireEvent.click(await screen.findByRole('menuitem', { name: view.saveModes.saveOnly }));
    await waitFor(() => expect(screen.queryAllByRole('menuitem')).toHaveLength(0));
    say('Action_Save_Resp', { success: false, result: 'Saving failed' });
    expect(await screen.findByText(enUS.job.saveFailed)).toBeTruthy();
    expect(api.called()).not.toContain('POST /api/job/saveWordDocument');
    expect(screen.getByText(view.editing)).toBeTruthy();
  });

  it('a frame that is not ready yet: asks to save again in a moment', async () => {
    const { api } = setup();
    await theFrame();
    fireEvent.click(await screen.findByRole('button', { name: view.edit }));
    await waitFor(() => expect(posted).toHaveLength(2));
    fireEvent.click(screen.getByRole('button', { name: view.save }));
    fireEvent.click(await screen.findByRole('menuitem', { name: view.saveModes.saveOnly }));
    expect(await screen.findByText(enUS.word.notReady)).toBeTruthy();
    expect(api.called()).not.toContain('POST /api/job/saveWordDocument');
  });

  it('a version that is not the edit’s own: the newer-version dialog; Overwrite applies the mode without saving the frame again', async () => {
    let tries = 0;
    const { api } = setup({
      'POST /api/job/saveWordDocument': () => {
        tries += 1;
        return tries === 1
          ? apiError(409, 'stale_version')
          : { success: true, version: 9, stageId: 3, stageName: 'Hold Queue', flags: [] };
      },
      'GET /api/job/getjobversion': { version: 7 },
    });
    await theFrame();
    fireEvent.click(await screen.findByRole('button', { name: view.edit }));
    await waitFor(() => expect(posted).toHaveLength(2));
    const { say, messages } = await theFrame();
    say('App_LoadingStatus', { Status: 'Frame_Ready' });
    fireEvent.click(screen.getByRole('button', { name: view.save }));
    fireEvent.click(await screen.findByRole('menuitem', { name: view.saveModes.hold }));
    await waitFor(() => expect(messages().map((m) => m.MessageId)).toContain('Action_Save'));
    say('Action_Save_Resp', { success: true });
    expect(await screen.findByText(enUS.job.newerVersion)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: view.overwrite }));
    await waitFor(() => expect(tries).toBe(2));
    const bodies = api.calls.filter((c) => c.path === '/api/job/saveWordDocument').map((c) => c.body);
    expect(bodies.map((b) => (b as { version: number }).version)).toEqual([2, 7]);
    expect(messages().filter((m) => m.MessageId === 'Action_Save')).toHaveLength(1);
  });

  it('a token that cannot be had: the frame says so and offers Retry', async () => {
    const { api } = setup({ 'GET /api/jobs/getwordauth': apiError(503, 'wopi_discovery') });
    expect(await screen.findByText(enUS.word.openFailed)).toBeTruthy();
    api.set('GET /api/jobs/getwordauth', wordAuth(false));
    fireEvent.click(screen.getByRole('button', { name: enUS.word.retry }));
    await waitFor(() => expect(posted).toHaveLength(1));
  });
});
