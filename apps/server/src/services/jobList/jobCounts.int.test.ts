import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs } from '../../db/schema/index.js';
import { databaseTargets } from '../../testing/databases.js';
import { buildJob, buildStructure } from '../../testing/factories.js';
import { createTestApp, type TestApp } from '../../testing/testContext.js';

/** What counting the jobs themselves answers, per facility (the queue rules of docs/domain.md). */
const COUNTED = sql`
  select corporate_structure_id as cs, client_facility_id as cf,
    count(*) filter (where on_manual_list and cleared_at is null)::int as pending,
    count(*) filter (where stage_id = 3)::int as hq,
    count(*) filter (where stage_id between 4 and 7)::int as failed,
    count(*)::int as "all"
  from jobs group by 1, 2 order by 1, 2`;
const KEPT = sql`
  select corporate_structure_id as cs, client_facility_id as cf, pending, hq, failed, "all"
  from job_counts where pending <> 0 or hq <> 0 or failed <> 0 or "all" <> 0 order by 1, 2`;

describe.each(databaseTargets())('the kept queue counts on $name', (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(target);
  });
  afterAll(async () => t?.close());

  const rows = async (query: ReturnType<typeof sql>) =>
    ((await t.ctx.database.db.execute(query)) as unknown as { rows: unknown[] }).rows;
  const expectInStep = async () => expect(await rows(KEPT)).toEqual(await rows(COUNTED));

  it('move with every insert, update and delete of jobs, one row or many at a time', async () => {
    const { structure, facilities } = await buildStructure(t.ctx, { name: 'Counts', facilities: 3 });
    const [f1, f2, f3] = facilities;
    const db = t.ctx.database.db;
    const ids: number[] = [];
    for (const [facility, values] of [
      [f1, { stageId: 3 }],
      [f1, { stageId: 9, onManualList: true }],
      [f2, { stageId: 5 }],
      [f2, { stageId: 13, onManualList: true, clearedAt: new Date() }],
      [f3, { stageId: 2 }],
    ] as const) {
      ids.push((await buildJob(t.ctx, facility!, values)).id);
    }
    await expectInStep();

    // Many rows in one statement.
    await db.insert(jobs).values(
      Array.from({ length: 40 }, (_, i) => ({
        dictationId: `bulk-${i}`,
        corporateStructureId: structure.id,
        serviceCentreId: f3!.serviceCentreId,
        clientFacilityId: [f1, f2, f3][i % 3]!.id,
        stageId: [2, 3, 4, 9][i % 4]!,
        onManualList: i % 4 === 3,
      })),
    );
    await expectInStep();

    // Queue moves: hold queue released, failed retried, pending cleared, a job moved between facilities.
    await db.update(jobs).set({ stageId: 11 }).where(eq(jobs.id, ids[0]!));
    await db.update(jobs).set({ stageId: 8 }).where(eq(jobs.id, ids[2]!));
    await db
      .update(jobs)
      .set({ clearedAt: new Date() })
      .where(and(eq(jobs.corporateStructureId, structure.id), eq(jobs.onManualList, true)));
    await db.update(jobs).set({ clientFacilityId: f1!.id }).where(eq(jobs.id, ids[4]!));
    // An update that changes no queue leaves the counts alone.
    await db.update(jobs).set({ jobNote: 'checked' }).where(eq(jobs.clientFacilityId, f2!.id));
    await expectInStep();

    // Whole transactions: a rolled-back change leaves no trace.
    await db
      .transaction(async (tx) => {
        await tx.update(jobs).set({ stageId: 3 }).where(eq(jobs.clientFacilityId, f3!.id));
        throw new Error('roll back');
      })
      .catch(() => undefined);
    await expectInStep();

    await db.delete(jobs).where(inArray(jobs.id, ids.slice(1, 3)));
    await expectInStep();
  });

  it('answer getcounts exactly as counting the jobs would', async () => {
    const { structure, facilities } = await buildStructure(t.ctx, { name: 'Calls', facilities: 2 });
    for (const stageId of [3, 3, 6, 9])
      await buildJob(t.ctx, facilities[0]!, { stageId, onManualList: stageId === 9 });
    const [row] = await rows(sql`
      select coalesce(sum(pending), 0)::int as pending, coalesce(sum(hq), 0)::int as hq,
        coalesce(sum(failed), 0)::int as failed, coalesce(sum("all"), 0)::int as "all"
      from job_counts where corporate_structure_id = ${structure.id}`);
    expect(row).toEqual({ pending: 1, hq: 2, failed: 1, all: 4 });
  });
});
