import { message } from '@quill/core';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, jobViews } from '../../db/schema/index.js';
import { extractRtfText } from '../../documents/rtf/extractRtfText.js';
import { databaseTargets } from '../../testing/databases.js';
import { cdaFixture, readZip, seedDocumentScene } from '../../testing/documents/documentTestKit.js';
import { pdfText } from '../../testing/documents/pdfText.js';
import { buildJob, buildUser } from '../../testing/factories.js';
import { TestBrowser } from '../../testing/processes/browser.js';
import { createTestApp, type TestApp } from '../../testing/testContext.js';
import { addWordDocument } from '../../testing/wopiTestKit.js';

describe.each(databaseTargets())('document downloads on $name', (target) => {
  let t: TestApp;
  let scene: Awaited<ReturnType<typeof seedDocumentScene>>;
  let manager: TestBrowser;
  let textOnly: TestBrowser;
  let noView: TestBrowser;
  let managerAccount: number;

  beforeAll(async () => {
    t = await createTestApp(target);
    scene = await seedDocumentScene(t.ctx);
    const cs = scene.north.structure.id;
    const as = async (username: string, permissions?: string[]) => {
      const u = await buildUser(t.ctx, {
        username,
        accounts: [{ companyId: cs, ...(permissions ? { permissions } : {}) }],
      });
      const b = new TestBrowser(t.app);
      await b.signInAs(username, u.password, u.accounts[0]!.id);
      return { browser: b, account: u.accounts[0]!.id };
    };
    const m = await as('docmgr');
    manager = m.browser;
    managerAccount = m.account;
    textOnly = (await as('textonly', ['jobViewText'])).browser;
    noView = (await as('noview', ['adtView'])).browser;
  }, 60_000);
  afterAll(async () => t?.close());

  const downloads = async (jobId: number) =>
    t.ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.jobId, jobId), eq(auditLog.action, 'document.download')));

  it('serves one job as an inline PDF with a safe file name, no caching, and audits it', async () => {
    const id = scene.ids.docJob;
    const res = await manager.get(`/api/file/download/${id}.pdf`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(
      `inline; filename="Job-${id}.pdf"; filename*=UTF-8''Job-${id}.pdf`,
    );
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(await pdfText(res.rawPayload)).toContain('Progress Note');
    const rows = await downloads(id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ outcome: 'success', accountId: managerAccount });
    expect(rows[0]!.detail).toEqual({ format: 'pdf', via: 'preview' });
  });

  it('serves RTF at Download/{id}.rtf, matching the path and the extension in any case', async () => {
    const id = scene.ids.finishedJob;
    const rtf = await manager.get(`/api/file/Download/${id}.rtf`);
    expect(rtf.statusCode).toBe(200);
    expect(rtf.headers['content-type']).toBe('application/rtf');
    expect(rtf.headers['content-disposition']).toContain(`filename="Job-${id}.rtf"`);
    expect(rtf.body.startsWith('{\\rtf1')).toBe(true);
    const pdf = await manager.get(`/api/FILE/download/${id}.PDF`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
  });

  it('answers 400 for a file name that is not {jobId}.pdf, .rtf or .xml, and renders nothing', async () => {
    const id = scene.ids.bareJob;
    const docx = await manager.get(`/api/file/Download/${id}.docx`);
    expect(docx.statusCode).toBe(400);
    expect(docx.json().error.message).toContain('format must be pdf, rtf or xml');
    for (const name of ['abc.pdf', `${id}`, `${id}.pdf.exe`, `-${id}.pdf`, `0.pdf`]) {
      const res = await manager.get(`/api/file/download/${name}`);
      expect(res.statusCode, name).toBe(400);
    }
    expect(await downloads(id)).toHaveLength(0);
  });

  it('opens the PDF print preview with jobViewText, but RTF and bulk downloads need jobView', async () => {
    const id = scene.ids.bareJob;
    expect((await textOnly.get(`/api/file/download/${id}.pdf`)).statusCode).toBe(200);
    const rtf = await textOnly.get(`/api/file/Download/${id}.rtf`);
    expect(rtf.statusCode).toBe(403);
    expect(rtf.json().error.message).toBe('You do not have permission to view job documents.');
    expect((await textOnly.get(`/api/file/BulkDownload?jobIds=${id}&format=pdf`)).statusCode).toBe(403);
    expect((await textOnly.get(`/api/file/downloadrtf?jobIds=${id}`)).statusCode).toBe(403);
    expect((await noView.get(`/api/file/download/${id}.pdf`)).statusCode).toBe(403);
    expect((await new TestBrowser(t.app).get(`/api/file/download/${id}.pdf`)).statusCode).toBe(401);
  });

  it('answers 404 for another tenant’s job and for a job without a document, rendering nothing', async () => {
    const south = await manager.get(`/api/file/download/${scene.ids.southJob}.pdf`);
    expect(south.statusCode).toBe(404);
    expect(south.json().error.message).toBe(`Job ${scene.ids.southJob} was not found.`);
    const none = await manager.get(`/api/file/Download/${scene.ids.audioOnly}.rtf`);
    expect(none.statusCode).toBe(404);
    expect(none.json().error.message).toBe(`Job ${scene.ids.audioOnly} has no document.`);
    expect((await manager.get('/api/file/download/999999.pdf')).statusCode).toBe(404);
    expect(await downloads(scene.ids.southJob)).toHaveLength(0);
    const views = await t.ctx.database.db
      .select()
      .from(jobViews)
      .where(eq(jobViews.jobId, scene.ids.southJob));
    expect(views).toHaveLength(0);
  });

  it('turns the list’s PDF and RTF markers green for the account that downloaded', async () => {
    const { north } = scene;
    const list = async (b: TestBrowser) =>
      (
        await b.get(
          `/api/jobs/alljobs?corpId=${north.structure.id}&cfs=${north.facilities.map((f) => f.id).join(',')}`,
        )
      ).json() as { jobId: number; pdfViewed: boolean; rtfViewed: boolean }[];
    const row = async (b: TestBrowser, id: number) => (await list(b)).find((r) => r.jobId === id)!;
    // docJob was opened as PDF above; finishedJob as RTF and PDF; audioOnly never.
    expect(await row(manager, scene.ids.docJob)).toMatchObject({ pdfViewed: true, rtfViewed: false });
    expect(await row(manager, scene.ids.finishedJob)).toMatchObject({ pdfViewed: true, rtfViewed: true });
    expect(await row(manager, scene.ids.audioOnly)).toMatchObject({ pdfViewed: false, rtfViewed: false });
    await manager.get(`/api/file/downloadrtf?jobIds=${scene.ids.docJob}`);
    expect(await row(manager, scene.ids.docJob)).toMatchObject({ pdfViewed: true, rtfViewed: true });
  });

  it('downloadrtf answers one job’s RTF, or several jobs in one RTF, each from a new page', async () => {
    const { docJob, finishedJob, bareJob } = scene.ids;
    const one = await manager.get(`/api/file/downloadrtf?jobIds=${bareJob}`);
    expect(one.statusCode).toBe(200);
    expect(one.headers['content-disposition']).toContain(`filename="Job-${bareJob}.rtf"`);
    const single = (await manager.get(`/api/file/Download/${bareJob}.rtf`)).body;
    const many = await manager.get(`/api/file/downloadrtf?jobIds=${docJob}&jobIds=${finishedJob},${bareJob}`);
    expect(many.statusCode).toBe(200);
    expect(many.headers['content-type']).toBe('application/rtf');
    expect(many.headers['content-disposition']).toContain('filename="Jobs.rtf"');
    expect(many.body.match(/\{\\rtf1/g)).toHaveLength(1);
    expect(many.body.match(/\\fonttbl/g)).toHaveLength(1);
    expect(many.body.match(/\\sect\\sectd\\sbkpage\\pgnrestart/g)).toHaveLength(2);
    expect(many.body.length).toBeGreaterThan(single.length * 2);
    const text = extractRtfText(many.body);
    expect(text).toContain('Community Health Consult Note');
    expect(text.indexOf('Community Health Consult Note')).toBeGreaterThan(text.indexOf('Progress Note'));
  });

  it('downloadrtf checks every job first: one other tenant’s id is 404 and nothing is served', async () => {
    const before = (await downloads(scene.ids.bareJob)).length;
    const res = await manager.get(`/api/file/downloadrtf?jobIds=${scene.ids.bareJob},${scene.ids.southJob}`);
    expect(res.statusCode).toBe(404);
    expect(await downloads(scene.ids.bareJob)).toHaveLength(before);
  });

  it('BulkDownload streams Jobs.zip with one named entry per job', async () => {
    const { docJob, finishedJob, bareJob } = scene.ids;
    const res = await manager.get(
      `/api/file/BulkDownload?jobIds=${docJob},${finishedJob},${bareJob}&format=pdf`,
    );
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="Jobs.zip"; filename*=UTF-8''Jobs.zip`,
    );
    const entries = await readZip(res.rawPayload);
    expect([...entries.keys()]).toEqual([
      `Job-${docJob}.pdf`,
      `Job-${finishedJob}.pdf`,
      `Job-${bareJob}.pdf`,
    ]);
    for (const bytes of entries.values()) expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    expect(await pdfText(entries.get(`Job-${finishedJob}.pdf`)!)).toContain('Community Health Consult Note');
    const rtf = await manager.get(`/api/file/BulkDownload?jobIds=${docJob}&jobIds=${bareJob}&format=RTF`);
    const rtfEntries = await readZip(rtf.rawPayload);
    expect([...rtfEntries.keys()]).toEqual([`Job-${docJob}.rtf`, `Job-${bareJob}.rtf`]);
    expect(rtfEntries.get(`Job-${docJob}.rtf`)!.toString('latin1').startsWith('{\\rtf1')).toBe(true);
    const zipAudits = (await downloads(docJob)).filter((r) => (r.detail as { via: string }).via === 'zip');
    expect(zipAudits.map((r) => (r.detail as { format: string }).format)).toEqual(['pdf', 'rtf']);
  });

  it('BulkDownload validates the job ids and the format, and checks every job before it starts', async () => {
    const { bareJob, southJob, audioOnly } = scene.ids;
    const eleven = Array.from({ length: 11 }, (_, i) => bareJob + i * 1000).join(',');
    const tooMany = await manager.get(`/api/file/BulkDownload?jobIds=${eleven}&format=pdf`);
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().error.message).toContain('At most 10 jobs per call');
    // Ten unique ids, repeated, are fine as far as the limit goes (then 404: they do not exist).
    const repeated = [...Array(10).keys()].flatMap((i) => [bareJob + i * 1000, bareJob + i * 1000]).join(',');
    expect((await manager.get(`/api/file/BulkDownload?jobIds=${repeated}&format=pdf`)).statusCode).toBe(404);
    expect((await manager.get(`/api/file/BulkDownload?jobIds=${bareJob}&format=doc`)).statusCode).toBe(400);
    expect((await manager.get(`/api/file/BulkDownload?jobIds=${bareJob}`)).statusCode).toBe(400);
    expect((await manager.get('/api/file/BulkDownload?format=pdf')).statusCode).toBe(400);
    expect((await manager.get(`/api/file/BulkDownload?jobIds=${bareJob},x&format=pdf`)).statusCode).toBe(400);
    const before = (await downloads(bareJob)).length;
    const other = await manager.get(`/api/file/BulkDownload?jobIds=${bareJob},${southJob}&format=pdf`);
    expect(other.statusCode).toBe(404);
    expect(other.headers['content-type']).toContain('application/json');
    const none = await manager.get(`/api/file/BulkDownload?jobIds=${bareJob},${audioOnly}&format=pdf`);
    expect(none.statusCode).toBe(404);
    expect(none.json().error.message).toBe(`Job ${audioOnly} has no document.`);
    expect(await downloads(bareJob)).toHaveLength(before);
  });

  it('serves the stored CDA at Download/{id}.xml, audited, marking no list marker', async () => {
    const { bareJob, southJob } = scene.ids;
    const views = () => t.ctx.database.db.select().from(jobViews).where(eq(jobViews.jobId, bareJob));
    const viewsBefore = await views();
    const res = await manager.get(`/api/file/Download/${bareJob}.xml`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/xml');
    expect(res.headers['content-disposition']).toContain(`filename="Job-${bareJob}.xml"`);
    expect(res.rawPayload.equals(cdaFixture())).toBe(true);
    const rows = await downloads(bareJob);
    expect(rows.at(-1)).toMatchObject({ outcome: 'success', accountId: managerAccount });
    expect(rows.at(-1)!.detail).toEqual({ format: 'xml', via: 'download' });
    expect(await views()).toEqual(viewsBefore);

    const south = await manager.get(`/api/file/Download/${southJob}.xml`);
    expect(south.statusCode).toBe(404);
    expect(south.json().error.message).toBe(`Job ${southJob} was not found.`);
    expect((await textOnly.get(`/api/file/Download/${bareJob}.xml`)).statusCode).toBe(403);
    expect(await downloads(southJob)).toHaveLength(0);
  });

  it('answers 404 for the XML of a Word job, saying why, one job or in Jobs.zip', async () => {
    const word = await buildJob(t.ctx, scene.north.facilities[0]!, { stageId: 13 });
    await addWordDocument(t.ctx, word.id);
    const one = await manager.get(`/api/file/Download/${word.id}.xml`);
    expect(one.statusCode).toBe(404);
    expect(one.json().error.message).toBe(message('documents.noCda', { jobId: word.id }));
    const zip = await manager.get(`/api/file/BulkDownload?jobIds=${scene.ids.bareJob},${word.id}&format=xml`);
    expect(zip.statusCode).toBe(404);
    expect(zip.json().error.message).toBe(message('documents.noCda', { jobId: word.id }));
    expect(await downloads(word.id)).toHaveLength(0);
  });

  it('BulkDownload with format=xml zips every stored CDA byte for byte', async () => {
    const { docJob, finishedJob } = scene.ids;
    const res = await manager.get(`/api/file/BulkDownload?jobIds=${docJob},${finishedJob}&format=xml`);
    expect(res.statusCode).toBe(200);
    const entries = await readZip(res.rawPayload);
    expect([...entries.keys()]).toEqual([`Job-${docJob}.xml`, `Job-${finishedJob}.xml`]);
    expect(entries.get(`Job-${docJob}.xml`)!.equals(cdaFixture())).toBe(true);
    expect(entries.get(`Job-${finishedJob}.xml`)!.equals(cdaFixture('Consultation_Note'))).toBe(true);
    const zipped = (await downloads(finishedJob)).filter((r) => (r.detail as { via: string }).via === 'zip');
    expect(zipped.map((r) => (r.detail as { format: string }).format)).toContain('xml');
  });

  it('lists the document calls in the OpenAPI document', async () => {
    const doc = (await manager.get('/api/docs/openapi.json')).json();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/file/download/{file}',
        '/api/file/downloadrtf',
        '/api/file/FormatMultiplePdfJobs/{copiesOption}/{duplex}/{coverSheet}',
        '/api/file/BulkDownload',
        '/api/jobs/printed',
        '/api/jobs/completejobs',
      ]),
    );
  });
});
