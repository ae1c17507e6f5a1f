import { readdir } from 'node:fs/promises';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { MEMBER_TYPES, message } from '@quill/core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { workerHeartbeats } from '../../db/schema/index.js';
import { startWorker, type Worker } from '../../tasks/worker.js';
import { databaseTargets } from '../../testing/databases.js';
import { buildStructure, buildUser } from '../../testing/factories.js';
import { TestBrowser } from '../../testing/processes/browser.js';
import { createTestApp, type TestApp } from '../../testing/testContext.js';
import { sealAuditTrail } from '../audit/sealAuditTrail.js';

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
  let manager: TestBrowser;
  beforeAll(async () => {
    t = await createTestApp(target, { WORKER_HEARTBEAT_SECONDS: '1' });
    const north = await buildStructure(t.ctx, { name: 'North' });
    const m = await buildUser(t.ctx, {
      username: 'manager',
      accounts: [{ companyId: north.structure.id, memberType: MEMBER_TYPES.manager }],
    });
    manager = new TestBrowser(t.app);
    await manager.signInAs('manager', m.password, m.accounts[0]!.id);
  });
  afterAll(async () => {
    await worker?.stop();
    await t?.close();
  });

  /** The answer a signed-in manager gets: every check's detail. */
  const results = async () => {
    const res = await manager.get('/api/healthcheck/results');
    expect(res.statusCode).toBe(200);
    return res.json() as { results: { name: string; result: boolean; required: boolean; detail: string }[] };
  };
  const check = async (name: string) => (await results()).results.find((r) => r.name === name)!;

  it('fails the task-worker check while no worker has run a heartbeat task', async () => {
    const worker = await check('Task worker');
    expect(worker).toMatchObject({ result: false, required: true });
    expect(worker.detail).toBe('No worker has reported a heartbeat yet');
  });

  it('passes every required check from the first answer after the worker starts', async () => {
    worker = await startWorker(t.ctx);
    // Asked at once (issue 23): no waiting for the first heartbeat task to be picked up.
    const body = await results();
    const required = body.results.filter((r) => r.required);
    expect(required.map((r) => r.name)).toEqual([
      'Database',
      'Database migrations',
      'Blob store',
      'Task worker',
      'Audit trail sealing',
    ]);
    for (const r of required) expect(r, r.name).toMatchObject({ result: true });
    expect(body.results.filter((r) => !r.required).map((r) => r.name)).toEqual([
      'ffmpeg',
      'LibreOffice',
      'pdftotext',
      'Speech recognition',
    ]);
    expect(body.results.find((r) => r.name === 'Task worker')!.detail).toMatch(
      /^Last heartbeat \d+ s ago from /,
    );
  });

  it('reports a missing speech recognizer as optional, with the packages to install (issue 27)', async () => {
    const found = await check('Speech recognition');
    expect(found.required).toBe(false);
    if (found.result) expect(found.detail).toMatch(/^pocketsphinx found at \//);
    const saved = process.env.PATH;
    process.env.PATH = '/nonexistent';
    try {
      const body = await results();
      expect(body.results.find((r) => r.name === 'Speech recognition')).toEqual({
        name: 'Speech recognition',
        result: false,
        required: false,
        detail: message('transcribe.asr.pocketsphinxMissing'),
      });
      for (const r of body.results.filter((r) => r.required))
        expect(r, r.name).toMatchObject({ result: true });
    } finally {
      process.env.PATH = saved;
    }
  });

  it('heartbeats through the task queue too, not only at the start', async () => {
    const first = await t.ctx.database.db.select().from(workerHeartbeats);
    await waitFor(async () => {
      const rows = await t.ctx.database.db.select().from(workerHeartbeats);
      return rows[0]!.beatAt.getTime() > first[0]!.beatAt.getTime() ? rows : undefined;
    });
  });

  it('tells anyone not a signed-in manager pass or fail only, and writes nothing for them', async () => {
    const blobFiles = async () =>
      (await readdir(join(t.dataDir, 'blobs'), { recursive: true }).catch(() => [])).sort();
    const before = await blobFiles();
    const rows = async () =>
      (
        await t.ctx.database.executeSql(
          'select (select count(*) from audit_log) + (select count(*) from sessions) as n',
          [],
        )
      ).rows[0]!.n;
    const rowsBefore = await rows();
    const spy = vi.spyOn(t.ctx.blobs, 'put');
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/healthcheck/results' });
    expect(anonymous.statusCode).toBe(200);
    const body = anonymous.json();
    expect(body.machineName).toBeUndefined();
    expect(anonymous.body).not.toContain(hostname());
    expect(anonymous.body).not.toContain(String(process.pid));
    for (const r of body.results)
      expect(['Passed', 'Failed; a signed-in manager sees why', 'Not available']).toContain(r.detail);
    expect(
      body.results
        .filter((r: { required: boolean }) => r.required)
        .every((r: { result: boolean }) => r.result),
    ).toBe(true);
    expect(spy).not.toHaveBeenCalled();
    expect(await blobFiles()).toEqual(before);
    expect(await rows()).toEqual(rowsBefore);
    // A manager's check writes its probe file (and removes it).
    await manager.get('/api/healthcheck/results');
    expect(spy).toHaveBeenCalledTimes(1);
    spy.mockRestore();
  });

  it('answers the application name, machine name and build to a manager', async () => {
    const res = await manager.get('/api/healthcheck/results');
    const body = res.json();
    expect(body.applicationName).toBe('Quill');
    expect(body.machineName).toBeTruthy();
    expect(body.version).toMatch(/^\d+\.\d+\.\d+/);
  });

  it('fails the sealing check once an audit row has waited over five minutes to be sealed (issue 41)', async () => {
    await t.ctx.database.executeSql(
      `insert into audit_log (action, outcome, at) values ('job.view.read', 'success', now() - interval '6 minutes')`,
      [],
    );
    const lagging = await check('Audit trail sealing');
    expect(lagging).toMatchObject({ result: false, required: true });
    expect(lagging.detail).toMatch(
      /^Audit rows waiting to be sealed: \d+, the oldest for 6 min\. A transaction /,
    );
    await sealAuditTrail(t.ctx);
    const sealed = await check('Audit trail sealing');
    expect(sealed.result).toBe(true);
    expect(sealed.detail).toMatch(
      /^(Every audit row is sealed|Audit rows waiting to be sealed: \d+, the oldest for \d s$)/,
    );
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
