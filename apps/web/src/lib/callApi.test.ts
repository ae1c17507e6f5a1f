import { endpoint } from '@quill/core/contract/endpoint';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { callApi, urlFor } from './api';

const SAVE = endpoint({
  method: 'POST',
  path: '/api/thing/{id}/save',
  tags: ['test'],
  params: z.object({ id: z.number() }),
  query: z.object({ mode: z.string().optional() }),
  body: z.object({ text: z.string(), version: z.number() }),
  answer: z.object({ saved: z.boolean() }),
});

afterEach(() => vi.unstubAllGlobals());

describe('callApi', () => {
  it('sends the method, the path with its parameters, the query and the JSON body of the endpoint', async () => {
    const fetchMock = vi.fn(async () => new Response(JSON.stringify({ saved: true }), { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    const answer = await callApi(SAVE, {
      params: { id: 7 },
      query: { mode: 'a b' },
      body: { text: 'x', version: 2 },
    });
    expect(answer).toEqual({ saved: true });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/thing/7/save?mode=a%20b');
    expect(init.method).toBe('POST');
    expect(JSON.parse(String(init.body))).toEqual({ text: 'x', version: 2 });
  });

  it('refuses an answer that does not match the endpoint’s answer schema', async () => {
    vi.stubGlobal('fetch', async () => new Response(JSON.stringify({ saved: 'yes' }), { status: 200 }));
    await expect(
      callApi(SAVE, { params: { id: 7 }, query: {}, body: { text: 'x', version: 2 } }),
    ).rejects.toMatchObject({ code: 'bad_response' });
  });

  it('is typed by the table: a wrong body, a missing parameter or an unknown field fail the type check', () => {
    const calls = () => {
      // @ts-expect-error version must be a number
      void callApi(SAVE, { params: { id: 7 }, query: {}, body: { text: 'x', version: '2' } });
      // @ts-expect-error the path parameter id is required
      void callApi(SAVE, { query: {}, body: { text: 'x', version: 2 } });
      // @ts-expect-error text is missing from the body
      void callApi(SAVE, { params: { id: 7 }, query: {}, body: { version: 2 } });
    };
    expect(typeof calls).toBe('function');
    expect(urlFor(SAVE, { params: { id: 12 }, query: { mode: undefined } })).toBe('/api/thing/12/save');
  });
});
