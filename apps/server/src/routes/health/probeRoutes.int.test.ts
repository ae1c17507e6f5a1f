import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseTargets } from '../../testing/databases.js';
import { createTestApp, type TestApp } from '../../testing/testContext.js';

describe.each(databaseTargets())('the load balancer probes on $name (issue 45)', (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(target);
  });
  afterAll(async () => t?.close());

  it('/livez answers at once, signed in or not', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/livez' });
    expect([res.statusCode, res.body]).toEqual([200, 'ok']);
  });

  it('/readyz is ready on a current schema, and 503 with the reason when a migration is missing', async () => {
    const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect([ready.statusCode, ready.json()]).toEqual([200, { status: 'ready' }]);

    const { rows } = await t.ctx.database.executeSql(
      'delete from drizzle.__drizzle_migrations where id = (select max(id) from drizzle.__drizzle_migrations) returning hash, created_at',
      [],
    );
    try {
      const behind = await t.app.inject({ method: 'GET', url: '/readyz' });
      expect(behind.statusCode).toBe(503);
      expect(behind.json()).toEqual({
        status: 'not ready',
        reason: expect.stringMatching(/^Not applied: 00\d\d_/),
      });
    } finally {
      await t.ctx.database.executeSql(
        'insert into drizzle.__drizzle_migrations (hash, created_at) values ($1, $2)',
        [rows[0]!.hash, rows[0]!.created_at],
      );
    }
  });
});
