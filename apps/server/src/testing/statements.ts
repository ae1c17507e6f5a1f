import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { vi } from 'vitest';

function text(q: unknown): string {
  if (typeof q === 'string') return q;
  return (q as { text?: unknown } | null)?.text?.toString() ?? '';
}

/**
 * Records the text of every statement sent to either database while `run` runs, at the drivers
 * (pg's Client.query, PGlite's query and exec), below Drizzle and whatever else would send one.
 */
export async function statementsDuring(run: () => Promise<unknown>): Promise<string[]> {
  const spies = [
    vi.spyOn(pg.Client.prototype, 'query'),
    vi.spyOn(PGlite.prototype, 'query'),
    vi.spyOn(PGlite.prototype, 'exec'),
  ];
  try {
    await run();
    return spies.flatMap((spy) => spy.mock.calls.map((call) => text(call[0])));
  } finally {
    for (const spy of spies) spy.mockRestore();
  }
}

/** The statements of `run` that read or write the sessions table. */
export async function sessionStatementsDuring(run: () => Promise<unknown>): Promise<string[]> {
  return (await statementsDuring(run)).filter((s) => /"sessions"|\bsessions\b/.test(s));
}
