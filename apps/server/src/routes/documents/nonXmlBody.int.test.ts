import { message } from '@quill/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countPdfPages } from '../../documents/pdf/mergePdfs.js';
import { extractRtfText } from '../../documents/rtf/extractRtfText.js';
import { databaseTargets } from '../../testing/databases.js';
import { attachCda } from '../../testing/documents/documentTestKit.js';
import { headerDocument, nonXmlBody, smallPdf } from '../../testing/documents/headerDocuments.js';
import { pdfText } from '../../testing/documents/pdfText.js';
import { buildJob, buildPatient, buildStructure, buildUser } from '../../testing/factories.js';
import { TestBrowser } from '../../testing/processes/browser.js';
import { createTestApp, type TestApp } from '../../testing/testContext.js';

const flat = (text: string) => text.replace(/\s+/g, ' ');

/** Issue 40: a stored CDA whose body is a nonXMLBody, downloaded and opened in the editor. */
describe.each(databaseTargets())('a document with a non-XML body on $name', (target) => {
  let t: TestApp;
  let manager: TestBrowser;
  let facility: Awaited<ReturnType<typeof buildStructure>>['facilities'][number];
  let patientId: number;

  beforeAll(async () => {
    t = await createTestApp(target);
    const north = await buildStructure(t.ctx, { name: 'North', facilities: 1 });
    facility = north.facilities[0]!;
    patientId = (await buildPatient(t.ctx, north.structure.id, { first: 'Ada', last: 'Lovelace' })).id;
    const u = await buildUser(t.ctx, { username: 'bodymgr', accounts: [{ companyId: north.structure.id }] });
    manager = new TestBrowser(t.app);
    await manager.signInAs('bodymgr', u.password, u.accounts[0]!.id);
  }, 60_000);
  afterAll(async () => t?.close());

  const jobWith = async (body: string) => {
    const job = await buildJob(t.ctx, facility, { stageId: 9, patientId });
    await attachCda(t.ctx, job.id, Buffer.from(headerDocument(body)));
    return job.id;
  };

  it('a reference: the PDF, the RTF and the editor say the body is an external file', async () => {
    const id = await jobWith(nonXmlBody('mediaType="application/pdf"', '<reference value="scan-0042.pdf"/>'));
    const note = message('documents.render.body.reference', {
      reference: 'scan-0042.pdf',
      mediaType: 'application/pdf',
    });
    const pdf = await manager.get(`/api/file/download/${id}.pdf`);
    expect(pdf.statusCode).toBe(200);
    const text = flat(await pdfText(pdf.rawPayload));
    expect(text).toContain(note);
    // The job's patient, the warning, and the document's own patient under its heading.
    expect(text).toContain('Lovelace, Ada');
    expect(text).toContain('The document names another patient than this job');
    expect(text).toContain(`${message('documents.render.fromDocument.heading')}`);
    expect(text).toContain('Myra Quennell');
    const rtf = await manager.get(`/api/file/download/${id}.rtf`);
    expect(flat(extractRtfText(rtf.rawPayload))).toContain(note);
    const cda = await manager.get(`/api/job/getcda?jobId=${id}`);
    expect(cda.statusCode, cda.body).toBe(200);
    expect(cda.json().model.nonXmlBody).toEqual({
      kind: 'reference',
      mediaType: 'application/pdf',
      reference: 'scan-0042.pdf',
      note,
    });
    expect(cda.json().model.sections.every((s: { editable: boolean }) => !s.editable)).toBe(true);
  });

  it('an embedded PDF: its pages follow the rendered header; a broken one is a note, never a 500', async () => {
    const embedded = (await smallPdf(2)).toString('base64');
    const id = await jobWith(nonXmlBody('mediaType="application/pdf" representation="B64"', embedded));
    const pdf = await manager.get(`/api/file/download/${id}.pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(await countPdfPages(pdf.rawPayload)).toBe(3);
    expect(flat(await pdfText(pdf.rawPayload, { first: 3 }))).toContain('Embedded page 2');
    const cda = (await manager.get(`/api/job/getcda?jobId=${id}`)).json();
    expect(cda.model.nonXmlBody).toMatchObject({
      kind: 'pdf',
      note: message('documents.render.body.embeddedPdf'),
    });

    const broken = await jobWith(
      nonXmlBody(
        'mediaType="application/pdf" representation="B64"',
        Buffer.from('%PDF-1.4 junk').toString('base64'),
      ),
    );
    const answer = await manager.get(`/api/file/download/${broken}.pdf`);
    expect(answer.statusCode).toBe(200);
    expect(flat(await pdfText(answer.rawPayload))).toContain(message('documents.render.body.unreadablePdf'));
  });
});
