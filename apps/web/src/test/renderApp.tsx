import { createMemoryHistory } from '@tanstack/react-router';
import { render } from '@testing-library/react';
import { vi } from 'vitest';
import { App, createQueryClient } from '../app/App';

/** Renders the whole app (providers, router, toasts) at a path, in memory. */
export function renderApp(path: string) {
  const history = createMemoryHistory({ initialEntries: [path] });
  const queryClient = createQueryClient();
  const view = render(<App history={history} queryClient={queryClient} />);
  return { ...view, history, queryClient };
}

/** A JSON answer as fetch would return it. */
export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** Replaces global fetch with a mock answering the given responses in turn (the last one repeats). */
export function mockFetch(...answers: (Response | Error | (() => Response | Promise<Response>))[]) {
  let call = 0;
  const fn = vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) => {
    const answer = answers[Math.min(call, answers.length - 1)];
    call += 1;
    if (answer instanceof Error) throw answer;
    if (typeof answer === 'function') return answer();
    // A Response body can be read once; hand out a copy.
    return answer!.clone();
  });
  vi.stubGlobal('fetch', fn);
  return fn;
}
