import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  decodeBinaryJobList,
  enUS,
  isPastStatTarget,
  type JobListRow,
  STAGE_LIST,
  STAGES,
  stageLabel,
  TAT_MILESTONES,
} from '@quill/core';
import { groupRows } from '@quill/core/rules/jobList/jobListGroup';
import { columnRanks, orderByRanks } from '@quill/core/rules/jobList/jobListSort';
import type { JobListLabels } from '@quill/core/rules/jobList/jobListValues';
import { eq, inArray, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationsFolder } from '../../db/client.js';
import { clientFacilities, jobs } from '../../db/schema/index.js';
import { databaseTargets } from '../../testing/databases.js';
import { buildJob, buildStructure, buildUser } from '../../testing/factories.js';
import { TestBrowser } from '../../testing/processes/browser.js';
import { createTestApp, type TestApp } from '../../testing/testContext.js';

const MINUTE = 60_000;

const labels: JobListLabels = {
  stat: enUS.jobList.stat,
  patientWithheld: '',
  mrnWithheld: '',
  stage: (id, name) => stageLabel(id, name),
  durationUnits: enUS.transcribe.tat.units,
};

/** The SQL of the last migration that (re)defines jobs_flow_times, in the journal's order. */
function flowTimesSql(): string {
  const journal = JSON.parse(readFileSync(join(migrationsFolder(), 'meta', '_journal.json'), 'utf8')) as {
    entries: { tag: string }[];
  };
  const defining = journal.entries
    .map((e) => readFileSync(join(migrationsFolder(), `${e.tag}.sql`), 'utf8'))
    .filter((text) => text.includes('FUNCTION jobs_flow_times()'));
  const text = defining.at(-1)!;
  return text.slice(text.indexOf('FUNCTION jobs_flow_times()'));
}

describe('the jobs_flow_times trigger’s stage sets are core’s TAT_MILESTONES', () => {
  const text = flowTimesSql();
  const ids = (list: string) => list.split(',').map((id) => Number(id.trim()));

  it('in the migration’s SQL', () => {
    expect(Number(/OLD\.stage_id = (\d+) AND NEW\.transcription_started_at IS NULL/.exec(text)?.[1])).toBe(
      TAT_MILESTONES.startedLeaving,
    );
    const finished = /NEW\.stage_id IN \(([\d, ]+)\) AND NEW\.finished_at IS NULL/.exec(text)?.[1];
    expect(ids(finished ?? '').sort((a, b) => a - b)).toEqual(
      [...TAT_MILESTONES.finishedAt].sort((a, b) => a - b),
    );
    expect(Number(/NEW\.stage_id = (\d+) AND NEW\.distributed_at IS NULL/.exec(text)?.[1])).toBe(
      TAT_MILESTONES.distributedAt,
    );
  });
});

describe.each(databaseTargets())('turnaround times in the job list on $name', (target) => {
  let t: TestApp;
  let manager: TestBrowser;
  let facility: Awaited<ReturnType<typeof buildStructure>>['facilities'][number];
  let csId: number;

  beforeAll(async () => {
    t = await createTestApp(target);
    const built = await buildStructure(t.ctx, { name: 'Tat', facilities: 1 });
    facility = built.facilities[0]!;
    csId = built.structure.id;
    const u = await buildUser(t.ctx, { username: 'tat', accounts: [{ companyId: csId }] });
    manager = new TestBrowser(t.app);
    await manager.signInAs('tat', u.password, u.accounts[0]!.id);
  });
  afterAll(async () => t?.close());

  const db = () => t.ctx.database.db;
  const query = () => `/api/jobs/alljobs?corpId=${csId}&cfs=${facility.id}`;
  const binaryRows = async () =>
    decodeBinaryJobList((await manager.get(`${query()}&format=binary`)).rawPayload);
  const jsonRows = async () => (await manager.get(query())).json() as JobListRow[];
  const times = async (ids: number[]) =>
    db()
      .select({
        id: jobs.id,
        started: jobs.transcriptionStartedAt,
        finished: jobs.finishedAt,
        distributed: jobs.distributedAt,
      })
      .from(jobs)
      .where(inArray(jobs.id, ids))
      .orderBy(jobs.id);

  it('stamps each milestone when a stage move first reaches it, as TAT_MILESTONES says', async () => {
    const targets = STAGE_LIST.filter((s) => s.id !== STAGES.dictated.id);
    const fromDictated = [];
    const fromTranscription = [];
    for (let i = 0; i < targets.length; i++) {
      fromDictated.push((await buildJob(t.ctx, facility, { stageId: STAGES.dictated.id })).id);
      fromTranscription.push((await buildJob(t.ctx, facility, { stageId: STAGES.transcription.id })).id);
    }
    for (const [i, s] of targets.entries()) {
      await db().update(jobs).set({ stageId: s.id }).where(eq(jobs.id, fromDictated[i]!));
      if (s.id !== STAGES.transcription.id)
        await db().update(jobs).set({ stageId: s.id }).where(eq(jobs.id, fromTranscription[i]!));
    }
    const finishedAt: readonly number[] = TAT_MILESTONES.finishedAt;
    const expected = (stageId: number, leftDictated: boolean) => ({
      started: leftDictated,
      finished: finishedAt.includes(stageId),
      distributed: stageId === TAT_MILESTONES.distributedAt,
    });
    const stamped = (rows: Awaited<ReturnType<typeof times>>) =>
      rows.map((r) => ({
        started: r.started !== null,
        finished: r.finished !== null,
        distributed: r.distributed !== null,
      }));
    expect(stamped(await times(fromDictated))).toEqual(targets.map((s) => expected(s.id, true)));
    expect(stamped(await times(fromTranscription))).toEqual(
      targets.map((s) => expected(s.id === STAGES.transcription.id ? 0 : s.id, false)),
    );

    // Stamped once: moving on again keeps the first time.
    const es = fromDictated[targets.findIndex((s) => s.id === STAGES.eSignature.id)]!;
    const [before] = await times([es]);
    await db().update(jobs).set({ stageId: STAGES.holdQueue.id }).where(eq(jobs.id, es));
    await db().update(jobs).set({ stageId: STAGES.finished.id }).where(eq(jobs.id, es));
    const [after] = await times([es]);
    expect(after!.finished).toEqual(before!.finished);
    expect(after!.started).toEqual(before!.started);
    expect(after!.distributed).not.toBeNull();
    await db()
      .delete(jobs)
      .where(inArray(jobs.id, [...fromDictated, ...fromTranscription]));
  });

  it('carries the minutes to the first text and to the finished text in the row once its stage moves', async () => {
    const job = await buildJob(t.ctx, facility, { stageId: STAGES.dictated.id, stat: 'U' });
    // Dictated 185½ minutes before the database's clock, which stamps the stage times.
    await db().execute(
      sql`update jobs set dictated_at = now() - interval '185 minutes 30 seconds' where id = ${job.id}`,
    );
    const rowOf = async () => (await binaryRows()).find((r) => r.jobId === job.id)!;
    expect(await rowOf()).toMatchObject({ tatFirstTextMinutes: null, tatFinishedMinutes: null });

    // The save that stores the first document stamps first_text_at (20¾ minutes after dictation).
    await db().execute(
      sql`update jobs set first_text_at = dictated_at + interval '20 minutes 45 seconds' where id = ${job.id}`,
    );
    await db().update(jobs).set({ stageId: STAGES.transcription.id }).where(eq(jobs.id, job.id));
    expect(await rowOf()).toMatchObject({ tatFirstTextMinutes: 20, tatFinishedMinutes: null });
    // Unfinished STAT, 185 minutes old, the facility's target 120 minutes: past it.
    expect(isPastStatTarget(await rowOf(), Date.now())).toBe(true);

    await db().update(jobs).set({ stageId: STAGES.eSignature.id }).where(eq(jobs.id, job.id));
    const finished = await rowOf();
    expect(finished).toMatchObject({
      tatFirstTextMinutes: 20,
      tatFinishedMinutes: 185,
      statTargetMinutes: 120,
    });
    // The JSON rows say the same.
    expect((await jsonRows()).find((r) => r.jobId === job.id)).toMatchObject({
      tatFirstTextMinutes: 20,
      tatFinishedMinutes: 185,
      statTargetMinutes: 120,
    });

    // Distributed later: the finished turnaround stays the first one.
    await db().update(jobs).set({ stageId: STAGES.finished.id }).where(eq(jobs.id, job.id));
    expect(await rowOf()).toMatchObject({ tatFinishedMinutes: 185 });

    // The facility's STAT target reaches the browser in the batch's header.
    await db()
      .update(clientFacilities)
      .set({ statTargetMinutes: 240 })
      .where(eq(clientFacilities.id, facility.id));
    const relaxed = await rowOf();
    expect(relaxed.statTargetMinutes).toBe(240);
    expect(isPastStatTarget(relaxed, Date.now())).toBe(false);
    await db()
      .update(clientFacilities)
      .set({ statTargetMinutes: 120 })
      .where(eq(clientFacilities.id, facility.id));
    await db().delete(jobs).where(eq(jobs.id, job.id));
  });

  it('sorts, groups and exports by the turnaround columns through the list API', async () => {
    const dictated = new Date('2026-10-05T14:00:00.000Z');
    const after = (minutes: number | null) =>
      minutes === null ? null : new Date(dictated.getTime() + minutes * MINUTE + 30_000);
    // [first text, finished] in minutes after dictation.
    const plan: [number | null, number | null][] = [
      [65, 3_010],
      [null, null],
      [5, 3_000],
      [600, 61],
      [65, null],
    ];
    const ids: number[] = [];
    for (const [firstText, finished] of plan)
      ids.push(
        (
          await buildJob(t.ctx, facility, {
            stageId: STAGES.finished.id,
            dictatedAt: dictated,
            firstTextAt: after(firstText),
            finishedAt: after(finished),
          })
        ).id,
      );
    const rows = (await binaryRows()).filter((r) => ids.includes(r.jobId));
    expect(rows.map((r) => [r.tatFirstTextMinutes, r.tatFinishedMinutes])).toEqual(plan);
    const sorted = (column: 'tatFirstText' | 'tatFinished', ascending: boolean) =>
      Array.from(
        orderByRanks(Uint32Array.from(rows.keys()), columnRanks(rows, column, labels), ascending),
        (i) => ids.indexOf(rows[i]!.jobId),
      );
    // By minutes, missing lowest; ties in load (job id) order.
    expect(sorted('tatFirstText', true)).toEqual([1, 2, 0, 4, 3]);
    expect(sorted('tatFirstText', false)).toEqual([3, 0, 4, 2, 1]);
    expect(sorted('tatFinished', true)).toEqual([1, 4, 3, 2, 0]);
    const grouped = groupRows(rows, 'tatFinished', labels, columnRanks(rows, 'tatFinished', labels));
    // 3,000 and 3,010 minutes both read 2d 2h.
    expect(grouped.keys).toEqual(['1h 01m', '2d 2h', 'no_group']);
    expect(Array.from(grouped.ofRow)).toEqual([1, 2, 1, 0, 2]);

    const res = await manager.get(
      `/api/file/JobList/${csId}/all?columns=filterJobId,tatFirstText,tatFinished`,
    );
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    expect((sheet.getRow(1).values as string[]).slice(1)).toEqual([
      'Job ID',
      'TAT to first text',
      'TAT to finished',
    ]);
    const exported = sheet.getRows(2, sheet.actualRowCount - 1)!.map((r) => (r.values as unknown[]).slice(1));
    expect(exported.filter((r) => ids.includes(r[0] as number))).toEqual([
      [ids[0], '1h 05m', '2d 2h'],
      [ids[1]],
      [ids[2], '5m', '2d 2h'],
      [ids[3], '10h 00m', '1h 01m'],
      [ids[4], '1h 05m'],
    ]);
    await db().delete(jobs).where(inArray(jobs.id, ids));
  });
});
