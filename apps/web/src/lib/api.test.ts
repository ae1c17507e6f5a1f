import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch } from '../test/renderApp';
import { ApiRequestError, apiRequest, onUnauthorized, readXsrfToken } from './api';

afterEach(() => {
  vi.useRealTimers();
});

async function failure(promise: Promise<unknown>): Promise<ApiRequestError> {
  try {
    await promise;
  } catch (e) {
    if (e instanceof ApiRequestError) return e;
    throw e;
  }
  throw new Error('expected the request to fail');
}

describe('api client', () => {
  it('parses the error shape into status, code and message', async () => {
    mockFetch(jsonResponse({ error: { code: 'not_found', message: 'No such job' } }, 404));
    const error = await failure(apiRequest('/api/job/getjobdata'));
    expect([error.status, error.code, error.message]).toEqual([404, 'not_found', 'No such job']);
  });

  it('gives a code from the status when the answer is not the error shape', async () => {
    mockFetch(new Response('<html>bad gateway</html>', { status: 503, statusText: 'Service Unavailable' }));
    const error = await failure(apiRequest('/api/x'));
    expect([error.status, error.code]).toEqual([503, 'unavailable']);
  });

  it('sends the XSRF token on non-GET requests only', async () => {
    vi.spyOn(document, 'cookie', 'get').mockReturnValue('lang=en; XSRF-TOKEN=abc%3D123');
    expect(readXsrfToken()).toBe('abc=123');
    expect(readXsrfToken('other=1')).toBeUndefined();
    const fetch = mockFetch(jsonResponse({ ok: true }));
    await apiRequest('/api/thing', { method: 'POST', body: { a: 1 } });
    await apiRequest('/api/thing', { query: { a: 1, b: undefined } });
    const [, post] = fetch.mock.calls[0]!;
    const [getUrl, get] = fetch.mock.calls[1]!;
    const postHeaders = post?.headers as Record<string, string>;
    const getHeaders = get?.headers as Record<string, string>;
    expect(postHeaders['X-XSRF-TOKEN']).toBe('abc=123');
    expect(postHeaders['Content-Type']).toBe('application/json');
    expect(post?.body).toBe('{"a":1}');
    expect(getHeaders['X-XSRF-TOKEN']).toBeUndefined();
    expect(getUrl).toBe('/api/thing?a=1');
  });

  it('validates the answer with the schema it is given', async () => {
    mockFetch(jsonResponse({ n: 'not a number' }));
    const schema = {
      parse: (d: unknown) => {
        if (typeof (d as { n: unknown }).n !== 'number') throw new Error('bad');
        return d as { n: number };
      },
    };
    expect((await failure(apiRequest('/api/n', { schema }))).code).toBe('bad_response');
  });

  it('gives up after the timeout', async () => {
    vi.useFakeTimers();
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_: RequestInfo | URL, init?: RequestInit) =>
          new Promise<Response>((_resolve, reject) =>
            init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
          ),
      ),
    );
    const pending = failure(apiRequest('/api/slow', { timeoutMs: 60_000 }));
    await vi.advanceTimersByTimeAsync(60_000);
    const error = await pending;
    expect([error.status, error.code]).toEqual([0, 'timeout']);
  });

  it('reports a network failure', async () => {
    mockFetch(new TypeError('Failed to fetch'));
    expect((await failure(apiRequest('/api/x'))).code).toBe('network');
  });

  it('tells the 401 listeners about a 401 answer before failing, and only while registered', async () => {
    const seen: string[] = [];
    const stop = onUnauthorized((error, path) => seen.push(`${error.code} ${path}`));
    const broken = onUnauthorized(() => {
      throw new Error('listener bug');
    });
    mockFetch(
      jsonResponse({ error: { code: 'session_expired', message: 'expired' } }, 401),
      jsonResponse({ error: { code: 'forbidden', message: 'no' } }, 403),
    );
    expect((await failure(apiRequest('/api/heartbeat/Idle'))).code).toBe('session_expired');
    expect((await failure(apiRequest('/api/x'))).status).toBe(403);
    stop();
    broken();
    mockFetch(jsonResponse({ error: { code: 'unauthenticated', message: 'sign in' } }, 401));
    expect((await failure(apiRequest('/api/y'))).code).toBe('unauthenticated');
    expect(seen).toEqual(['session_expired /api/heartbeat/Idle']);
  });
});
