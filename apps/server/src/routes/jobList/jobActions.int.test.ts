import { PERMISSIONS } from '@quill/core';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, jobs, printEvents } from '../../db/schema/index.js';
import { databaseTargets } from '../../testing/databases.js';
import { buildJob, buildStructure, buildUser } from '../../testing/factories.js';
import { TestBrowser } from '../../testing/processes/browser.js';
import { createTestApp, type TestApp } from '../../testing/testContext.js';

describe.each(databaseTargets())('mark printed and clear on $name', (target) => {
  let t: TestApp;
  let manager: TestBrowser;
  let noClear: TestBrowser;
  let textOnly: TestBrowser;
  let dictator: TestBrowser;
  const ids: Record<string, number> = {};
  const clearedBefore = new Date('2026-01-02T03:04:05Z');

  beforeAll(async () => {
    t = await createTestApp(target);
    const north = await buildStructure(t.ctx, { name: 'North' });
    const south = await buildStructure(t.ctx, { name: 'South' });
    const f = north.facilities[0]!;
    ids.finished = (await buildJob(t.ctx, f, { stageId: 13, onManualList: true })).id;
    ids.finished2 = (await buildJob(t.ctx, f, { stageId: 13, onManualList: true })).id;
    ids.pending = (await buildJob(t.ctx, f, { stageId: 9, onManualList: true })).id;
    ids.failed = (await buildJob(t.ctx, f, { stageId: 5, onManualList: true })).id;
    ids.es = (await buildJob(t.ctx, f, { stageId: 11, onManualList: true })).id;
    ids.offList = (await buildJob(t.ctx, f, { stageId: 13, onManualList: false })).id;
    ids.cleared = (
      await buildJob(t.ctx, f, { stageId: 13, onManualList: true, clearedAt: clearedBefore })
    ).id;
    ids.south = (await buildJob(t.ctx, south.facilities[0]!, { stageId: 13, onManualList: true })).id;
    const cs = north.structure.id;
    const as = async (username: string, permissions: readonly string[]) => {
      const u = await buildUser(t.ctx, { username, accounts: [{ companyId: cs, permissions }] });
      const b = new TestBrowser(t.app);
      await b.signInAs(username, u.password, u.accounts[0]!.id);
      return b;
    };
    manager = await as('actmgr', PERMISSIONS);
    noClear = await as(
      'actnoclear',
      PERMISSIONS.filter((p) => p !== 'distributionJobActionsQueue'),
    );
    textOnly = await as('acttext', ['jobViewText']);
    // The demo dictator's permissions (apps/server/src/demo/people.ts): view only.
    dictator = await as('actdictator', ['jobView', 'jobViewDetails', 'jobViewText', 'adtView']);
  }, 60_000);
  afterAll(async () => t?.close());

  const clearedAt = async (id: number) =>
    (await t.ctx.database.db.select({ c: jobs.clearedAt }).from(jobs).where(eq(jobs.id, id)))[0]!.c;

  it('records a print event and an audit row per job', async () => {
    const res = await manager.post('/api/jobs/printed', {
      jobIds: [ids.finished, ids.pending, ids.finished],
      copiesType: 3,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ recorded: 2 });
    const events = await t.ctx.database.db
      .select()
      .from(printEvents)
      .where(inArray(printEvents.jobId, [ids.finished!, ids.pending!]));
    expect(events.map((e) => [e.jobId, e.copiesType]).sort()).toEqual(
      [
        [ids.finished, 3],
        [ids.pending, 3],
      ].sort(),
    );
    const audits = await t.ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'job.printed'), eq(auditLog.jobId, ids.pending!)));
    expect(audits).toHaveLength(1);
    expect(audits[0]!.detail).toEqual({ copiesType: 3 });
  });

  it('refuses bad printed calls and records nothing', async () => {
    const count = async () => (await t.ctx.database.db.select().from(printEvents)).length;
    const before = await count();
    const other = await manager.post('/api/jobs/printed', { jobIds: [ids.es, ids.south], copiesType: 0 });
    expect(other.statusCode).toBe(404);
    expect(other.json().error.message).toBe(`Job ${ids.south} was not found.`);
    expect((await manager.post('/api/jobs/printed', { jobIds: [ids.es], copiesType: 4 })).statusCode).toBe(
      400,
    );
    expect((await manager.post('/api/jobs/printed', { jobIds: [], copiesType: 0 })).statusCode).toBe(400);
    expect((await manager.post('/api/jobs/printed', { jobIds: ['x'], copiesType: 0 })).statusCode).toBe(400);
    expect((await manager.post('/api/jobs/printed', { jobIds: [ids.es] })).statusCode).toBe(400);
    const noXsrf = await manager.post(
      '/api/jobs/printed',
      { jobIds: [ids.es], copiesType: 0 },
      { xsrf: false },
    );
    expect(noXsrf.statusCode).toBe(403);
    const denied = await textOnly.post('/api/jobs/printed', { jobIds: [ids.es], copiesType: 0 });
    expect(denied.statusCode).toBe(403);
    expect(denied.json().error.message).toBe('You do not have permission to mark jobs as printed.');
    expect(await count()).toBe(before);
  });

  it('marks nothing printed without jobViewText and distributionJobActionsQueue (the view-only dictator)', async () => {
    const count = async () => (await t.ctx.database.db.select().from(printEvents)).length;
    const before = await count();
    for (const b of [dictator, noClear, textOnly]) {
      const res = await b.post('/api/jobs/printed', { jobIds: [ids.finished], copiesType: 0 });
      expect(res.statusCode).toBe(403);
      expect(res.json().error).toEqual({
        code: 'forbidden',
        message: 'You do not have permission to mark jobs as printed.',
      });
    }
    expect(await count()).toBe(before);
    const dictatorClear = await dictator.post('/api/jobs/completejobs', [ids.finished]);
    expect(dictatorClear.statusCode).toBe(403);
    expect(await clearedAt(ids.finished!)).toBeNull();
  });

  it('clears nothing without distributionJobActionsQueue, with the spec’s message', async () => {
    const res = await noClear.post('/api/jobs/completejobs', [ids.finished]);
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toBe(
      'You do not have permission to clear manually distributed jobs from the list',
    );
    expect(await clearedAt(ids.finished!)).toBeNull();
  });

  it('answers 404 for another tenant’s job and clears none of the others', async () => {
    const res = await manager.post('/api/jobs/completejobs', [ids.finished, ids.south]);
    expect(res.statusCode).toBe(404);
    expect(await clearedAt(ids.finished!)).toBeNull();
    expect(await clearedAt(ids.south!)).toBeNull();
  });

  it('validates the body: a non-empty list of job ids', async () => {
    for (const body of [[], { jobIds: [ids.finished] }, ['a'], [0], [1.5]]) {
      const res = await manager.post('/api/jobs/completejobs', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect(await clearedAt(ids.finished!)).toBeNull();
  });

  it('clears Finished jobs on the manual list and names the stage of every other job', async () => {
    const res = await manager.post('/api/jobs/completejobs', [
      ids.finished,
      ids.pending,
      ids.failed,
      ids.es,
      ids.offList,
      ids.cleared,
      ids.finished2,
    ]);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      cleared: [ids.finished, ids.cleared, ids.finished2],
      notCleared: [
        { jobId: ids.pending, stageName: 'Pending Distribution' },
        { jobId: ids.failed, stageName: 'Failed Distribution' },
        { jobId: ids.es, stageName: 'ESign' },
        { jobId: ids.offList, stageName: 'Finished' },
      ],
    });
    expect(await clearedAt(ids.finished!)).toBeInstanceOf(Date);
    expect(await clearedAt(ids.finished2!)).toBeInstanceOf(Date);
    expect((await clearedAt(ids.cleared!))!.toISOString()).toBe(clearedBefore.toISOString());
    for (const id of [ids.pending, ids.failed, ids.es, ids.offList]) expect(await clearedAt(id!)).toBeNull();
    const audits = await t.ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'job.clear'), inArray(auditLog.jobId, [ids.finished!, ids.pending!])));
    expect(audits.map((a) => [a.jobId, a.outcome]).sort()).toEqual(
      [
        [ids.finished, 'success'],
        [ids.pending, 'failure'],
      ].sort(),
    );
  });

  it('takes the cleared jobs off the pending queue', async () => {
    const cs = (await manager.get('/api/jobs/getusercs')).json()[0].id;
    const cfs = (await manager.get(`/api/settings/cfs/${cs}`)).json();
    const rows = (
      await manager.get(`/api/jobs/dist?status=PENDING&corpId=${cs}&cfs=${cfs.join(',')}`)
    ).json();
    const listed = rows.map((r: { jobId: number }) => r.jobId);
    expect(listed).not.toContain(ids.finished);
    expect(listed).toContain(ids.pending);
  });
});
