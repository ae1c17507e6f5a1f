import { Writable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { databaseTargets } from '../testing/databases.js';
import { createTestApp, type TestApp } from '../testing/testContext.js';

// The request log does not depend on the database: PGlite is enough.
const [pglite] = databaseTargets();

async function appLogging(level: string) {
  const lines: Record<string, unknown>[] = [];
  const sink = new Writable({
    write(chunk, _enc, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  const t = await createTestApp(pglite!, { LOG_LEVEL: level }, sink);
  return { t, lines };
}

describe('request log', () => {
  let t: TestApp | undefined;
  afterEach(async () => t?.close());

  it('writes no line per request at the default level (info)', async () => {
    const run = await appLogging('info');
    t = run.t;
    for (const url of ['/api/healthcheck/results', '/api/account/authenticated', '/api/no/such/call'])
      await t.app.inject({ method: 'GET', url });
    expect(run.lines.filter((l) => /request/.test(String(l.msg)))).toEqual([]);
  });

  it('writes one JSON line per request at debug, without the query string', async () => {
    const run = await appLogging('debug');
    t = run.t;
    await t.app.inject({ method: 'GET', url: '/api/jobs/Dictators?q=Smith&csid=1' });
    const done = run.lines.filter((l) => l.msg === 'request completed');
    expect(done).toHaveLength(1);
    expect(done[0]).toMatchObject({ method: 'GET', url: '/api/jobs/Dictators?…', statusCode: 401 });
    expect(JSON.stringify(run.lines)).not.toContain('Smith');
  });
});
