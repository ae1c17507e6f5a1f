import { originOf } from '@quill/core/rules/wopi/wopiSrc';
import type { WordClientMode } from '@quill/core/rules/wopi/wordClient';
import type { HostChannel, HostMessage } from './hostMessages';
import { MAX_DOCUMENT_BYTES, newLockId, WopiError, type WopiFailure, type WopiHost } from './wopiHost';

/** Why the document cannot be shown (the page says so instead of the editor). */
export type Problem = 'expired' | 'notFound' | 'tooLarge' | 'failed' | 'cannotOpen';
/** Why a shown document cannot be changed, or saved any more. */
export type Notice = 'readOnlyAccess' | 'lockedByOther' | 'lockLost' | 'expired';
/** Where the document stands against its last save (edit mode). */
export type SaveState = 'clean' | 'unsaved' | 'saving' | 'saved' | 'savedEditingEnded' | 'failed';

export interface WordClientState {
  phase: 'opening' | 'open' | 'failed';
  problem: Problem | null;
  /** The editor's words for a document it cannot open. */
  detail: string;
  fileName: string;
  document: ArrayBuffer | null;
  editable: boolean;
  notice: Notice | null;
  save: SaveState;
  /** Why the last save failed, when it did. */
  saveProblem: WopiFailure | null;
}

/** What the page needs of the editor: the document as it is now, as .docx bytes. */
export interface DocumentEditor {
  exportDocx(): Promise<ArrayBuffer>;
}

/** Action_Save's Values (Collabora Online). */
export interface SaveRequest {
  DontTerminateEdit?: boolean;
  DontSaveIfUnmodified?: boolean;
  Notify?: boolean;
}

/** Action_Save_Resp's Values: success, or why not (see docs/decisions.md for the reasons). */
export type SaveResult = { success: true; result?: 'unmodified' } | { success: false; result: string };

/**
 * How often the lock is refreshed: Quill's lock is the job's booking, 10 minutes by default
 * (BOOKING_TTL_SECONDS), so every 5 minutes keeps it with one refresh to spare.
 */
export const LOCK_REFRESH_MS = 5 * 60_000;
const MAX_DETAIL_CHARS = 200;

const INITIAL: WordClientState = {
  phase: 'opening',
  problem: null,
  detail: '',
  fileName: '',
  document: null,
  editable: false,
  notice: null,
  save: 'clean',
  saveProblem: null,
};

function failureOf(err: unknown): WopiFailure {
  return err instanceof WopiError ? err.failure : 'failed';
}

function asBoolean(value: unknown): boolean | undefined {
  return typeof value === 'boolean' ? value : undefined;
}

export interface WordSessionOptions {
  mode: WordClientMode;
  host: WopiHost;
  channel: HostChannel;
  /** Where `pagehide` is heard (the page's window). */
  win?: Window;
  lockId?: string;
}

/**
 * One opening of a document by the embedded WOPI client (issue 22): CheckFileInfo and GetFile,
 * then in edit mode Lock (refreshed every LOCK_REFRESH_MS), PutFile on the host's Action_Save and
 * Unlock when the page goes away; the host page hears App_LoadingStatus, Doc_ModifiedStatus and
 * Action_Save_Resp. Framework-free: the React page renders its state and reports the editor's
 * events to it.
 */
export class WordSession {
  private state = INITIAL;
  private readonly listeners = new Set<() => void>();
  private readonly mode: WordClientMode;
  private readonly host: WopiHost;
  private readonly channel: HostChannel;
  private readonly win: Window;
  private readonly lockId: string;
  private editor: DocumentEditor | null = null;
  private started = false;
  private left = false;
  private locked = false;
  private refreshTimer: ReturnType<typeof setInterval> | null = null;
  private changes = 0;
  private modified = false;
  private saves: Promise<unknown> = Promise.resolve();

  constructor(options: WordSessionOptions) {
    this.mode = options.mode;
    this.host = options.host;
    this.channel = options.channel;
    this.win = options.win ?? window;
    this.lockId = options.lockId ?? newLockId();
  }

  getState = (): WordClientState => this.state;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /**
   * Listens to the host and to the page going away; the first call also announces the frame and
   * opens the document. Answers the undo (React may connect, undo and connect again).
   */
  connect(): () => void {
    const stopListening = this.channel.listen((message) => this.onHostMessage(message));
    const onPageHide = () => this.leave();
    this.win.addEventListener('pagehide', onPageHide);
    if (!this.started) {
      this.started = true;
      this.channel.send('App_LoadingStatus', { Status: 'Frame_Ready' });
      void this.open();
    }
    return () => {
      stopListening();
      this.win.removeEventListener('pagehide', onPageHide);
    };
  }

  /** The editor shows the document: the host hears Document_Loaded, and saves may begin. */
  documentShown(editor: DocumentEditor): void {
    const first = this.editor === null;
    this.editor = editor;
    if (first) this.channel.send('App_LoadingStatus', { Status: 'Document_Loaded' });
  }

  /** The editor cannot open the bytes: say so, and give the lock back. */
  editorFailed(detail: string): void {
    this.releaseLock(false);
    this.update({ phase: 'failed', problem: 'cannotOpen', detail: detail.slice(0, MAX_DETAIL_CHARS) });
  }

  /** The person changed the document: the host hears Doc_ModifiedStatus on the first change. */
  documentChanged(): void {
    if (!this.editor || !this.state.editable) return;
    this.changes += 1;
    if (!this.modified) {
      this.modified = true;
      this.channel.send('Doc_ModifiedStatus', { Modified: true });
    }
    if (this.state.save !== 'saving') this.update({ save: 'unsaved' });
  }

  /** Saves through PutFile; saves asked for while one runs wait for it. */
  save(request: SaveRequest = {}): Promise<SaveResult> {
    const run = this.saves.then(() => this.saveNow(request));
    this.saves = run.catch(() => undefined);
    return run;
  }

  /** The page goes away: stop refreshing and give the lock back (a keepalive call). */
  leave(): void {
    if (this.left) return;
    this.left = true;
    this.releaseLock(true);
  }

  private update(patch: Partial<WordClientState>) {
    this.state = { ...this.state, ...patch };
    for (const listener of this.listeners) listener();
  }

  private async open() {
    try {
      const info = await this.host.checkFileInfo();
      const origin = info.PostMessageOrigin ? originOf(info.PostMessageOrigin) : null;
      if (origin) this.channel.setOrigin(origin);
      if (info.Size > MAX_DOCUMENT_BYTES) throw new WopiError('tooLarge', 200);
      const document = await this.host.getFile();
      const mayEdit = this.mode === 'edit' && info.UserCanWrite && !info.ReadOnly && info.SupportsLocks;
      let notice: Notice | null = this.mode === 'edit' && !mayEdit ? 'readOnlyAccess' : null;
      const editable = mayEdit && (await this.takeLock());
      if (mayEdit && !editable) notice = 'lockedByOther';
      this.update({ phase: 'open', fileName: info.BaseFileName, document, editable, notice });
    } catch (err) {
      this.releaseLock(false);
      const failure = failureOf(err);
      this.update({ phase: 'failed', problem: failure === 'conflict' ? 'failed' : failure });
    }
  }

  /** Lock: true when taken, false when someone else holds the file (409). */
  private async takeLock(): Promise<boolean> {
    try {
      await this.host.lock(this.lockId);
    } catch (err) {
      if (failureOf(err) === 'conflict') return false;
      throw err;
    }
    this.locked = true;
    if (this.left) {
      this.releaseLock(true);
      return false;
    }
    this.refreshTimer = setInterval(() => void this.refreshLock(), LOCK_REFRESH_MS);
    return true;
  }

  private async refreshLock() {
    try {
      await this.host.refreshLock(this.lockId);
    } catch (err) {
      const failure = failureOf(err);
      // A call that did not get through is tried again at the next refresh.
      if (failure === 'conflict') this.loseLock('lockLost');
      else if (failure === 'expired') this.loseLock('expired');
    }
  }

  /** The lock is gone (409) or the token ended (401): nothing here can be saved any more. */
  private loseLock(notice: 'lockLost' | 'expired') {
    this.stopRefreshing();
    if (notice === 'lockLost') this.locked = false;
    this.update({ editable: false, notice });
  }

  private stopRefreshing() {
    if (this.refreshTimer !== null) clearInterval(this.refreshTimer);
    this.refreshTimer = null;
  }

  private releaseLock(keepalive: boolean) {
    this.stopRefreshing();
    if (!this.locked) return;
    this.locked = false;
    this.host.unlock(this.lockId, { keepalive }).catch(() => undefined);
  }

  private onHostMessage(message: HostMessage) {
    if (message.MessageId === 'Host_PostmessageReady') {
      this.channel.send('App_LoadingStatus', { Status: this.editor ? 'Document_Loaded' : 'Frame_Ready' });
    } else if (message.MessageId === 'Action_Save') {
      const values = message.Values;
      const request: SaveRequest = {
        DontTerminateEdit: asBoolean(values.DontTerminateEdit),
        DontSaveIfUnmodified: asBoolean(values.DontSaveIfUnmodified),
        Notify: asBoolean(values.Notify),
      };
      void this.save(request).then((result) => {
        if (request.Notify !== false) this.channel.send('Action_Save_Resp', result);
      });
    }
  }

  private async saveNow(request: SaveRequest): Promise<SaveResult> {
    const editor = this.editor;
    if (!editor || this.state.phase !== 'open') return { success: false, result: 'notLoaded' };
    if (!this.state.editable) return { success: false, result: this.state.notice ?? 'readOnly' };
    if (request.DontSaveIfUnmodified && !this.modified) return { success: true, result: 'unmodified' };
    this.update({ save: 'saving', saveProblem: null });
    const changesSaved = this.changes;
    try {
      const docx = await editor.exportDocx();
      await this.host.putFile(this.lockId, docx);
    } catch (err) {
      return this.saveFailed(failureOf(err));
    }
    this.modified = this.changes !== changesSaved;
    if (!this.modified) this.channel.send('Doc_ModifiedStatus', { Modified: false });
    const ended = request.DontTerminateEdit === false;
    if (ended) this.update({ editable: false, save: this.modified ? 'unsaved' : 'savedEditingEnded' });
    else this.update({ save: this.modified ? 'unsaved' : 'saved' });
    return { success: true };
  }

  private saveFailed(failure: WopiFailure): SaveResult {
    if (failure === 'conflict') {
      this.loseLock('lockLost');
      this.update({ save: 'failed', saveProblem: failure });
      return { success: false, result: 'lockLost' };
    }
    if (failure === 'expired') this.loseLock('expired');
    this.update({ save: 'failed', saveProblem: failure });
    return { success: false, result: failure };
  }
}
