/**
 * The PostMessage protocol with the host page (Collabora Online's, after Office for the web's):
 * each message is a JSON string `{"MessageId", "SendTime", "Values"}` posted to `window.parent`
 * with the target origin CheckFileInfo's PostMessageOrigin names, and taken only from
 * `window.parent` at that origin.
 */
export interface HostMessage {
  MessageId: string;
  SendTime: number;
  Values: Record<string, unknown>;
}

/** The longest message the page reads; the host's messages are a few hundred bytes. */
const MAX_MESSAGE_CHARS = 64 * 1024;

const MAX_ID_CHARS = 100;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A host message from a postMessage event's data, or null when it is not one. */
export function parseHostMessage(data: unknown): HostMessage | null {
  if (typeof data !== 'string' || data.length > MAX_MESSAGE_CHARS) return null;
  let json: unknown;
  try {
    json = JSON.parse(data);
  } catch {
    return null;
  }
  if (!isRecord(json)) return null;
  const { MessageId, SendTime, Values } = json;
  if (typeof MessageId !== 'string' || MessageId.length > MAX_ID_CHARS) return null;
  if (Values !== undefined && !isRecord(Values)) return null;
  return { MessageId, SendTime: typeof SendTime === 'number' ? SendTime : 0, Values: Values ?? {} };
}

/** The page's side of the protocol. */
export interface HostChannel {
  /** Posts a message to the parent at the host's origin (nothing when the page is not framed). */
  send(messageId: string, values: Record<string, unknown>): void;
  /** The origin messages go to and must come from (CheckFileInfo's PostMessageOrigin). */
  setOrigin(origin: string): void;
  /** Calls `handler` with each message from the parent at the host's origin; answers the undo. */
  listen(handler: (message: HostMessage) => void): () => void;
}

/**
 * The channel of a page in `win`. Until CheckFileInfo names the host's origin it is the page's
 * own: the page may be framed by its own origin only (frame-ancestors 'self'), so that is the only
 * parent it can have.
 */
export function hostChannel(win: Window): HostChannel {
  let origin = win.location.origin;
  const framed = () => win.parent !== win;
  return {
    send(messageId, values) {
      if (!framed()) return;
      win.parent.postMessage(
        JSON.stringify({ MessageId: messageId, SendTime: Date.now(), Values: values }),
        origin,
      );
    },
    setOrigin(next) {
      origin = next;
    },
    listen(handler) {
      const onMessage = (event: MessageEvent) => {
        if (!framed() || event.source !== win.parent || event.origin !== origin) return;
        const message = parseHostMessage(event.data);
        if (message) handler(message);
      };
      win.addEventListener('message', onMessage);
      return () => win.removeEventListener('message', onMessage);
    },
  };
}
