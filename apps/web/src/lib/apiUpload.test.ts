import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiRequestError, apiUpload, onUnauthorized } from './api';

/** A stand-in for the browser's XMLHttpRequest: answers `answer` when sent, after one progress event. */
class FakeXhr {
  static answer = { status: 200, text: '{"ok":true}' };
  static sent: FakeXhr[] = [];
  readonly headers: Record<string, string> = {};
  readonly upload = new EventTarget();
  private readonly events = new EventTarget();
  method = '';
  url = '';
  status = 0;
  statusText = '';
  responseText = '';
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  addEventListener(type: string, listener: () => void) {
    this.events.addEventListener(type, listener);
  }
  send() {
    FakeXhr.sent.push(this);
    this.upload.dispatchEvent(
      Object.assign(new Event('progress'), { lengthComputable: true, loaded: 5, total: 10 }),
    );
    this.status = FakeXhr.answer.status;
    this.responseText = FakeXhr.answer.text;
    this.events.dispatchEvent(new Event('load'));
  }
  abort() {
    this.events.dispatchEvent(new Event('abort'));
  }
}

const schema = { parse: (d: unknown) => d as { ok: boolean } };

afterEach(() => {
  vi.unstubAllGlobals();
  FakeXhr.sent = [];
});

describe('apiUpload', () => {
  it('posts the form with the CSRF header, reports progress and answers the parsed body', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    vi.spyOn(document, 'cookie', 'get').mockReturnValue('XSRF-TOKEN=t%3D1');
    FakeXhr.answer = { status: 200, text: '{"ok":true}' };
    const progress: number[] = [];
    await expect(
      apiUpload('/api/x', new FormData(), { schema, onProgress: (s) => progress.push(s) }),
    ).resolves.toEqual({
      ok: true,
    });
    expect(FakeXhr.sent[0]).toMatchObject({
      method: 'POST',
      url: '/api/x',
      headers: { 'X-XSRF-TOKEN': 't=1' },
    });
    expect(progress).toEqual([0.5]);
  });

  it("fails with the server's code and message, and reports a 401 so the app asks to sign in", async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    FakeXhr.answer = { status: 401, text: '{"error":{"code":"unauthorized","message":"Sign in again"}}' };
    const seen = vi.fn();
    const stop = onUnauthorized(seen);
    const error = await apiUpload('/api/x', new FormData(), { schema, onProgress: () => {} }).catch((e) => e);
    stop();
    expect(error).toBeInstanceOf(ApiRequestError);
    expect([error.status, error.code, error.message]).toEqual([401, 'unauthorized', 'Sign in again']);
    expect(seen).toHaveBeenCalledTimes(1);
  });

  it('answers cancelled when the signal was aborted before it started, and sends nothing', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const controller = new AbortController();
    controller.abort();
    const error = await apiUpload('/api/x', new FormData(), {
      schema,
      onProgress: () => {},
      signal: controller.signal,
    }).catch((e) => e);
    expect(error.code).toBe('aborted');
    expect(FakeXhr.sent).toHaveLength(0);
  });
});
