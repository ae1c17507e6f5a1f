import type { Page, Request, Route } from '@playwright/test';

/** One WOPI call the page made, as the fake host saw it. */
export interface WopiCall {
  operation: string;
  lock: string | null;
  token: string | null;
  body: Buffer | null;
}

export interface FakeWopiHostOptions {
  fileName?: string;
  userCanWrite?: boolean;
  /** Someone else's lock on the file when the page asks for one (409 to LOCK). */
  lockedBy?: string;
}

/**
 * A WOPI host in the browser's network layer (Playwright's page.route): it answers CheckFileInfo,
 * GetFile, the lock operations and PutFile for `{origin}/wopi/files/{id}` of the Quill server under
 * test, so the embedded client page runs its whole protocol while the real host is built elsewhere.
 * It checks the token and the lock as a host must, and keeps every call and each saved document.
 */
export async function installFakeWopiHost(
  page: Page,
  origin: string,
  docx: Buffer,
  token: string,
  options: FakeWopiHostOptions = {},
) {
  const calls: WopiCall[] = [];
  let current = docx;
  let version = 1;
  let lock = options.lockedBy ?? '';

  const answer = (
    route: Route,
    status: number,
    body: string | Buffer = '',
    headers: Record<string, string> = {},
  ) => route.fulfill({ status, body, headers: { 'Cache-Control': 'no-store', ...headers } });

  await page.route(`${origin}/wopi/files/**`, async (route: Route, request: Request) => {
    const url = new URL(request.url());
    const contents = url.pathname.endsWith('/contents');
    const operation = request.headers()['x-wopi-override'] ?? (contents ? 'GET_FILE' : 'CHECK_FILE_INFO');
    const requestLock = request.headers()['x-wopi-lock'] ?? null;
    const given = url.searchParams.get('access_token');
    const body = request.postDataBuffer();
    calls.push({ operation, lock: requestLock, token: given, body });
    if (given !== token) return answer(route, 401);
    if (operation === 'CHECK_FILE_INFO') {
      return answer(
        route,
        200,
        JSON.stringify({
          BaseFileName: options.fileName ?? 'Consultation note.docx',
          Size: current.length,
          Version: String(version),
          OwnerId: 'quill',
          UserId: 'manager',
          UserFriendlyName: 'Pat Manager',
          UserCanWrite: options.userCanWrite ?? true,
          ReadOnly: false,
          SupportsLocks: true,
          SupportsUpdate: true,
          PostMessageOrigin: origin,
        }),
        { 'Content-Type': 'application/json' },
      );
    }
    if (operation === 'GET_FILE') {
      return answer(route, 200, current, { 'Content-Type': 'application/octet-stream' });
    }
    const mismatch = () => answer(route, 409, '', { 'X-WOPI-Lock': lock });
    if (operation === 'LOCK') {
      if (lock && lock !== requestLock) return mismatch();
      lock = requestLock ?? '';
      return answer(route, 200);
    }
    if (operation === 'REFRESH_LOCK' || operation === 'UNLOCK') {
      if (!lock || lock !== requestLock) return mismatch();
      if (operation === 'UNLOCK') lock = '';
      return answer(route, 200);
    }
    if (operation === 'PUT') {
      if (lock !== requestLock || !body) return mismatch();
      current = body;
      version += 1;
      return answer(route, 200, '', { 'X-WOPI-ItemVersion': String(version) });
    }
    return answer(route, 501);
  });

  return {
    calls,
    /** The document as last saved. */
    saved: () => current,
    lock: () => lock,
    /** Someone else takes the lock (the booking went to another account). */
    steal: (other: string) => {
      lock = other;
    },
  };
}

/**
 * Does what the job view does: a frame, and a form posted into it with the token (the page at
 * `hostPath` is any page of the server, standing in for the job view), and it records the frame's
 * PostMessages in `window.__wopiMessages`.
 */
export async function openInFrame(page: Page, action: string, token: string) {
  await page.evaluate(
    ({ action, token }) => {
      const w = window as unknown as { __wopiMessages: unknown[] };
      w.__wopiMessages = [];
      window.addEventListener('message', (e) => {
        if (typeof e.data === 'string') w.__wopiMessages.push(JSON.parse(e.data));
      });
      document.body.innerHTML = '';
      document.body.style.cssText = 'margin:0;padding:0;max-width:none';
      const frame = document.createElement('iframe');
      frame.name = 'wordFrame';
      frame.title = 'Word document';
      frame.style.cssText = 'width:100vw;height:100vh;border:0;display:block';
      document.body.append(frame);
      const form = document.createElement('form');
      form.method = 'post';
      form.action = action;
      form.target = 'wordFrame';
      for (const [name, value] of [
        ['access_token', token],
        ['access_token_ttl', String(Date.now() + 3_600_000)],
      ]) {
        const input = document.createElement('input');
        input.type = 'hidden';
        input.name = name as string;
        input.value = value as string;
        form.append(input);
      }
      document.body.append(form);
      form.submit();
    },
    { action, token },
  );
  return page.frameLocator('iframe[name="wordFrame"]');
}

/** Posts a host message (Collabora style) into the frame, from the page that holds it. */
export async function postToFrame(page: Page, messageId: string, values: Record<string, unknown> = {}) {
  await page.evaluate(
    ({ messageId, values }) => {
      const frame = document.querySelector<HTMLIFrameElement>('iframe[name="wordFrame"]');
      frame?.contentWindow?.postMessage(
        JSON.stringify({ MessageId: messageId, SendTime: Date.now(), Values: values }),
        window.location.origin,
      );
    },
    { messageId, values },
  );
}

/** The PostMessages the frame has sent to the host so far. */
export async function frameMessages(page: Page) {
  return page.evaluate(
    () =>
      (window as unknown as { __wopiMessages: { MessageId: string; Values: Record<string, unknown> }[] })
        .__wopiMessages,
  );
}
