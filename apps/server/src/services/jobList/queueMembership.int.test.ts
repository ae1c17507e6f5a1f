import { PERMISSIONS, STAGE_LIST, type StageQueue, stageIdsOf } from '@quill/core';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs } from '../../db/schema/index.js';
import { databaseTargets } from '../../testing/databases.js';
import { buildStructure, buildUser } from '../../testing/factories.js';
import { createTestApp, type TestApp } from '../../testing/testContext.js';
import type { Auth } from '../auth/auth.js';
import { TenantScope } from '../tenantScope/tenantScope.js';
import { getJobCounts } from './getJobCounts.js';
import { listJobs } from './listJobs.js';

/**
 * The stage catalogue (packages/core rules/jobList/stages.ts) is the one source of which stages each queue
 * holds. The list's SQL is generated from it; the triggers that keep job_counts (migration 0005)
 * spell it in SQL and cannot change without a migration — so moving a stage to another queue in the
 * catalogue alone fails here.
 */
const QUEUES: readonly StageQueue[] = ['hq', 'failed'];

/** Per stage id, whether the catalogue puts it in each stage-decided queue. */
function catalogueMembership(): Record<number, Record<StageQueue, number>> {
  return Object.fromEntries(
    STAGE_LIST.map((s) => [s.id, { hq: Number(s.queue === 'hq'), failed: Number(s.queue === 'failed') }]),
  );
}

describe.each(databaseTargets())('queue membership follows the stage catalogue on $name', (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(target);
  });
  afterAll(async () => t?.close());

  const rows = async (query: ReturnType<typeof sql>) =>
    ((await t.ctx.database.db.execute(query)) as unknown as { rows: Record<string, unknown>[] }).rows;

  it('in the job_counts triggers of migration 0005, on insert, update and delete', async () => {
    // One facility per stage, so each facility's counts say what the triggers made of its stage.
    const { structure, facilities } = await buildStructure(t.ctx, { facilities: STAGE_LIST.length });
    const stageOf = new Map(facilities.map((f, i) => [f.id, STAGE_LIST[i]!.id]));
    const kept = async () => {
      const found = await rows(sql`select client_facility_id as cf, hq, failed from job_counts
        where corporate_structure_id = ${structure.id}`);
      const zero = { hq: 0, failed: 0 };
      const byStage = Object.fromEntries(STAGE_LIST.map((s) => [s.id, { ...zero }]));
      for (const r of found)
        byStage[stageOf.get(Number(r.cf))!] = { hq: Number(r.hq), failed: Number(r.failed) };
      return byStage;
    };
    const none = Object.fromEntries(STAGE_LIST.map((s) => [s.id, { hq: 0, failed: 0 }]));
    const db = t.ctx.database.db;

    const inserted = await db
      .insert(jobs)
      .values(
        facilities.map((f) => ({
          dictationId: `queue-${f.id}`,
          corporateStructureId: structure.id,
          serviceCentreId: f.serviceCentreId,
          clientFacilityId: f.id,
          stageId: stageOf.get(f.id)!,
        })),
      )
      .returning({ id: jobs.id, cf: jobs.clientFacilityId });
    expect(await kept()).toEqual(catalogueMembership());

    const ids = inserted.map((j) => j.id);
    await db.update(jobs).set({ stageId: 1 }).where(inArray(jobs.id, ids));
    expect(await kept()).toEqual(none);
    for (const j of inserted)
      await db
        .update(jobs)
        .set({ stageId: stageOf.get(j.cf)! })
        .where(eq(jobs.id, j.id));
    expect(await kept()).toEqual(catalogueMembership());

    await db.delete(jobs).where(inArray(jobs.id, ids));
    expect(await kept()).toEqual(none);
  });

  it("in the SQL of each queue's list and in getcounts", async () => {
    const { structure, facilities } = await buildStructure(t.ctx, { facilities: 1 });
    const facility = facilities[0]!;
    const { user, accounts } = await buildUser(t.ctx, { accounts: [{ companyId: structure.id }] });
    const auth: Auth = {
      sessionHash: 'test',
      userId: user.id,
      username: user.username,
      accountId: accounts[0]!.id,
      memberType: 3,
      companyId: structure.id,
      permissions: new Set(PERMISSIONS),
      scope: TenantScope.of([structure.id]),
      display: { dateFormat: 'MM/DD/YYYY', timeFormat: 'HH:mm', locale: 'en-US' },
      idleExpiresAt: new Date(Date.now() + 60_000),
      absoluteExpiresAt: new Date(Date.now() + 60_000),
    };
    await t.ctx.database.db.insert(jobs).values(
      STAGE_LIST.map((s) => ({
        dictationId: `list-${s.id}`,
        corporateStructureId: structure.id,
        serviceCentreId: facility.serviceCentreId,
        clientFacilityId: facility.id,
        stageId: s.id,
      })),
    );
    const input = { corpId: structure.id, cfs: [facility.id] };
    const listed = async (filter: StageQueue | 'all') => {
      const answer = await listJobs(t.ctx, auth, { ...input, filter }, null);
      return (JSON.parse(String(answer.body)) as { stageId: number }[]).map((r) => r.stageId);
    };
    const binaryCount = async (filter: StageQueue) => {
      const body = (await listJobs(t.ctx, auth, { ...input, filter, format: 'binary' }, null)).body as Buffer;
      const header = JSON.parse(body.subarray(4, 4 + body.readUInt32BE(0)).toString('latin1'));
      return header.count as number;
    };

    for (const queue of QUEUES) {
      expect(await listed(queue)).toEqual(stageIdsOf(queue));
      expect(await binaryCount(queue)).toBe(stageIdsOf(queue).length);
    }
    expect(await listed('all')).toEqual(STAGE_LIST.map((s) => s.id));
    expect(await getJobCounts(t.ctx, auth, input)).toEqual({
      pending: 0,
      hq: stageIdsOf('hq').length,
      failed: stageIdsOf('failed').length,
      all: STAGE_LIST.length,
    });
  });
});
