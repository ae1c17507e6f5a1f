import {
  DOCUMENT_DATE_FORMATS,
  decodeBinaryJobList,
  formatJobDate,
  formatJobDateTime,
  type JobListRow,
  JobViewDetailsSchema,
} from '@quill/core';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientFacilities } from '../../db/schema/index.js';
import { extractRtfText } from '../../documents/rtf/extractRtfText.js';
import { databaseTargets } from '../../testing/databases.js';
import { attachCda } from '../../testing/documents/documentTestKit.js';
import { pdfText } from '../../testing/documents/pdfText.js';
import {
  buildJob,
  buildPhysician,
  buildSignature,
  buildStructure,
  buildUser,
} from '../../testing/factories.js';
import { TestBrowser } from '../../testing/processes/browser.js';
import { createTestApp, type TestApp } from '../../testing/testContext.js';

/**
 * Issue 18 point 2: one job, dictated ten minutes before midnight in its facility's zone (Chicago,
 * CDT, UTC-5) — already the next day in UTC — reads the same facility-local date and time in the
 * list row (JSON and binary), the expanded row's details, the job page, the PDF and RTF headers
 * and the Excel export.
 */
describe.each(databaseTargets())('a job’s times on every screen on $name', (target) => {
  let t: TestApp;
  let manager: TestBrowser;
  let csId: number;
  let cfId: number;
  let jobId: number;
  const dictated = new Date('2026-10-27T04:50:00.000Z');
  const signed = new Date('2026-10-27T05:20:00.000Z');
  const local = { dictated: '10/26/2026 23:50', signed: '10/27/2026 00:20', service: '10/26/2026' };
  const formats = { dateFormat: 'MM/DD/YYYY', timeFormat: 'HH:mm' };
  // Issue 39 row 7: Chicago's clocks fall back on 2026-11-01, so 01:00–01:59 happens twice —
  // 01:43 CDT (06:43Z), then 01:04 CST (07:04Z) — and each reading names its zone.
  const repeated: Record<'cdt' | 'cst', { at: string; shown: string; jobId: number }> = {
    cdt: { at: '2026-11-01T06:43:00Z', shown: '11/01/2026 01:43 CDT', jobId: 0 },
    cst: { at: '2026-11-01T07:04:00Z', shown: '11/01/2026 01:04 CST', jobId: 0 },
  };

  beforeAll(async () => {
    t = await createTestApp(target);
    const north = await buildStructure(t.ctx, { name: 'North', facilities: 1 });
    const facility = north.facilities[0]!;
    csId = north.structure.id;
    cfId = facility.id;
    await t.ctx.database.db
      .update(clientFacilities)
      .set({ timeZone: 'America/Chicago' })
      .where(eq(clientFacilities.id, cfId));
    const job = await buildJob(t.ctx, facility, {
      stageId: 13,
      dictatedAt: dictated,
      signedAt: signed,
      dateOfService: '2026-10-26',
      signed: true,
    });
    jobId = job.id;
    await attachCda(t.ctx, jobId);
    const u = await buildUser(t.ctx, { username: 'clock', accounts: [{ companyId: csId }] });
    // The documents print the signature record's time (issue 43), the job's signed time.
    const signer = await buildPhysician(t.ctx, csId, {
      firstName: 'Ada',
      lastName: 'Lind',
      credentials: 'MD',
    });
    await buildSignature(t.ctx, {
      jobId,
      physicianId: signer.id,
      accountId: u.accounts[0]!.id,
      signedAt: signed,
    });
    for (const r of Object.values(repeated))
      r.jobId = (await buildJob(t.ctx, facility, { stageId: 13, dictatedAt: new Date(r.at) })).id;
    manager = new TestBrowser(t.app);
    await manager.signInAs('clock', u.password, u.accounts[0]!.id);
  }, 60_000);
  afterAll(async () => t?.close());

  const listRow = async (format: 'rows' | 'binary'): Promise<JobListRow> => {
    const res = await manager.get(`/api/jobs/alljobs?corpId=${csId}&cfs=${cfId}&format=${format}`);
    expect(res.statusCode).toBe(200);
    const rows: JobListRow[] = format === 'binary' ? decodeBinaryJobList(res.rawPayload) : res.json();
    return rows.find((r) => r.jobId === jobId)!;
  };

  it('shows the list row in the facility’s zone, JSON and binary alike', async () => {
    for (const format of ['rows', 'binary'] as const) {
      const row = await listRow(format);
      expect(row.formattedDictatedDate, format).toBe(local.dictated);
      expect(row.formattedSignedDate, format).toBe(local.signed);
      expect(row.formattedDateOfService, format).toBe(local.service);
    }
  });

  it('gives the job page the facility’s zone, and the page’s rule prints the list’s text', async () => {
    const res = await manager.get(`/api/job/GetJobDetails?jobId=${jobId}`);
    expect(res.statusCode).toBe(200);
    const details = JobViewDetailsSchema.parse(res.json());
    expect(details.timeZone).toBe('America/Chicago');
    // What JobHeader shows: the same rule, labelled with the zone.
    const page = formatJobDateTime(details.dictatedDate, details.timeZone, formats, { zoneLabel: true });
    expect(page).toBe(`${local.dictated} CDT`);
    expect(page.startsWith((await listRow('rows')).formattedDictatedDate)).toBe(true);
    expect(formatJobDate(details.dictationDate, formats)).toBe(local.service);
  });

  it('gives the expanded row’s details the facility’s zone', async () => {
    const res = await manager.get(`/api/jobs/jobdetails?jobId=${jobId}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().timeZone).toBe('America/Chicago');
  });

  it('prints the same date and time, labelled, in the PDF and RTF headers', async () => {
    const pdf = await manager.get(`/api/file/download/${jobId}.pdf`);
    expect(pdf.statusCode).toBe(200);
    const text = (await pdfText(pdf.rawPayload)).replace(/\s+/g, ' ');
    expect(text).toContain(`Dictated ${local.dictated} CDT`);
    expect(text).toContain(`Electronically signed by Ada Lind, MD on ${local.signed} (CDT)`);
    expect(text).toContain(`Date of service ${local.service}`);
    const rtf = await manager.get(`/api/file/download/${jobId}.rtf`);
    expect(rtf.statusCode).toBe(200);
    const rtfText = extractRtfText(rtf.rawPayload).replace(/\s+/g, ' ');
    expect(rtfText).toContain(`${local.dictated} CDT`);
    expect(rtfText).toContain(`on ${local.signed} (CDT)`);
    // Documents print the users' default formats: the list's text for such a user.
    expect(DOCUMENT_DATE_FORMATS).toEqual(formats);
  });

  it('writes the same date and time in the Excel export', async () => {
    const res = await manager.get(
      `/api/file/JobList/${csId}/all?columns=filterJobId,formattedDictatedDate,formattedSignedDate,formattedDateOfService`,
    );
    expect(res.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    const row = [...Array(sheet.actualRowCount).keys()]
      .map((i) => sheet.getRow(i + 1).values as unknown[])
      .find((v) => v[1] === jobId)!;
    expect(row.slice(2)).toEqual([local.dictated, local.signed, local.service]);
  });

  it('names the zone of repeated-hour times in the list the browser reads; the job of each day unlabelled', async () => {
    const res = await manager.get(`/api/jobs/alljobs?corpId=${csId}&cfs=${cfId}&format=binary`);
    expect(res.statusCode).toBe(200);
    const rows: JobListRow[] = decodeBinaryJobList(res.rawPayload);
    const row = (id: number) => rows.find((r) => r.jobId === id)!;
    expect(row(repeated.cdt.jobId).formattedDictatedDate).toBe(repeated.cdt.shown);
    expect(row(repeated.cst.jobId).formattedDictatedDate).toBe(repeated.cst.shown);
    expect(row(jobId).formattedDictatedDate).toBe(local.dictated);
    // The instants the list sorts by: the CST reading is the later one.
    expect(Date.parse(row(repeated.cst.jobId).dictatedDate!)).toBeGreaterThan(
      Date.parse(row(repeated.cdt.jobId).dictatedDate!),
    );
  });

  it('writes the zone of repeated-hour times in the Excel export and Job Search', async () => {
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
    expect(values.get(repeated.cdt.jobId)).toBe(repeated.cdt.shown);
    expect(values.get(repeated.cst.jobId)).toBe(repeated.cst.shown);
    const search = await manager.get(`/api/jobs/search?cs=${csId}&jobId=${repeated.cst.jobId}`);
    expect(search.statusCode).toBe(200);
    expect((search.json().rows as JobListRow[]).map((r) => r.formattedDictatedDate)).toEqual([
      repeated.cst.shown,
    ]);
  });
});
