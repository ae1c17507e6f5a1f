import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/index.js';
import { countPdfPages } from '../../documents/pdf/mergePdfs.js';
import { databaseTargets } from '../../testing/databases.js';
import { seedDocumentScene } from '../../testing/documents/documentTestKit.js';
import { pdfText } from '../../testing/documents/pdfText.js';
import { buildUser } from '../../testing/factories.js';
import { TestBrowser } from '../../testing/processes/browser.js';
import { createTestApp, type TestApp } from '../../testing/testContext.js';

describe.each(databaseTargets())('FormatMultiplePdfJobs on $name', (target) => {
  let t: TestApp;
  let scene: Awaited<ReturnType<typeof seedDocumentScene>>;
  let manager: TestBrowser;
  let noPatient: TestBrowser;
  /** Pages of docJob's own PDF. */
  let n: number;

  beforeAll(async () => {
    t = await createTestApp(target);
    scene = await seedDocumentScene(t.ctx);
    const cs = scene.north.structure.id;
    const m = await buildUser(t.ctx, { username: 'copymgr', accounts: [{ companyId: cs }] });
    manager = new TestBrowser(t.app);
    await manager.signInAs('copymgr', m.password, m.accounts[0]!.id);
    const v = await buildUser(t.ctx, {
      username: 'copyview',
      accounts: [{ companyId: cs, permissions: ['jobView'] }],
    });
    noPatient = new TestBrowser(t.app);
    await noPatient.signInAs('copyview', v.password, v.accounts[0]!.id);
    n = await countPdfPages((await manager.get(`/api/file/download/${scene.ids.docJob}.pdf`)).rawPayload);
  }, 60_000);
  afterAll(async () => t?.close());

  const copies = (b: TestBrowser, opt: string, jobIds: number[], query = '') =>
    b.get(`/api/file/FormatMultiplePdfJobs/${opt}?${jobIds.map((id) => `jobIds=${id}`).join('&')}${query}`);

  /** Page numbers (1-based) of a PDF whose text shows a cover sheet, with the recipient line. */
  async function coverPages(pdf: Buffer) {
    const total = await countPdfPages(pdf);
    const found: { page: number; to: string }[] = [];
    for (let page = 1; page <= total; page++) {
      const text = await pdfText(pdf, { first: page });
      if (text.includes('Cover Sheet')) found.push({ page, to: /To\s+(.+)/.exec(text)![1]!.trim() });
    }
    return found;
  }

  it('prints one copy for copy type 0, as one inline PDF named after the job', async () => {
    const res = await copies(manager, '0/false/false', [scene.ids.docJob]);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain(`inline; filename="Job-${scene.ids.docJob}.pdf"`);
    expect(await countPdfPages(res.rawPayload)).toBe(n);
  });

  it('prints the single copy plus one per live recipient (type 1), each behind its cover sheet', async () => {
    const res = await copies(manager, '1/false/true', [scene.ids.docJob]);
    expect(res.statusCode).toBe(200);
    expect(await countPdfPages(res.rawPayload)).toBe(4 * (n + 1));
    const sheets = await coverPages(res.rawPayload);
    expect(sheets.map((s) => s.page)).toEqual([0, 1, 2, 3].map((i) => 1 + i * (n + 1)));
    expect(sheets.map((s) => s.to)).toEqual(['File copy', 'Paula Print, MD', 'Felix Fax', 'Ada Lovelace']);
    const first = await pdfText(res.rawPayload, { first: 1 });
    expect(first).toMatch(new RegExp(`Job ID\\s+${scene.ids.docJob}`));
    // The sheet names the patient only as a recipient.
    expect(first).not.toMatch(/Patient|Lovelace/);
    expect(first).toMatch(/Dictated by\s+Dictator, Dan/);
    expect(first).toMatch(/Facility\s+North Facility 1/);
    expect(first).toMatch(new RegExp(`Total pages\\s+${n + 1}`));
  });

  it('withholds the patient’s name on cover sheets from an account that may not see it', async () => {
    const res = await copies(noPatient, '2/false/true', [scene.ids.docJob]);
    const sheets = await coverPages(res.rawPayload);
    expect(sheets.map((s) => s.to)).toEqual(['Paula Print, MD', 'Felix Fax', 'Patient Name']);
    for (const s of sheets)
      expect(await pdfText(res.rawPayload, { first: s.page })).not.toContain('Lovelace');
  });

  it('prints one per recipient for type 2, and once for a job without recipients', async () => {
    const { docJob, finishedJob, bareJob } = scene.ids;
    const res = await copies(manager, '2/false/false', [docJob, finishedJob, bareJob]);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain('filename="Jobs.pdf"');
    const finishedPages = await countPdfPages(
      (await manager.get(`/api/file/download/${finishedJob}.pdf`)).rawPayload,
    );
    expect(await countPdfPages(res.rawPayload)).toBe(3 * n + finishedPages + n);
  });

  it('prints smart copies (type 3) for the manual-distribution recipients of a pending job only', async () => {
    const res = await copies(manager, '3/false/true', [scene.ids.docJob]);
    const sheets = await coverPages(res.rawPayload);
    expect(sheets.map((s) => s.to)).toEqual(['Paula Print, MD', 'Ada Lovelace']);
    // Jobs that give no copy are left out when another job gives some.
    const mixed = await copies(manager, '3/false/false', [scene.ids.finishedJob, scene.ids.docJob]);
    expect(mixed.statusCode).toBe(200);
    expect(await countPdfPages(mixed.rawPayload)).toBe(2 * n);
  });

  it('answers 422 No copies when smart copies give nothing, e.g. for a job not on the manual list', async () => {
    const before = await t.ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.jobId, scene.ids.finishedJob), eq(auditLog.action, 'document.download')));
    const res = await copies(manager, '3/true/true', [scene.ids.finishedJob, scene.ids.bareJob]);
    expect(res.statusCode).toBe(422);
    expect(res.json().error.message).toBe('The selected items did not generate any documents');
    const after = await t.ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.jobId, scene.ids.finishedJob), eq(auditLog.action, 'document.download')));
    expect(after).toHaveLength(before.length);
  });

  it('with duplex starts every copy on a front side: each copy has an even page count', async () => {
    const plain = await copies(manager, '1/true/false', [scene.ids.docJob]);
    const per = n + (n % 2);
    expect(await countPdfPages(plain.rawPayload)).toBe(4 * per);
    const covered = await copies(manager, '1/true/true', [scene.ids.docJob]);
    const perCovered = n + 1 + ((n + 1) % 2);
    expect(await countPdfPages(covered.rawPayload)).toBe(4 * perCovered);
    const sheets = await coverPages(covered.rawPayload);
    expect(sheets.map((s) => s.page)).toEqual([0, 1, 2, 3].map((i) => 1 + i * perCovered));
    for (const s of sheets) expect(s.page % 2).toBe(1);
  });

  it('answers 404 Document not found when a job that gives copies has no document', async () => {
    const res = await copies(manager, '0/false/false', [scene.ids.docJob, scene.ids.audioOnly]);
    expect(res.statusCode).toBe(404);
    expect(res.json().error.message).toBe('One or more selected items did not have an associated document');
  });

  it('answers 404 for another tenant’s job before anything is rendered or audited', async () => {
    const audits = () =>
      t.ctx.database.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.jobId, scene.ids.bareJob), eq(auditLog.action, 'document.download')));
    const before = (await audits()).length;
    const res = await copies(manager, '0/false/false', [scene.ids.bareJob, scene.ids.southJob]);
    expect(res.statusCode).toBe(404);
    expect(res.json().error.message).toBe(`Job ${scene.ids.southJob} was not found.`);
    expect(await audits()).toHaveLength(before);
  });

  it('validates the copy option, the flags, the format and at most 10 jobs', async () => {
    const id = scene.ids.docJob;
    for (const path of ['4/false/false', 'x/false/false', '1/maybe/false', '1/false/yes']) {
      expect((await copies(manager, path, [id])).statusCode, path).toBe(400);
    }
    const eleven = Array.from({ length: 11 }, (_, i) => id + i);
    const tooMany = await copies(manager, '0/false/false', eleven);
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().error.message).toContain('At most 10 jobs per call');
    expect((await copies(manager, '0/false/false', [id], '&format=docx')).statusCode).toBe(400);
    expect((await copies(manager, '0/false/false', [])).statusCode).toBe(400);
    expect((await copies(manager, '0/True/1', [id])).statusCode).toBe(200);
  });

  it('answers RTF with format=rtf: the same copies as sections, cover pages, odd-page starts', async () => {
    const res = await copies(manager, '1/true/true', [scene.ids.docJob], '&format=rtf');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/rtf');
    expect(res.headers['content-disposition']).toContain(`filename="Job-${scene.ids.docJob}.rtf"`);
    expect(res.body.match(/\{\\rtf1/g)).toHaveLength(1);
    expect(res.body.match(/Cover Sheet/g)).toHaveLength(4);
    expect(res.body.match(/\\sbkodd/g)).toHaveLength(4);
    for (const name of ['File copy', 'Paula Print, MD', 'Felix Fax', 'Ada Lovelace'])
      expect(res.body).toContain(name);
    const audit = await t.ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.jobId, scene.ids.docJob), eq(auditLog.action, 'document.download')));
    expect(audit.at(-1)!.detail).toEqual({
      format: 'rtf',
      via: 'copies',
      copies: 4,
      copyType: 1,
      duplex: true,
      coverSheet: true,
    });
  });
});
