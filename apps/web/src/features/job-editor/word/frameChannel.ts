/**
 * The host side of the WOPI clients' PostMessage protocol (Collabora Online's and Office for the
 * web's): messages are JSON strings `{"MessageId", "SendTime", "Values"}` posted to the frame with
 * its origin as targetOrigin. Only messages from the frame's own window and the address's origin
 * are read; anything else is ignored.
 */

/** Values of Action_Save (the host asks the frame to save, and to say how it went). */
export const ACTION_SAVE_VALUES = {
  DontTerminateEdit: true,
  DontSaveIfUnmodified: false,
  Notify: true,
} as const;

/** How long the frame may take to save (the job calls' 60 s). */
export const FRAME_SAVE_TIMEOUT_MS = 60_000;

/** A message of the protocol. */
export interface FrameMessage {
  MessageId: string;
  SendTime?: number;
  Values?: Record<string, unknown>;
}

/** How a save asked of the frame ended. */
export interface FrameSaveResult {
  success: boolean;
  /** The client's own word for the outcome, or ours: 'notReady', 'timeout', 'closed'. */
  result?: string;
}

/** A message's data as the protocol's JSON string (or an object some clients post), else null. */
export function readFrameMessage(data: unknown): FrameMessage | null {
  let value: unknown = data;
  if (typeof data === 'string') {
    if (data.length > 100_000) return null;
    try {
      value = JSON.parse(data);
    } catch {
      return null;
    }
  }
  if (!value || typeof value !== 'object') return null;
  const id = (value as FrameMessage).MessageId;
  if (typeof id !== 'string') return null;
  const values = (value as FrameMessage).Values;
  return { MessageId: id, Values: values && typeof values === 'object' ? values : {} };
}

export interface FrameChannelEvents {
  /** Doc_ModifiedStatus: the document has (or no longer has) unsaved changes. */
  onModified: (modified: boolean) => void;
  /** Any message of the frame: the user works there (the session's activity). */
  onActivity: () => void;
  /** The frame is ready for the host's messages. */
  onReady?: () => void;
}

interface Frame {
  window: Window;
  origin: string;
}

/** The conversation with one frame at a time: attach it when its form is posted, detach when cleared. */
export class FrameChannel {
  private frame: Frame | null = null;
  private ready = false;
  private pending: { resolve: (r: FrameSaveResult) => void; timer: ReturnType<typeof setTimeout> } | null =
    null;

  constructor(
    private readonly events: FrameChannelEvents,
    private readonly now: () => number = () => Date.now(),
  ) {}

  /** Talks to `window` (the frame's) at `origin` (the address's) from now on. */
  attach(window: Window, origin: string): void {
    this.settle({ success: false, result: 'closed' });
    this.frame = { window, origin };
    this.ready = false;
  }

  /** The frame was cleared: a save still waiting fails. */
  detach(): void {
    this.settle({ success: false, result: 'closed' });
    this.frame = null;
    this.ready = false;
  }

  /** Whether the frame said it is ready (App_LoadingStatus Frame_Ready). */
  isReady(): boolean {
    return this.ready;
  }

  /** Handles a `message` event of the host window. */
  receive(event: MessageEvent): void {
    const frame = this.frame;
    if (!frame || event.source !== frame.window || event.origin !== frame.origin) return;
    const message = readFrameMessage(event.data);
    if (!message) return;
    this.events.onActivity();
    const values = message.Values ?? {};
    switch (message.MessageId) {
      case 'App_LoadingStatus':
        if (values.Status === 'Frame_Ready' || values.Status === 'Document_Loaded') {
          if (!this.ready) this.post('Host_PostmessageReady', {});
          this.ready = true;
          this.events.onReady?.();
        }
        return;
      case 'Doc_ModifiedStatus':
        this.events.onModified(values.Modified === true);
        return;
      case 'Action_Save_Resp':
        this.settle({
          success: values.success === true,
          ...(typeof values.result === 'string' ? { result: values.result } : {}),
        });
        return;
    }
  }

  /** Asks the frame to save (Action_Save) and waits for its Action_Save_Resp. */
  save(timeoutMs = FRAME_SAVE_TIMEOUT_MS): Promise<FrameSaveResult> {
    if (!this.frame || !this.ready) return Promise.resolve({ success: false, result: 'notReady' });
    this.settle({ success: false, result: 'closed' });
    return new Promise((resolve) => {
      const timer = setTimeout(() => this.settle({ success: false, result: 'timeout' }), timeoutMs);
      this.pending = { resolve, timer };
      this.post('Action_Save', { ...ACTION_SAVE_VALUES });
    });
  }

  private settle(result: FrameSaveResult): void {
    const pending = this.pending;
    if (!pending) return;
    this.pending = null;
    clearTimeout(pending.timer);
    pending.resolve(result);
  }

  private post(id: string, values: Record<string, unknown>): void {
    const frame = this.frame;
    if (!frame) return;
    frame.window.postMessage(
      JSON.stringify({ MessageId: id, SendTime: this.now(), Values: values }),
      frame.origin,
    );
  }
}
