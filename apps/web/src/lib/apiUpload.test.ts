import { afterEach, describe, expect, it, vi } from 'vitest';
import { FakeXhr } from '../test/fakeXhr';
import { ApiRequestError, apiUpload, onUnauthorized } from './api';

const schema = { parse: (d: unknown) => d as { ok: boolean } };

afterEach(() => {
  vi.unstubAllGlobals();
  FakeXhr.sent = [];
});

describe('apiUpload', () => {
  it('posts the form with the CSRF header, reports progress and answers the parsed body', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    vi.spyOn(document, 'cookie', 'get').mockReturnValue('XSRF-TOKEN=t%3D1');
    const progress: number[] = [];
    const answer = apiUpload('/api/x', new FormData(), { schema, onProgress: (s) => progress.push(s) });
    const xhr = FakeXhr.sent[0]!;
    expect(xhr).toMatchObject({ method: 'POST', url: '/api/x', headers: { 'X-XSRF-TOKEN': 't=1' } });
    xhr.progress(0.5);
    xhr.reply(200, { ok: true });
    await expect(answer).resolves.toEqual({ ok: true });
    expect(progress).toEqual([0.5]);
  });

  it("fails with the server's code and message, and reports a 401 so the app asks to sign in", async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const seen = vi.fn();
    const stop = onUnauthorized(seen);
    const answer = apiUpload('/api/x', new FormData(), { schema, onProgress: () => {} }).catch((e) => e);
    FakeXhr.sent[0]!.reply(401, { error: { code: 'unauthorized', message: 'Sign in again' } });
    const error = await answer;
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
