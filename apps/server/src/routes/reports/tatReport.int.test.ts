import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, clientFacilities, workTypes } from '../../db/schema/index.js';
import { databaseTargets } from '../../testing/databases.js';
import { buildJob, buildPatient, buildStructure, buildUser } from '../../testing/factories.js';
import { TestBrowser } from '../../testing/processes/browser.js';
import { createTestApp, type TestApp } from '../../testing/testContext.js';

const HOUR = 3_600_000;
const MIN = 60_000;
/** Chicago is UTC-6 in November 2025 (daylight saving ended on the 2nd). */
const local = (day: string, time: string) => new Date(`${day}T${time}:00-06:00`);

/** Every sheet of a workbook as rows of cell values (row 1: the headings). */
async function sheetsOf(bytes: Buffer) {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(bytes as unknown as ArrayBuffer);
  return book.worksheets.map((sheet) => ({
    name: sheet.name,
    rows: Array.from({ length: sheet.actualRowCount }, (_, i) => {
      const row = sheet.getRow(i + 1);
      return Array.from({ length: sheet.actualColumnCount }, (_, c) => row.getCell(c + 1).value ?? null);
    }),
    numFmt: (row: number, col: number) => sheet.getRow(row).getCell(col).numFmt,
  }));
}

/**
 * Issue 27: the turnaround report of one facility — jobs with known times written straight into
 * the database, the workbook read back cell by cell — and its gate, range limits and audit.
 */
describe.each(databaseTargets())('the turnaround report on $name', (target) => {
  let t: TestApp;
  let manager: TestBrowser;
  let typistBrowser: TestBrowser;
  let cfId: number;
  let otherCfId: number;
  let foreignCfId: number;
  let managerUserId: number;
  const url = (q: string) => `/api/reports/tat.xlsx?${q}`;

  beforeAll(async () => {
    t = await createTestApp(target);
    const north = await buildStructure(t.ctx, { name: 'North', facilities: 2 });
    const south = await buildStructure(t.ctx, { name: 'South', facilities: 1 });
    const [facility, other] = north.facilities as [
      (typeof north.facilities)[0],
      (typeof north.facilities)[0],
    ];
    cfId = facility.id;
    otherCfId = other.id;
    foreignCfId = south.facilities[0]!.id;
    await t.ctx.database.db
      .update(clientFacilities)
      .set({ timeZone: 'America/Chicago', statTargetMinutes: 120 })
      .where(eq(clientFacilities.id, cfId));
    const [consult, discharge] = await t.ctx.database.db
      .insert(workTypes)
      .values([
        { corporateStructureId: north.structure.id, name: 'Consult', number: 10 },
        { corporateStructureId: north.structure.id, name: 'Discharge summary', number: 20 },
      ])
      .returning();
    const cs = north.structure.id;
    const boss = await buildUser(t.ctx, { username: 'tatboss', accounts: [{ companyId: cs }] });
    managerUserId = boss.user.id;
    const terry = await buildUser(t.ctx, {
      username: 'terry',
      accounts: [{ companyId: cs, memberType: 2, permissions: ['jobView', 'jobEditText', 'dictatorView'] }],
    });
    const robin = await buildUser(t.ctx, { username: 'robin', accounts: [{ companyId: cs, memberType: 2 }] });
    const T = terry.accounts[0]!.id;
    const R = robin.accounts[0]!.id;
    // A patient whose name and MRN must not reach the file.
    const patient = await buildPatient(t.ctx, cs, { first: 'Zebediah', last: 'Quillfeather' });

    const job = (
      day: string,
      time: string,
      o: {
        wt?: number | null;
        by?: number | null;
        text?: number;
        finished?: number;
        stat?: string;
        stage?: number;
        cf?: typeof facility;
      },
    ) => {
      const dictatedAt = local(day, time);
      const after = (ms?: number) => (ms === undefined ? null : new Date(dictatedAt.getTime() + ms));
      return buildJob(t.ctx, o.cf ?? facility, {
        dictatedAt,
        workTypeId: o.wt === undefined ? consult!.id : o.wt,
        transcribedByAccountId: o.by ?? null,
        firstTextAt: after(o.text),
        finishedAt: after(o.finished),
        stat: o.stat ?? null,
        stageId: o.stage ?? (o.finished === undefined ? 2 : 13),
        patientId: patient.id,
      });
    };
    // Consult by Terry: first text after 1, 2 and 6 hours (average 3, median 2); two finished
    // after 2 and 4 hours; the STAT one (4 hours) past the 2-hour target. The last one is
    // dictated at 23:30 on the 4th in Chicago, already the 5th in UTC: still in the range.
    await job('2025-11-03', '08:00', { by: T, text: HOUR, finished: 2 * HOUR });
    await job('2025-11-03', '09:00', { by: T, text: 2 * HOUR, finished: 4 * HOUR, stat: 'U' });
    await job('2025-11-04', '23:30', { by: T, text: 6 * HOUR, stage: 3 });
    // Consult by Robin: 30 minutes to text, 45 to finished (0.75 h reads 0.8); STAT within target.
    await job('2025-11-03', '10:00', { by: R, text: 30 * MIN, finished: 45 * MIN, stat: 'M' });
    // Discharge summaries with no text typed in Quill: one imported text; a STAT job still in
    // transcription long past its target; a cancelled STAT job (never finishing: not counted late).
    await job('2025-11-04', '12:00', { wt: discharge!.id, text: HOUR });
    await job('2025-11-04', '12:00', { wt: discharge!.id, stat: 'U' });
    await job('2025-11-04', '12:00', { wt: discharge!.id, stat: 'U', stage: 16 });
    // No work type, by Robin.
    await job('2025-11-04', '07:00', { wt: null, by: R, text: 90 * MIN });
    // Outside: the evening before in Chicago (already the 3rd in UTC), the first minutes after,
    // and another facility's job.
    await job('2025-11-02', '23:50', { by: T, text: HOUR });
    await job('2025-11-05', '00:10', { by: T, text: HOUR });
    await job('2025-11-03', '08:00', { by: T, text: HOUR, cf: other });

    manager = new TestBrowser(t.app);
    await manager.signInAs('tatboss', boss.password, boss.accounts[0]!.id);
    typistBrowser = new TestBrowser(t.app);
    await typistBrowser.signInAs('terry', terry.password, T);
  }, 120_000);
  afterAll(async () => t?.close());

  it('writes one row per work type and transcriptionist, in hours with one decimal', async () => {
    const res = await manager.get(url(`cf=${cfId}&from=2025-11-03&to=2025-11-04`));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml.sheet');
    expect(res.headers['content-disposition']).toContain(
      `attachment; filename="Turnaround-${cfId}-2025-11-03-2025-11-04.xlsx"`,
    );
    const [report, about] = await sheetsOf(res.rawPayload);
    expect(report!.name).toBe('Turnaround');
    expect(report!.rows).toEqual([
      [
        'Work type',
        'Transcriptionist',
        'Jobs dictated',
        'Jobs with text',
        'Average hours, dictation to first text',
        'Median hours, dictation to first text',
        'Jobs finished',
        'Average hours, dictation to finished',
        'STAT jobs',
        'STAT jobs past target',
      ],
      ['Consult', 'robin account', 1, 1, 0.5, 0.5, 1, 0.8, 1, 0],
      ['Consult', 'terry account', 3, 3, 3, 2, 2, 3, 1, 1],
      ['Discharge summary', '(no text typed in Quill)', 3, 1, 1, 1, 0, null, 2, 1],
      ['(no work type)', 'robin account', 1, 1, 1.5, 1.5, 0, null, 0, 0],
    ]);
    expect(report!.numFmt(2, 5)).toBe('0.0');
    expect(about!.name).toBe('About');
    const facts = Object.fromEntries(about!.rows.slice(1).map((r) => [r[0], r[1]]));
    expect(facts).toMatchObject({
      Facility: 'North Facility 1',
      'Corporate structure': 'North',
      From: '2025-11-03',
      To: '2025-11-04',
      'Time zone': 'America/Chicago',
      'STAT target (minutes, dictation to finished)': 120,
    });
    // No patient data anywhere in the file.
    const text = JSON.stringify([report, about]);
    expect(text).not.toMatch(/Zebediah|Quillfeather|MRN/);
  });

  it('audits the export with ids and counts', async () => {
    const res = await manager.get(url(`cf=${cfId}&from=2025-11-03&to=2025-11-03`));
    expect(res.statusCode).toBe(200);
    let row: typeof auditLog.$inferSelect | undefined;
    for (let i = 0; i < 40 && !row; i++) {
      [row] = (
        await t.ctx.database.db.select().from(auditLog).where(eq(auditLog.action, 'report.tat.export'))
      ).filter((r) => (r.detail as { to?: string }).to === '2025-11-03');
      if (!row) await new Promise((r) => setTimeout(r, 50));
    }
    expect(row).toMatchObject({
      outcome: 'success',
      userId: managerUserId,
      detail: { clientFacilityId: cfId, from: '2025-11-03', to: '2025-11-03', rows: 2, jobs: 3 },
    });
  });

  it('answers no HEAD (it would read and audit a report for nothing)', async () => {
    const res = await t.app.inject({
      method: 'HEAD',
      url: url(`cf=${cfId}&from=2025-11-03&to=2025-11-04`),
      headers: { cookie: [...manager.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
    });
    expect(res.statusCode).toBe(404);
  });

  it('answers an empty report for days without jobs', async () => {
    const res = await manager.get(url(`cf=${cfId}&from=2024-01-01&to=2024-12-31`));
    expect(res.statusCode).toBe(200);
    const [report] = await sheetsOf(res.rawPayload);
    expect(report!.rows).toHaveLength(1);
  });

  it('refuses a range it cannot report with the catalogue’s message (400)', async () => {
    const cases: [string, string][] = [
      [`cf=${cfId}&from=2025-11-04&to=2025-11-03`, 'To must be the same day as From or later.'],
      [`cf=${cfId}&from=2024-01-01&to=2025-01-01`, 'A report covers at most 366 days'],
      [`cf=${cfId}&from=2025-02-30&to=2025-03-01`, 'Enter From and To as dates.'],
      [`cf=${cfId}&from=2025-11-03`, 'to'],
      [`from=2025-11-03&to=2025-11-03`, 'cf'],
    ];
    for (const [q, text] of cases) {
      const res = await manager.get(url(q));
      expect(res.statusCode, q).toBe(400);
      expect(res.json().error.message, q).toContain(text);
    }
    expect((await manager.get(url(`cf=${cfId}&from=2024-01-01&to=2024-12-31`))).statusCode).toBe(200);
  });

  it('offers the facilities of the account’s structures to choose from', async () => {
    const res = await manager.get('/api/reports/facilities');
    expect(res.statusCode).toBe(200);
    expect(res.json().map((f: { id: number; name: string }) => [f.id, f.name])).toEqual([
      [cfId, 'North Facility 1'],
      [otherCfId, 'North Facility 2'],
    ]);
    expect((await typistBrowser.get('/api/reports/facilities')).statusCode).toBe(403);
  });

  it('is refused without User Add (403) and for another company’s facility (404)', async () => {
    const refused = await typistBrowser.get(url(`cf=${cfId}&from=2025-11-03&to=2025-11-04`));
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe('The turnaround report needs the User Add permission.');
    const foreign = await manager.get(url(`cf=${foreignCfId}&from=2025-11-03&to=2025-11-04`));
    expect(foreign.statusCode).toBe(404);
    expect(foreign.body).not.toContain('South');
    const own = await manager.get(url(`cf=${otherCfId}&from=2025-11-03&to=2025-11-04`));
    expect(own.statusCode).toBe(200);
    const [report] = await sheetsOf(own.rawPayload);
    expect(report!.rows.slice(1)).toEqual([['Consult', 'terry account', 1, 1, 1, 1, 0, null, 0, 0]]);
  });
});
