import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiRequestError, apiFile, onUnauthorized } from './api';

afterEach(() => {
  vi.unstubAllGlobals();
});

function serve(response: Response) {
  const fetch = vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) => response);
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

describe('apiFile', () => {
  it('answers the bytes and the file name of Content-Disposition', async () => {
    const fetch = serve(
      new Response(new Uint8Array([37, 80, 68, 70]), {
        headers: { 'Content-Type': 'application/pdf', 'Content-Disposition': 'inline; filename="12.pdf"' },
      }),
    );
    const file = await apiFile('/api/file/Download/12.pdf', { query: { a: 1 } });
    expect(file.fileName).toBe('12.pdf');
    expect(file.blob.size).toBe(4);
    expect(String(fetch.mock.calls[0]![0])).toBe('/api/file/Download/12.pdf?a=1');
  });

  it('prefers the UTF-8 file name', async () => {
    serve(
      new Response('x', {
        headers: {
          'Content-Disposition': `attachment; filename="Jobs.zip"; filename*=UTF-8''Jobs%20%C3%A9.zip`,
        },
      }),
    );
    expect((await apiFile('/x')).fileName).toBe('Jobs é.zip');
  });

  it('fails with the server status, code and message, and reports 401s', async () => {
    serve(
      new Response(JSON.stringify({ error: { code: 'no_copies', message: 'No copies' } }), {
        status: 422,
        headers: { 'Content-Type': 'application/json' },
      }),
    );
    const failure = await apiFile('/x').catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(ApiRequestError);
    expect([(failure as ApiRequestError).status, (failure as ApiRequestError).message]).toEqual([
      422,
      'No copies',
    ]);

    const listener = vi.fn();
    const off = onUnauthorized(listener);
    serve(new Response('{}', { status: 401 }));
    await apiFile('/y').catch(() => undefined);
    off();
    expect(listener).toHaveBeenCalledOnce();
  });
});
