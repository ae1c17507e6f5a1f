import { decodeBinaryJobList, enUS, type JobListRow, stageLabel } from '@quill/core';
import { facilityBatches } from '@quill/core/rules/jobList/jobListBatches';
import { screenOrder } from '@quill/core/rules/jobList/jobListScreen';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, workTypes } from '../../db/schema/index.js';
import { databaseTargets } from '../../testing/databases.js';
import { buildJob, buildPatient, buildStructure, buildUser } from '../../testing/factories.js';
import { TestBrowser } from '../../testing/processes/browser.js';
import { createTestApp, type TestApp } from '../../testing/testContext.js';

/** The rows of an exported workbook (below the headings), each as its cells' values. */
async function sheetRows(payload: unknown): Promise<{ headings: unknown[]; rows: unknown[][] }> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(payload as ArrayBuffer);
  const sheet = book.worksheets[0]!;
  const all: unknown[][] = [];
  sheet.eachRow((row) => {
    all.push((row.values as unknown[]).slice(1));
  });
  return { headings: all[0] ?? [], rows: all.slice(1) };
}

/**
 * Issue 39 row 9: the job list's Excel export holds exactly the rows on screen — the applied
 * search (read in the visible columns), the sort, the grouping and the visible columns — in screen
 * order, by the same rules the browser applies (core rules/jobList/jobListScreen).
 */
describe.each(databaseTargets())('job list export that follows the screen on $name', (target) => {
  let t: TestApp;
  let csId: number;
  let facilities: number[];
  let manager: TestBrowser;
  const hoffman: number[] = [];

  beforeAll(async () => {
    t = await createTestApp(target);
    // Six facilities: the list loads them in two batches (the default jobListDataBatchSize, 4).
    const north = await buildStructure(t.ctx, { name: 'North', facilities: 6 });
    csId = north.structure.id;
    facilities = north.facilities.map((f) => f.id);
    const insertWorkType = async (name: string, number: number) =>
      (
        await t.ctx.database.db
          .insert(workTypes)
          .values({ corporateStructureId: csId, clientFacilityId: facilities[0]!, name, number })
          .returning()
      )[0]!;
    const consult = await insertWorkType('Consultation', 21);
    const discharge = await insertWorkType('Discharge Summary', 22);
    const hoff = await buildPatient(t.ctx, csId, { first: 'Greta', last: 'Hoffman' });
    const hoffmann = await buildPatient(t.ctx, csId, { first: 'Otto', last: 'Hoffmann' });
    const other = await buildPatient(t.ctx, csId, { first: 'Ada', last: 'Lovelace' });
    const at = (day: number, hour: number) => new Date(Date.UTC(2026, 9, day, hour, 0));
    const jobsToBuild = [
      { f: 5, patient: hoff, wt: consult, at: at(3, 14) },
      { f: 0, patient: other, wt: consult, at: at(4, 9) },
      { f: 1, patient: hoffmann, wt: discharge, at: at(5, 16) },
      { f: 4, patient: hoff, wt: discharge, at: at(1, 10) },
      { f: 2, patient: other, wt: discharge, at: at(6, 11) },
      { f: 0, patient: hoff, wt: consult, at: at(7, 8) },
      { f: 3, patient: hoffmann, wt: consult, at: at(2, 12) },
      { f: 5, patient: other, wt: consult, at: at(8, 13) },
    ];
    for (const j of jobsToBuild) {
      const job = await buildJob(t.ctx, north.facilities[j.f]!, {
        stageId: 13,
        patientId: j.patient.id,
        workTypeId: j.wt.id,
        dictatedAt: j.at,
      });
      if (j.patient !== other) hoffman.push(job.id);
    }
    const m = await buildUser(t.ctx, { username: 'exporter', accounts: [{ companyId: csId }] });
    manager = new TestBrowser(t.app);
    await manager.signInAs('exporter', m.password, m.accounts[0]!.id);
  });
  afterAll(async () => t?.close());

  /** The queue's rows as the browser loads them: in batches of facilities, the binary format. */
  async function browserRows(): Promise<JobListRow[]> {
    const rows: JobListRow[] = [];
    for (const batch of facilityBatches(facilities, 4)) {
      const res = await manager.get(`/api/jobs/alljobs?corpId=${csId}&cfs=${batch.join(',')}&format=binary`);
      expect(res.statusCode).toBe(200);
      rows.push(...decodeBinaryJobList(res.rawPayload));
    }
    return rows;
  }

  const labels = {
    stat: enUS.jobList.stat,
    patientWithheld: '',
    mrnWithheld: '',
    stage: stageLabel,
    durationUnits: enUS.transcribe.tat.units,
  };

  it('holds only the searched rows, in the sort on screen, with only the visible columns', async () => {
    const columns = 'filterJobId,patientName,formattedDictatedDate';
    const res = await manager.get(
      `/api/file/JobList/${csId}/all?search=%20HOFFMAN&sort=formattedDictatedDate&order=desc&columns=${columns}`,
    );
    expect(res.statusCode).toBe(200);
    const { headings, rows } = await sheetRows(res.rawPayload);
    expect(headings).toEqual(['Job ID', 'Patient Name', 'Dictated']);
    // "Hoffman" matches Hoffman and Hoffmann, and nothing of Lovelace; newest dictation first.
    const ids = rows.map((r) => r[0]);
    expect([...ids].sort()).toEqual([...hoffman].sort());
    expect(rows.map((r) => r[1])).toEqual([
      'Hoffman, Greta',
      'Hoffmann, Otto',
      'Hoffman, Greta',
      'Hoffmann, Otto',
      'Hoffman, Greta',
    ]);
    const shown = await browserRows();
    const order = screenOrder(
      shown,
      {
        search: ' HOFFMAN',
        sort: { column: 'formattedDictatedDate', ascending: false },
        group: null,
        columns: ['filterJobId', 'patientName', 'formattedDictatedDate'],
      },
      labels,
    );
    expect(ids).toEqual(Array.from(order, (p) => shown[p]!.jobId));
    expect(rows.map((r) => r[2])).toEqual(Array.from(order, (p) => shown[p]!.formattedDictatedDate));

    // The audit names the criteria, never the searched text (it may be a patient's name).
    const audits = await t.ctx.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'joblist.export'));
    expect(audits.at(-1)!.detail).toMatchObject({
      rows: 5,
      searched: true,
      sort: 'formattedDictatedDate desc',
    });
    expect(JSON.stringify(audits)).not.toMatch(/hoffman/i);
  });

  it('keeps the grouping and the sort inside each group, as the browser orders the loaded rows', async () => {
    const res = await manager.get(
      `/api/file/JobList/${csId}/all?sort=patientName&order=asc&group=workType&columns=filterJobId,workType,patientName`,
    );
    expect(res.statusCode).toBe(200);
    const { rows } = await sheetRows(res.rawPayload);
    expect(rows).toHaveLength(8);
    // Columns in the list's order: job id, patient, work type.
    expect(rows.map((r) => r[2])).toEqual([
      ...Array(5).fill('Consultation'),
      ...Array(3).fill('Discharge Summary'),
    ]);
    const shown = await browserRows();
    const order = screenOrder(
      shown,
      {
        search: '',
        sort: { column: 'patientName', ascending: true },
        group: 'workType',
        columns: ['filterJobId', 'workType', 'patientName'],
      },
      labels,
    );
    expect(rows.map((r) => r[0])).toEqual(Array.from(order, (p) => shown[p]!.jobId));
    expect(rows.map((r) => r[1])).toEqual(Array.from(order, (p) => shown[p]!.patientName));
    expect(rows.slice(0, 5).map((r) => r[1])).toEqual([
      'Hoffman, Greta',
      'Hoffman, Greta',
      'Hoffmann, Otto',
      'Lovelace, Ada',
      'Lovelace, Ada',
    ]);
  });

  it('searches only the visible columns', async () => {
    const res = await manager.get(
      `/api/file/JobList/${csId}/all?search=hoffman&columns=filterJobId,workType`,
    );
    expect(res.statusCode).toBe(200);
    expect((await sheetRows(res.rawPayload)).rows).toEqual([]);
  });

  it.each([
    ['an unknown sort column', 'sort=bogus', 'sort names an unknown column'],
    ['an unknown grouping column', 'group=patient', 'group names an unknown column'],
    ['an order other than asc or desc', 'sort=stat&order=up', 'order must be asc or desc'],
    ['a search longer than the search box takes', `search=${'a'.repeat(201)}`, 'search must be at most 200'],
    ['a control character in the search', 'search=a%00b', 'search contains a control character'],
    ['an unknown column', 'columns=stat,bogus', 'columns names an unknown column'],
  ])('refuses %s with 400 and a message', async (_, query, text) => {
    const res = await manager.get(`/api/file/JobList/${csId}/all?${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toContain(text);
  });
});
