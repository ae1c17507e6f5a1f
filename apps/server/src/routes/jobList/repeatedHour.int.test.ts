import { decodeBinaryJobList, type JobListRow } from '@quill/core';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientFacilities } from '../../db/schema/index.js';
import { TestBrowser } from '../../testing/browser.js';
import { databaseTargets } from '../../testing/databases.js';
import { buildJob, buildStructure, buildUser } from '../../testing/factories.js';
import { createTestApp, type TestApp } from '../../testing/testContext.js';

/**
 * Issue 39 row 7: New York's clocks fall back on 2026-11-01, so 01:00–01:59 happens twice. Two
 * jobs dictated in that hour — 01:43 EDT (05:43Z), then 01:04 EST (06:04Z) — and one on an
 * ordinary day: the list (binary, what the browser reads), the Excel export and Job Search name the zone of
 * both repeated-hour times and of nothing else, so sorting by the instant no longer looks broken.
 */
describe.each(databaseTargets())('times in the repeated hour on $name', (target) => {
  let t: TestApp;
  let manager: TestBrowser;
  let csId: number;
  let cfId: number;
  const ids: Record<'edt' | 'est' | 'ordinary', number> = { edt: 0, est: 0, ordinary: 0 };
  const shown = { edt: '11/01/2026 01:43 EDT', est: '11/01/2026 01:04 EST', ordinary: '10/26/2026 10:47' };

  beforeAll(async () => {
    t = await createTestApp(target);
    const north = await buildStructure(t.ctx, { name: 'North', facilities: 1 });
    const facility = north.facilities[0]!;
    csId = north.structure.id;
    cfId = facility.id;
    await t.ctx.database.db
      .update(clientFacilities)
      .set({ timeZone: 'America/New_York' })
      .where(eq(clientFacilities.id, cfId));
    const at = { edt: '2026-11-01T05:43:00Z', est: '2026-11-01T06:04:00Z', ordinary: '2026-10-26T14:47:00Z' };
    for (const key of ['edt', 'est', 'ordinary'] as const) {
      const job = await buildJob(t.ctx, facility, { stageId: 13, dictatedAt: new Date(at[key]) });
      ids[key] = job.id;
    }
    const u = await buildUser(t.ctx, { username: 'clock', accounts: [{ companyId: csId }] });
    manager = new TestBrowser(t.app);
    await manager.signInAs('clock', u.password, u.accounts[0]!.id);
  }, 60_000);
  afterAll(async () => t?.close());

  it('names the zone of repeated-hour times in the list the browser reads, and sorts them by the instant', async () => {
    const res = await manager.get(`/api/jobs/alljobs?corpId=${csId}&cfs=${cfId}&format=binary`);
    expect(res.statusCode).toBe(200);
    const rows: JobListRow[] = decodeBinaryJobList(res.rawPayload);
    const text = (id: number) => rows.find((r) => r.jobId === id)?.formattedDictatedDate;
    expect(text(ids.edt)).toBe(shown.edt);
    expect(text(ids.est)).toBe(shown.est);
    expect(text(ids.ordinary)).toBe(shown.ordinary);
    // The instants the list sorts by: the EST reading is the later one.
    const utc = (id: number) => Date.parse(rows.find((r) => r.jobId === id)!.dictatedDate!);
    expect(utc(ids.est)).toBeGreaterThan(utc(ids.edt));
  });

  it('writes the zone of repeated-hour times in the Excel export', async () => {
    const res = await manager.get(`/api/file/JobList/${csId}/all?columns=filterJobId,formattedDictatedDate`);
    expect(res.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    const values = new Map(
      [...Array(sheet.actualRowCount).keys()].map((i) => {
        const v = sheet.getRow(i + 1).values as unknown[];
        return [v[1], v[2]];
      }),
    );
    expect(values.get(ids.edt)).toBe(shown.edt);
    expect(values.get(ids.est)).toBe(shown.est);
    expect(values.get(ids.ordinary)).toBe(shown.ordinary);
  });

  it('names the zone of repeated-hour times in Job Search too', async () => {
    const res = await manager.get(`/api/jobs/search?cs=${csId}&jobId=${ids.est}`);
    expect(res.statusCode).toBe(200);
    const rows = res.json().rows as JobListRow[];
    expect(rows.map((r) => r.formattedDictatedDate)).toEqual([shown.est]);
  });
});
