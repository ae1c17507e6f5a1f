import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { workerHeartbeats } from '../../db/schema/index.js';
import { startWorker, type Worker } from '../../tasks/worker.js';
import { databaseTargets } from '../../testing/databases.js';
import { createTestApp, type TestApp } from '../../testing/testContext.js';

async function waitFor<T>(probe: () => Promise<T | undefined>, ms = 15_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe.each(databaseTargets())('health check on $name', (target) => {
  let t: TestApp;
  let worker: Worker | null = null;
  beforeAll(async () => {
    t = await createTestApp(target);
  });
  afterAll(async () => {
    await worker?.stop();
    await t?.close();
  });

  const results = async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/healthcheck/results' });
    expect(res.statusCode).toBe(200);
    return res.json() as { results: { name: string; result: boolean; required: boolean; detail: string }[] };
  };
  const check = async (name: string) => (await results()).results.find((r) => r.name === name)!;

  it('fails the task-worker check while no worker has run a heartbeat task', async () => {
    const worker = await check('Task worker');
    expect(worker).toMatchObject({ result: false, required: true });
    expect(worker.detail).toBe('No worker has reported a heartbeat yet');
  });

  it('passes every required check once the worker runs, end to end through the task queue', async () => {
    worker = await startWorker(t.ctx);
    await waitFor(async () => {
      const rows = await t.ctx.database.db.select().from(workerHeartbeats);
      return rows.length > 0 ? rows : undefined;
    });
    const body = await results();
    const required = body.results.filter((r) => r.required);
    expect(required.map((r) => r.name)).toEqual([
      'Database',
      'Database migrations',
      'Blob store',
      'Task worker',
    ]);
    for (const r of required) expect(r, r.name).toMatchObject({ result: true });
    expect(body.results.filter((r) => !r.required).map((r) => r.name)).toEqual([
      'ffmpeg',
      'LibreOffice',
      'pdftotext',
    ]);
  });

  it('answers the application name, machine name and build', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/healthcheck/results' });
    const body = res.json();
    expect(body.applicationName).toBe('Quill');
    expect(body.machineName).toBeTruthy();
    expect(body.version).toMatch(/^\d+\.\d+\.\d+/);
  });

  it('fails the task-worker check when the newest heartbeat is over a minute old', async () => {
    await worker?.stop();
    worker = null;
    await t.ctx.database.db.update(workerHeartbeats).set({ beatAt: new Date(Date.now() - 61_000) });
    const stale = await check('Task worker');
    expect(stale.result).toBe(false);
    expect(stale.detail).toMatch(/^Last heartbeat 6\d s ago from /);
  });

  it('fails the migrations check when the database lacks a committed migration', async () => {
    await t.ctx.database.executeSql('delete from drizzle.__drizzle_migrations', []);
    const m = await check('Database migrations');
    expect(m.result).toBe(false);
    expect(m.detail).toMatch(/^Not applied: 0000_init/);
  });
});
