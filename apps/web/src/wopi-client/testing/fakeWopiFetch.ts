/**
 * A WOPI host as a `fetch` for the page's unit tests (the real host is built in parallel): it
 * answers CheckFileInfo, GetFile, Lock, RefreshLock, Unlock and PutFile for one file as the WOPI
 * specification says (401 for a wrong token, 409 with X-WOPI-Lock on a lock mismatch), records
 * every call, and can be told to answer one operation otherwise.
 */
export const WOPI_SRC = 'https://quill.test/wopi/files/job-7';
export const TOKEN = 'secret token/with+signs';

export interface FakeCall {
  url: string;
  method: string;
  operation: string;
  lock: string | null;
  keepalive: boolean;
  credentials: RequestCredentials | undefined;
  redirect: RequestRedirect | undefined;
  body: ArrayBuffer | null;
}

export interface FakeHostOptions {
  info?: Record<string, unknown>;
  file?: ArrayBuffer;
  /** A lock someone else holds when the page asks for one. */
  lockedBy?: string;
}

export function docxBytes(text = 'PK fake docx'): ArrayBuffer {
  return new TextEncoder().encode(text).buffer as ArrayBuffer;
}

export function fakeWopiFetch(options: FakeHostOptions = {}) {
  const calls: FakeCall[] = [];
  const forced = new Map<string, { status: number; lock?: string; error?: boolean }>();
  const host = {
    lock: options.lockedBy ?? '',
    file: options.file ?? docxBytes(),
    info: {
      BaseFileName: 'Consultation.docx',
      Size: 12,
      Version: '3',
      UserCanWrite: true,
      ReadOnly: false,
      SupportsLocks: true,
      SupportsUpdate: true,
      UserFriendlyName: 'Pat Manager',
      PostMessageOrigin: 'https://quill.test',
      ...options.info,
    } as Record<string, unknown>,
  };

  const answer = (status: number, body: BodyInit | null = null, headers: Record<string, string> = {}) =>
    new Response(status === 204 || body === null ? null : body, { status, headers });

  const fetch = async (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    const url = String(input);
    const headers = new Headers(init.headers);
    const contents = url.split('?')[0]?.endsWith('/contents') ?? false;
    const operation = headers.get('X-WOPI-Override') ?? (contents ? 'GET_FILE' : 'CHECK_FILE_INFO');
    const lock = headers.get('X-WOPI-Lock');
    calls.push({
      url,
      method: init.method ?? 'GET',
      operation,
      lock,
      keepalive: init.keepalive === true,
      credentials: init.credentials,
      redirect: init.redirect,
      body: init.body instanceof ArrayBuffer ? init.body : null,
    });
    const force = forced.get(operation);
    if (force) {
      forced.delete(operation);
      if (force.error) throw new TypeError('Failed to fetch');
      return answer(force.status, null, force.lock === undefined ? {} : { 'X-WOPI-Lock': force.lock });
    }
    if (new URL(url).searchParams.get('access_token') !== TOKEN) return answer(401);
    const mismatch = () => answer(409, null, { 'X-WOPI-Lock': host.lock });
    switch (operation) {
      case 'CHECK_FILE_INFO':
        return answer(200, JSON.stringify(host.info), { 'Content-Type': 'application/json' });
      case 'GET_FILE':
        return answer(200, host.file);
      case 'LOCK':
        if (host.lock && host.lock !== lock) return mismatch();
        host.lock = lock ?? '';
        return answer(200);
      case 'REFRESH_LOCK':
      case 'UNLOCK':
        if (!host.lock || host.lock !== lock) return mismatch();
        if (operation === 'UNLOCK') host.lock = '';
        return answer(200);
      case 'PUT':
        if (host.lock !== lock) return mismatch();
        host.file = init.body as ArrayBuffer;
        return answer(200);
      default:
        return answer(501);
    }
  };

  return {
    fetch: fetch as typeof globalThis.fetch,
    calls,
    host,
    operations: () => calls.map((c) => c.operation),
    /** The next call of `operation` answers `status` (with X-WOPI-Lock `lock`), or fails to connect. */
    force(operation: string, status: number, lock?: string) {
      forced.set(operation, { status, ...(lock === undefined ? {} : { lock }) });
    },
    unreachable(operation: string) {
      forced.set(operation, { status: 0, error: true });
    },
  };
}
