import { decodeBinaryJobList, type JobListRow, jobPatientDisplay, SAVE_MODES } from '@quill/core';
import { eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { patients } from '../../db/schema/index.js';
import { extractRtfText } from '../../documents/rtf/extractRtfText.js';
import { adtInput, adtSuite } from '../../testing/adtTestKit.js';
import { databaseTargets } from '../../testing/databases.js';
import { pdfText } from '../../testing/documents/pdfText.js';
import { jobDataBody } from '../../testing/jobEditorTestKit.js';

/**
 * Issue 39 row 5, one name everywhere: a first name changed in the Patient Details panel and
 * saved is what the job view's header, the list (both formats), the PDF and RTF and the Excel
 * export show from that save on — the job's ADT values over its linked record — while another
 * job of the same patient record keeps the record's name.
 */
describe.each(databaseTargets())('one patient name everywhere on $name', (target) => {
  const s = adtSuite(target);

  const graceAdt = () => ({
    'PID.3.1': s.w.grace.mrn,
    'PID.5.1': s.w.grace.lastName,
    'PID.5.2': s.w.grace.firstName,
    'PID.7.1': s.w.grace.dateOfBirth!,
  });
  const header = async (jobId: number) =>
    (await s.w.editor.get(`/api/job/GetJobDetails?jobId=${jobId}`)).json().patientName as string | null;
  const listRows = async (format: 'rows' | 'binary') => {
    const res = await s.w.editor.get(
      `/api/jobs/alljobs?corpId=${s.w.north.structure.id}&cfs=${s.w.cf.id}&format=${format}`,
    );
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    return (format === 'binary' ? decodeBinaryJobList(res.rawPayload) : res.json()) as JobListRow[];
  };
  const listed = async (jobId: number) =>
    Promise.all(
      (['rows', 'binary'] as const).map(async (f) => {
        const row = (await listRows(f)).find((r) => r.jobId === jobId)!;
        return [row.patientName, row.patientMRN];
      }),
    );
  const exported = async (jobId: number) => {
    const res = await s.w.editor.get(
      `/api/file/JobList/${s.w.north.structure.id}/all?columns=filterJobId,patientName,patientMRN`,
    );
    expect(res.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    return [...Array(sheet.actualRowCount).keys()]
      .map((i) => sheet.getRow(i + 1).values as unknown[])
      .find((v) => v[1] === jobId)!
      .slice(2);
  };
  const documents = async (jobId: number) => {
    const pdf = await s.w.editor.get(`/api/file/download/${jobId}.pdf`);
    const rtf = await s.w.editor.get(`/api/file/download/${jobId}.rtf`);
    expect([pdf.statusCode, rtf.statusCode]).toEqual([200, 200]);
    return {
      pdf: (await pdfText(pdf.rawPayload)).replace(/\s+/g, ' '),
      rtf: extractRtfText(rtf.rawPayload).replace(/\s+/g, ' '),
    };
  };

  it('a saved first name change shows in the header, the list, the PDF, the RTF and the export at once', async () => {
    const job = await s.w.makeJob({ patientId: s.w.grace.id, adt: graceAdt() });
    const sibling = await s.w.makeJob({ patientId: s.w.grace.id, adt: graceAdt() });
    // Read once before the save: the kept job view and nothing stale after it.
    expect(await header(job.id)).toBe('Okafor, Grace');
    expect(await listed(job.id)).toEqual([
      ['Okafor, Grace', '100234'],
      ['Okafor, Grace', '100234'],
    ]);
    const booking = await s.w.editor.post('/api/job/bookoutjob', { jobId: job.id });
    const data = jobDataBody((await s.w.editor.get(`/api/job/getjobdata?jobId=${job.id}`)).json());
    const res = await s.w.editor.post('/api/job/savejob', {
      jobId: job.id,
      version: 1,
      bookingCookie: booking.json().bookingCookie,
      saveMode: SAVE_MODES.saveOnly,
      setJobDataRequest: { ...data, inputAdtData: [adtInput('PID.5.2', 'Gracie')] },
    });
    expect(res.statusCode, res.body).toBe(200);

    expect(await header(job.id)).toBe('Okafor, Gracie');
    expect(await listed(job.id)).toEqual([
      ['Okafor, Gracie', '100234'],
      ['Okafor, Gracie', '100234'],
    ]);
    const { pdf, rtf } = await documents(job.id);
    expect(pdf).toContain('Okafor, Gracie');
    expect(pdf).not.toContain('Okafor, Grace ');
    expect(rtf).toContain('Okafor, Gracie');
    expect(await exported(job.id)).toEqual(['Okafor, Gracie', '100234']);
    // The patient record and its other job are unchanged.
    expect(await header(sibling.id)).toBe('Okafor, Grace');
    expect(await listed(sibling.id)).toEqual([
      ['Okafor, Grace', '100234'],
      ['Okafor, Grace', '100234'],
    ]);
    expect(await exported(sibling.id)).toEqual(['Okafor, Grace', '100234']);

    // A later change of the record (an upload) reaches the job without values of its own only.
    await s.t.ctx.database.db
      .update(patients)
      .set({ lastName: 'Okafor-Reyes' })
      .where(eq(patients.id, s.w.grace.id));
    await s.t.ctx.database.db.execute(sql`update jobs set adt = adt - 'PID.5.1' where id = ${sibling.id}`);
    expect((await listed(sibling.id))[1]).toEqual(['Okafor-Reyes, Grace', '100234']);
    expect((await listed(job.id))[1]).toEqual(['Okafor, Gracie', '100234']);
    // The first PDF starts the document threads: slow on a loaded machine.
  }, 180_000);

  it('the list’s SQL functions say what core jobPatientDisplay says', async () => {
    const record = { lastName: 'Okafor', firstName: 'Grace', mrn: '100234' };
    const cases: [Record<string, string>, typeof record | null][] = [
      [{}, record],
      [{ 'PID.5.2': 'Gracie' }, record],
      [{ 'PID.5.1': '', 'PID.5.2': '', 'PID.3.1': '' }, record],
      [{ 'PID.5.1': 'Roe', 'PID.3.1': 'X-1' }, record],
      [{ 'PID.5.1': 'Doe' }, null],
      [{}, null],
    ];
    for (const [adt, rec] of cases) {
      const [row] = (
        (await s.t.ctx.database.db.execute(
          sql`select job_patient_name(${JSON.stringify(adt)}::jsonb, ${rec?.lastName ?? null}::text, ${rec?.firstName ?? null}::text) as name,
            job_patient_mrn(${JSON.stringify(adt)}::jsonb, ${rec?.mrn ?? null}::text) as mrn`,
        )) as { rows: unknown[] }
      ).rows as { name: string | null; mrn: string }[];
      const expected = jobPatientDisplay(adt, rec);
      expect(row, JSON.stringify([adt, rec])).toEqual({ name: expected.name, mrn: expected.mrn });
    }
  });
});
