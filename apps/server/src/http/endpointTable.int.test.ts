import { allEndpoints, isCallPath, routePattern } from '@quill/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseTargets } from '../testing/databases.js';
import { createTestApp, type TestApp } from '../testing/testContext.js';

const pglite = databaseTargets()[0]!;

/** ARCHITECTURE §5: the server serves exactly the calls of the endpoint table, as the table writes them. */
describe('the endpoint table and the server', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(pglite);
  });
  afterAll(async () => t?.close());

  it('serves every endpoint of the table at its method and path (in either spelling the spec writes)', () => {
    const missing = allEndpoints().filter(
      (e) => !t.app.hasRoute({ method: e.method, url: routePattern(e.path) }),
    );
    expect(missing.map((e) => `${e.method} ${e.path}`)).toEqual([]);
  });

  it('has no API route of its own: the OpenAPI document lists exactly the table’s visible calls', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/openapi.json' })).json();
    const listed = Object.entries(doc.paths as Record<string, Record<string, unknown>>)
      .filter(([path]) => isCallPath(path))
      .flatMap(([path, methods]) => Object.keys(methods).map((m) => `${m.toUpperCase()} ${path}`))
      .filter((call) => !call.startsWith('HEAD '));
    const table = allEndpoints()
      .filter((e) => !e.hidden && !e.spellingOf)
      .map((e) => `${e.method} ${e.path}`);
    expect(listed.sort()).toEqual(table.sort());
  });

  it('writes no path twice (the routes match case-insensitively)', () => {
    const keys = allEndpoints()
      .filter((e) => !e.spellingOf)
      .map((e) => `${e.method} ${e.path.toLowerCase()}`);
    expect(keys.length).toBe(new Set(keys).size);
  });

  it('has another spelling only of a path it serves, differing in case alone', () => {
    const served = new Set(allEndpoints().map((e) => `${e.method} ${e.path}`));
    for (const e of allEndpoints().filter((one) => one.spellingOf)) {
      expect(served.has(`${e.method} ${e.spellingOf}`)).toBe(true);
      expect(e.path.toLowerCase()).toBe(e.spellingOf?.toLowerCase());
    }
  });
});
