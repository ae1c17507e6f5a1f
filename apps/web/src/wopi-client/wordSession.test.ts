import type { WordClientMode } from '@quill/core/rules/wopi/wordClient';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { HostChannel, HostMessage } from './hostMessages';
import { docxBytes, fakeWopiFetch, TOKEN, WOPI_SRC } from './testing/fakeWopiFetch';
import { MAX_DOCUMENT_BYTES, wopiHost } from './wopiHost';
import { LOCK_REFRESH_MS, WordSession } from './wordSession';

const LOCK_ID = 'lock-0001';
const OWN = 'https://quill.test';

/** The host page's side: what the session sent it, and a way to send the session a message. */
function fakeChannel() {
  const sent: { id: string; values: Record<string, unknown>; origin: string }[] = [];
  let origin = OWN;
  let handler: ((m: HostMessage) => void) | null = null;
  const channel: HostChannel = {
    send: (id, values) => sent.push({ id, values, origin }),
    setOrigin: (next) => {
      origin = next;
    },
    listen: (h) => {
      handler = h;
      return () => {
        handler = null;
      };
    },
  };
  return {
    channel,
    sent,
    ids: () => sent.map((m) => m.id),
    of: (id: string) => sent.filter((m) => m.id === id).map((m) => m.values),
    fromHost: (id: string, values: Record<string, unknown> = {}) =>
      handler?.({ MessageId: id, SendTime: Date.now(), Values: values }),
  };
}

/** Lets the fake host's answers (promises and body streams) arrive; fake timers do not move. */
async function settle() {
  for (let i = 0; i < 8; i++) await new Promise((resolve) => setImmediate(resolve));
}

function editor(bytes = docxBytes('PK saved')) {
  return { exportDocx: vi.fn(async () => bytes) };
}

function start(
  mode: WordClientMode = 'edit',
  options: Parameters<typeof fakeWopiFetch>[0] = {},
  prepare: (fake: ReturnType<typeof fakeWopiFetch>) => void = () => undefined,
) {
  const fake = fakeWopiFetch(options);
  prepare(fake);
  const host = fakeChannel();
  const win = new EventTarget() as unknown as Window;
  const session = new WordSession({
    mode,
    host: wopiHost(WOPI_SRC, TOKEN, fake.fetch),
    channel: host.channel,
    win,
    lockId: LOCK_ID,
  });
  const disconnect = session.connect();
  return { fake, host, session, win, disconnect };
}

async function opened(mode: WordClientMode = 'edit', options: Parameters<typeof fakeWopiFetch>[0] = {}) {
  const s = start(mode, options);
  await settle();
  const docx = editor();
  if (s.session.getState().phase === 'open') s.session.documentShown(docx);
  return { ...s, editor: docx };
}

const SAVE = { DontTerminateEdit: true, DontSaveIfUnmodified: false, Notify: true };

// The lock refresh runs on fake intervals; the fake host's answers arrive on real immediates.
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('WordSession: opening', () => {
  it('view mode: Frame_Ready, CheckFileInfo, GetFile, no lock; Document_Loaded once shown', async () => {
    const { fake, host, session } = start('view');
    expect(host.sent[0]).toEqual({ id: 'App_LoadingStatus', values: { Status: 'Frame_Ready' }, origin: OWN });
    await settle();
    expect(fake.operations()).toEqual(['CHECK_FILE_INFO', 'GET_FILE']);
    expect(session.getState()).toMatchObject({
      phase: 'open',
      fileName: 'Consultation.docx',
      editable: false,
      notice: null,
    });
    expect(new TextDecoder().decode(session.getState().document!)).toBe('PK fake docx');
    session.documentShown(editor());
    session.documentShown(editor());
    expect(host.of('App_LoadingStatus')).toEqual([{ Status: 'Frame_Ready' }, { Status: 'Document_Loaded' }]);
  });

  it('posts to the origin CheckFileInfo names once it knows it', async () => {
    const { host, session } = start('view', { info: { PostMessageOrigin: 'https://host.test/some/page' } });
    await settle();
    session.documentShown(editor());
    expect(host.sent.at(-1)).toMatchObject({ id: 'App_LoadingStatus', origin: 'https://host.test' });
  });

  it('edit mode: takes the lock after GetFile and opens the document editable', async () => {
    const { fake, session } = await opened('edit');
    expect(fake.operations()).toEqual(['CHECK_FILE_INFO', 'GET_FILE', 'LOCK']);
    expect(fake.calls[2]?.lock).toBe(LOCK_ID);
    expect(session.getState()).toMatchObject({ phase: 'open', editable: true, notice: null, save: 'clean' });
  });

  it('someone else’s lock (409): the document opens read only, saying so, and no refresh runs', async () => {
    const { fake, session, host } = await opened('edit', { lockedBy: 'theirs' });
    expect(session.getState()).toMatchObject({ phase: 'open', editable: false, notice: 'lockedByOther' });
    await vi.advanceTimersByTimeAsync(LOCK_REFRESH_MS * 2);
    expect(fake.operations()).toEqual(['CHECK_FILE_INFO', 'GET_FILE', 'LOCK']);
    host.fromHost('Action_Save', SAVE);
    await settle();
    expect(host.of('Action_Save_Resp')).toEqual([{ success: false, result: 'lockedByOther' }]);
  });

  it.each([
    ['UserCanWrite is false', { UserCanWrite: false }],
    ['the file is ReadOnly', { ReadOnly: true }],
    ['the host has no locks', { SupportsLocks: false }],
  ])('edit mode where %s: read only, no lock taken', async (_what, info) => {
    const { fake, session } = await opened('edit', { info });
    expect(fake.operations()).toEqual(['CHECK_FILE_INFO', 'GET_FILE']);
    expect(session.getState()).toMatchObject({ editable: false, notice: 'readOnlyAccess' });
  });

  it.each([
    ['CHECK_FILE_INFO', 401, 'expired'],
    ['CHECK_FILE_INFO', 404, 'notFound'],
    ['GET_FILE', 404, 'notFound'],
    ['GET_FILE', 500, 'failed'],
    ['LOCK', 401, 'expired'],
  ])('%s answering %i fails the page with %s', async (operation, status, problem) => {
    const { session } = start('edit', {}, (fake) => fake.force(operation, status));
    await settle();
    expect(session.getState()).toMatchObject({ phase: 'failed', problem });
  });

  it('a document over the largest the page holds is refused before it is fetched', async () => {
    const { fake, session } = await opened('view', { info: { Size: MAX_DOCUMENT_BYTES + 1 } });
    expect(fake.operations()).toEqual(['CHECK_FILE_INFO']);
    expect(session.getState()).toMatchObject({ phase: 'failed', problem: 'tooLarge' });
  });

  it('a document the editor cannot open: says why and gives the lock back', async () => {
    const { fake, session } = start('edit');
    await settle();
    session.editorFailed(`Invalid DOCX: ${'x'.repeat(500)}`);
    await settle();
    expect(session.getState()).toMatchObject({ phase: 'failed', problem: 'cannotOpen' });
    expect(session.getState().detail).toHaveLength(200);
    expect(fake.calls.at(-1)).toMatchObject({ operation: 'UNLOCK', lock: LOCK_ID, keepalive: false });
  });

  it('connecting again (React may) neither opens twice nor announces the frame twice', async () => {
    const { fake, session, host, disconnect } = start('view');
    disconnect();
    session.connect();
    await settle();
    expect(fake.operations()).toEqual(['CHECK_FILE_INFO', 'GET_FILE']);
    expect(host.of('App_LoadingStatus')).toEqual([{ Status: 'Frame_Ready' }]);
  });

  it('answers Host_PostmessageReady with where it stands', async () => {
    const { host, session } = start('view');
    host.fromHost('Host_PostmessageReady');
    await settle();
    session.documentShown(editor());
    host.fromHost('Host_PostmessageReady');
    expect(host.of('App_LoadingStatus')).toEqual([
      { Status: 'Frame_Ready' },
      { Status: 'Frame_Ready' },
      { Status: 'Document_Loaded' },
      { Status: 'Document_Loaded' },
    ]);
  });
});

describe('WordSession: the lock', () => {
  const refreshes = (fake: ReturnType<typeof fakeWopiFetch>) =>
    fake.calls.filter((c) => c.operation === 'REFRESH_LOCK');

  it('refreshes the lock every 5 minutes, with its id', async () => {
    const { fake } = await opened('edit');
    await vi.advanceTimersByTimeAsync(LOCK_REFRESH_MS - 1);
    expect(refreshes(fake)).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    await settle();
    expect(refreshes(fake)).toHaveLength(1);
    expect(refreshes(fake)[0]?.lock).toBe(LOCK_ID);
    await vi.advanceTimersByTimeAsync(LOCK_REFRESH_MS);
    await settle();
    expect(refreshes(fake)).toHaveLength(2);
    expect(LOCK_REFRESH_MS).toBe(300_000);
  });

  it('a lock lost at a refresh (409) ends editing and the refreshing', async () => {
    const { fake, session, host } = await opened('edit');
    fake.host.lock = 'someone-else';
    await vi.advanceTimersByTimeAsync(LOCK_REFRESH_MS);
    await settle();
    expect(session.getState()).toMatchObject({ editable: false, notice: 'lockLost' });
    await vi.advanceTimersByTimeAsync(LOCK_REFRESH_MS * 3);
    expect(refreshes(fake)).toHaveLength(1);
    host.fromHost('Action_Save', SAVE);
    await settle();
    expect(host.of('Action_Save_Resp')).toEqual([{ success: false, result: 'lockLost' }]);
    expect(fake.operations()).not.toContain('PUT');
  });

  it('a token that ended (401 at a refresh) ends editing, saying so', async () => {
    const { fake, session } = await opened('edit');
    fake.force('REFRESH_LOCK', 401);
    await vi.advanceTimersByTimeAsync(LOCK_REFRESH_MS);
    await settle();
    expect(session.getState()).toMatchObject({ editable: false, notice: 'expired' });
  });

  it('a refresh that does not get through is tried again at the next one', async () => {
    const { fake, session } = await opened('edit');
    fake.unreachable('REFRESH_LOCK');
    await vi.advanceTimersByTimeAsync(LOCK_REFRESH_MS);
    await settle();
    expect(session.getState()).toMatchObject({ editable: true, notice: null });
    await vi.advanceTimersByTimeAsync(LOCK_REFRESH_MS);
    await settle();
    expect(refreshes(fake)).toHaveLength(2);
  });

  it('gives the lock back when the page goes away (keepalive), once, and stops refreshing', async () => {
    const { fake, win, session } = await opened('edit');
    win.dispatchEvent(new Event('pagehide'));
    session.leave();
    await settle();
    expect(fake.calls.filter((c) => c.operation === 'UNLOCK')).toEqual([
      expect.objectContaining({ lock: LOCK_ID, keepalive: true }),
    ]);
    expect(fake.host.lock).toBe('');
    await vi.advanceTimersByTimeAsync(LOCK_REFRESH_MS * 2);
    expect(refreshes(fake)).toHaveLength(0);
  });

  it('a page left while its lock was being taken gives it back at once', async () => {
    const { fake, session } = start('edit');
    await new Promise((resolve) => setImmediate(resolve));
    session.leave();
    await settle();
    expect(fake.operations()).toEqual(['CHECK_FILE_INFO', 'GET_FILE', 'LOCK', 'UNLOCK']);
    await vi.advanceTimersByTimeAsync(LOCK_REFRESH_MS);
    expect(refreshes(fake)).toHaveLength(0);
  });

  it('leaves nothing to give back in view mode', async () => {
    const { fake, win } = await opened('view');
    win.dispatchEvent(new Event('pagehide'));
    await settle();
    expect(fake.operations()).toEqual(['CHECK_FILE_INFO', 'GET_FILE']);
  });
});

describe('WordSession: saving on the host’s Action_Save', () => {
  it('a change: Doc_ModifiedStatus once; Action_Save: export, PutFile with the lock, Modified false, Action_Save_Resp', async () => {
    const saved = docxBytes('PK edited');
    const { fake, host, session } = await opened('edit');
    const exporter = editor(saved);
    session.documentShown(exporter);
    session.documentChanged();
    session.documentChanged();
    expect(host.of('Doc_ModifiedStatus')).toEqual([{ Modified: true }]);
    expect(session.getState().save).toBe('unsaved');

    host.fromHost('Action_Save', SAVE);
    await Promise.resolve();
    expect(session.getState().save).toBe('saving');
    await settle();
    const put = fake.calls.find((c) => c.operation === 'PUT');
    expect(put).toMatchObject({ lock: LOCK_ID, body: saved });
    expect(fake.host.file).toBe(saved);
    expect(host.ids().slice(-2)).toEqual(['Doc_ModifiedStatus', 'Action_Save_Resp']);
    expect(host.of('Doc_ModifiedStatus')).toEqual([{ Modified: true }, { Modified: false }]);
    expect(host.of('Action_Save_Resp')).toEqual([{ success: true }]);
    expect(session.getState()).toMatchObject({ save: 'saved', editable: true });
  });

  it('DontSaveIfUnmodified with nothing changed: no PutFile, success "unmodified"', async () => {
    const { fake, host } = await opened('edit');
    host.fromHost('Action_Save', { ...SAVE, DontSaveIfUnmodified: true });
    await settle();
    expect(fake.operations()).not.toContain('PUT');
    expect(host.of('Action_Save_Resp')).toEqual([{ success: true, result: 'unmodified' }]);
  });

  it('saves an unchanged document when asked to (DontSaveIfUnmodified false)', async () => {
    const { fake, host } = await opened('edit');
    host.fromHost('Action_Save', SAVE);
    await settle();
    expect(fake.operations()).toContain('PUT');
    expect(host.of('Action_Save_Resp')).toEqual([{ success: true }]);
  });

  it('Notify false: saves without answering', async () => {
    const { fake, host, session } = await opened('edit');
    session.documentChanged();
    host.fromHost('Action_Save', { ...SAVE, Notify: false });
    await settle();
    expect(fake.operations()).toContain('PUT');
    expect(host.of('Action_Save_Resp')).toEqual([]);
  });

  it('DontTerminateEdit false: after the save the editing ends, the lock stays until the page goes', async () => {
    const { fake, host, session } = await opened('edit');
    session.documentChanged();
    host.fromHost('Action_Save', { ...SAVE, DontTerminateEdit: false });
    await settle();
    expect(session.getState()).toMatchObject({ editable: false, save: 'savedEditingEnded' });
    expect(fake.operations()).not.toContain('UNLOCK');
    expect(fake.host.lock).toBe(LOCK_ID);
  });

  it.each([
    [409, 'lockLost', { editable: false, notice: 'lockLost' }],
    [401, 'expired', { editable: false, notice: 'expired' }],
    [413, 'tooLarge', { editable: true, notice: null }],
    [404, 'notFound', { editable: true, notice: null }],
    [500, 'failed', { editable: true, notice: null }],
  ])('PutFile answering %i: Action_Save_Resp says %s', async (status, result, after) => {
    const { fake, host, session } = await opened('edit');
    session.documentChanged();
    fake.force('PUT', status, status === 409 ? 'someone-else' : undefined);
    host.fromHost('Action_Save', SAVE);
    await settle();
    expect(host.of('Action_Save_Resp')).toEqual([{ success: false, result }]);
    expect(session.getState()).toMatchObject({ save: 'failed', ...after });
    expect(host.of('Doc_ModifiedStatus')).toEqual([{ Modified: true }]);
  });

  it('an editor that cannot export: the save fails, nothing is sent to the host', async () => {
    const { fake, host, session } = await opened('edit');
    session.documentShown({ exportDocx: () => Promise.reject(new Error('boom')) });
    host.fromHost('Action_Save', SAVE);
    await settle();
    expect(fake.operations()).not.toContain('PUT');
    expect(host.of('Action_Save_Resp')).toEqual([{ success: false, result: 'failed' }]);
  });

  it('a change made while saving keeps the document modified', async () => {
    const { host, session } = await opened('edit');
    let release: (bytes: ArrayBuffer) => void = () => undefined;
    session.documentShown({ exportDocx: () => new Promise<ArrayBuffer>((r) => (release = r)) });
    session.documentChanged();
    host.fromHost('Action_Save', SAVE);
    await settle();
    session.documentChanged();
    release(docxBytes('PK before the last change'));
    await settle();
    expect(host.of('Doc_ModifiedStatus')).toEqual([{ Modified: true }]);
    expect(host.of('Action_Save_Resp')).toEqual([{ success: true }]);
    expect(session.getState().save).toBe('unsaved');
  });

  it('saves asked for together run one after the other', async () => {
    const { fake, host, session } = await opened('edit');
    let running = 0;
    let most = 0;
    session.documentShown({
      async exportDocx() {
        running += 1;
        most = Math.max(most, running);
        await new Promise((resolve) => setImmediate(resolve));
        running -= 1;
        return docxBytes();
      },
    });
    session.documentChanged();
    host.fromHost('Action_Save', SAVE);
    host.fromHost('Action_Save', SAVE);
    await settle();
    await settle();
    expect(most).toBe(1);
    expect(fake.operations().filter((o) => o === 'PUT')).toHaveLength(2);
    expect(host.of('Action_Save_Resp')).toEqual([{ success: true }, { success: true }]);
  });

  it('before the document is shown there is nothing to save', async () => {
    const { host } = start('edit');
    host.fromHost('Action_Save', SAVE);
    await settle();
    expect(host.of('Action_Save_Resp')).toEqual([{ success: false, result: 'notLoaded' }]);
  });

  it('view mode refuses to save', async () => {
    const { host, fake } = await opened('view');
    host.fromHost('Action_Save', SAVE);
    await settle();
    expect(host.of('Action_Save_Resp')).toEqual([{ success: false, result: 'readOnly' }]);
    expect(fake.operations()).not.toContain('PUT');
  });

  it('ignores changes reported in view mode', async () => {
    const { host, session } = await opened('view');
    session.documentChanged();
    expect(host.of('Doc_ModifiedStatus')).toEqual([]);
    expect(session.getState().save).toBe('clean');
  });
});
