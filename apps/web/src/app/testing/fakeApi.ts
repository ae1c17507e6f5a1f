import { vi } from 'vitest';

/** What one fake API route answers: a JSON body (200), a Response, or a function of the request. */
export type FakeAnswer =
  | unknown
  | Response
  | ((request: FakeRequest) => Response | Promise<Response> | unknown);

export interface FakeRequest {
  method: string;
  /** The path without its query, as called. */
  path: string;
  url: string;
  body: unknown;
}

/** A JSON answer with a status. */
export function answer(body: unknown, status = 200): Response {
  return new Response(body === undefined ? '' : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

/** The error shape of ARCHITECTURE §5. */
export function apiError(status: number, code: string, message = code): Response {
  return answer({ error: { code, message } }, status);
}

/**
 * Replaces fetch with a fake API: routes are keyed 'METHOD /path' (paths matched without the query
 * and in any letter case, like the server). Unknown routes answer 404. Every call is recorded.
 */
export function fakeApi(routes: Record<string, FakeAnswer>) {
  const table = new Map(Object.entries(routes).map(([key, value]) => [key.toLowerCase(), value]));
  const calls: FakeRequest[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const method = (init?.method ?? 'GET').toUpperCase();
    const path = url.split('?')[0] ?? url;
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    const request = { method, path, url, body };
    calls.push(request);
    const route = table.get(`${method} ${path}`.toLowerCase());
    if (route === undefined) return apiError(404, 'not_found', `No fake for ${method} ${path}`);
    const value = typeof route === 'function' ? await route(request) : route;
    return value instanceof Response ? value.clone() : answer(value);
  });
  vi.stubGlobal('fetch', fetch);
  return {
    fetch,
    calls,
    /** 'METHOD /path' of every call so far, in order. */
    called: () => calls.map((c) => `${c.method} ${c.path}`),
    set(key: string, value: FakeAnswer) {
      table.set(key.toLowerCase(), value);
    },
  };
}
