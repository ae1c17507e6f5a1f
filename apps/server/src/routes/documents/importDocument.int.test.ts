import { MAX_DOCUMENT_IMPORT_BYTES, message } from '@quill/core';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, bookings, documentVersions, jobs, physicians, workTypes } from '../../db/schema/index.js';
import { buildDocx } from '../../demo/docx.js';
import { buildStoredZip } from '../../demo/zip.js';
import { findSoffice } from '../../documents/docx/docxToPdf.js';
import { extractRtfText } from '../../documents/rtf/extractRtfText.js';
import { renderJobDocument } from '../../services/documents/renderJobDocument.js';
import { multipartBody } from '../../testing/audioTestKit.js';
import { TestBrowser } from '../../testing/browser.js';
import { cdaFixtures, compact, fixtureSections } from '../../testing/cdaFixtures.js';
import { databaseTargets } from '../../testing/databases.js';
import { buildJob, buildPatient, buildStructure, buildUser } from '../../testing/factories.js';
import { pdfRawText, pdfWordBoxes, wordsOutside } from '../../testing/pdfProbe.js';
import { createTestApp, type TestApp } from '../../testing/testContext.js';

const FIXTURES = cdaFixtures();
const MARGIN = 54;

describe.each(databaseTargets())('document intake and rendering on $name', (target) => {
  let t: TestApp;
  let north: Awaited<ReturnType<typeof buildStructure>>;
  let editor: TestBrowser;
  let viewer: TestBrowser;
  let holderAccount: { id: number; member: string };
  let editorAccount: number;
  let southJob: number;
  const newJob = async () =>
    (
      await buildJob(t.ctx, north.facilities[0]!, {
        patientId: ids.patient,
        dictatorId: ids.dictator,
        workTypeId: ids.workType,
        dictatedAt: new Date('2026-03-04T15:30:00Z'),
      })
    ).id;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    t = await createTestApp(target);
    north = await buildStructure(t.ctx, { name: 'North' });
    const south = await buildStructure(t.ctx, { name: 'South' });
    const cs = north.structure.id;
    ids.patient = (await buildPatient(t.ctx, cs, { first: 'Zoë', last: 'Ørsted' })).id;
    const [doctor] = await t.ctx.database.db
      .insert(physicians)
      .values({
        corporateStructureId: cs,
        firstName: 'Ann',
        lastName: 'Zeller',
        credentials: 'MD',
        isDictator: true,
      })
      .returning();
    ids.dictator = doctor!.id;
    const [wt] = await t.ctx.database.db
      .insert(workTypes)
      .values({
        corporateStructureId: cs,
        clientFacilityId: north.facilities[0]!.id,
        name: 'Consult Note',
        number: 3,
      })
      .returning();
    ids.workType = wt!.id;
    southJob = (await buildJob(t.ctx, south.facilities[0]!)).id;

    const e = await buildUser(t.ctx, { accounts: [{ companyId: cs }] });
    editorAccount = e.accounts[0]!.id;
    editor = new TestBrowser(t.app);
    await editor.signInAs(e.user.username, e.password, editorAccount);
    const v = await buildUser(t.ctx, { accounts: [{ companyId: cs, permissions: ['jobView'] }] });
    viewer = new TestBrowser(t.app);
    await viewer.signInAs(v.user.username, v.password, v.accounts[0]!.id);
    const h = await buildUser(t.ctx, { username: 'holder', accounts: [{ companyId: cs }] });
    holderAccount = h.accounts[0]!;
  });
  afterAll(async () => t?.close());

  const upload = (jobId: number, bytes: Buffer | null, browser = editor, filename = 'document.xml') => {
    const body = multipartBody({ source: 'engine' }, bytes ? [{ filename, bytes }] : []);
    return browser.post(`/api/job/importDocument/${jobId}`, body.payload, { headers: body.headers });
  };
  const versions = (jobId: number) =>
    t.ctx.database.db
      .select()
      .from(documentVersions)
      .where(eq(documentVersions.jobId, jobId))
      .orderBy(asc(documentVersions.version));
  const jobRow = async (jobId: number) =>
    (await t.ctx.database.db.select().from(jobs).where(eq(jobs.id, jobId)))[0]!;

  for (const fixture of FIXTURES) {
    it(`imports ${fixture.name}, serves it back byte for byte, and renders every section title and narrative word to PDF and RTF`, async () => {
      const jobId = await newJob();
      const res = await upload(jobId, fixture.bytes, editor, fixture.name);
      expect(res.statusCode).toBe(201);
      // Issue 25: the structured document itself, as imported, for an EHR or a check by hand.
      const xml = await editor.get(`/api/file/Download/${jobId}.xml`);
      expect(xml.statusCode).toBe(200);
      expect(xml.headers['content-type']).toBe('application/xml');
      expect(xml.rawPayload.equals(fixture.bytes)).toBe(true);
      expect(res.json()).toEqual({ jobId, version: 2, format: 'CDA' });
      expect(await jobRow(jobId)).toMatchObject({ version: 2, documentType: 'CDA' });
      expect(await versions(jobId)).toMatchObject([
        { version: 2, format: 'CDA', source: 'import', isDraft: false, createdByAccountId: editorAccount },
      ]);
      const [audit] = await t.ctx.database.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.jobId, jobId), eq(auditLog.action, 'document.import')));
      expect(audit).toMatchObject({ outcome: 'success', accountId: editorAccount, patientId: ids.patient });
      expect(audit!.detail).toEqual({ version: 2, format: 'CDA', size: fixture.bytes.length, via: 'api' });

      const sections = fixtureSections(fixture.bytes.toString('utf8'));
      expect(sections.length).toBeGreaterThan(5);
      const pdf = await renderJobDocument(t.ctx, jobId, 'pdf');
      expect(pdf).toMatchObject({ contentType: 'application/pdf', extension: 'pdf' });
      const rtf = await renderJobDocument(t.ctx, jobId, 'rtf');
      expect(rtf).toMatchObject({ contentType: 'application/rtf', extension: 'rtf' });
      const outputs = { pdf: compact(await pdfRawText(pdf.bytes)), rtf: compact(extractRtfText(rtf.bytes)) };
      for (const [format, text] of Object.entries(outputs)) {
        // The job's facts head the document.
        for (const fact of [
          'Ørsted, Zoë',
          'Ann Zeller, MD',
          '03/04/2026 10:30',
          'Consult Note',
          'North Facility 1',
        ]) {
          expect(text, `${format}: ${fact}`).toContain(compact(fact));
        }
        for (const s of sections) {
          expect(text, `${format}: title ${s.title}`).toContain(compact(s.title));
          for (const word of s.words) expect(text, `${format}: ${s.title}: ${word}`).toContain(compact(word));
        }
      }
      const pages = await pdfWordBoxes(pdf.bytes);
      expect(wordsOutside(pages, { x: MARGIN, y: 0 })).toEqual([]);
      expect(outputs.pdf).toContain(`Page${pages.length}of${pages.length}`);
    });
  }

  it('imports a Word document; RTF carries its words, PDF needs LibreOffice', async () => {
    const jobId = await newJob();
    const docx = buildDocx([
      { text: 'Operative Report', heading: true },
      { text: 'FINDINGS', bold: true },
      { text: 'Inflamed appendix removed without complication.' },
    ]);
    const res = await upload(jobId, docx, editor, 'report.bin');
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ jobId, version: 2, format: 'DOCX' });
    expect(await jobRow(jobId)).toMatchObject({ documentType: 'DOCX', version: 2 });
    const rtf = extractRtfText((await renderJobDocument(t.ctx, jobId, 'rtf')).bytes);
    for (const w of ['Operative Report', 'FINDINGS', 'Inflamed appendix removed without complication.']) {
      expect(rtf).toContain(w);
    }
    if (findSoffice()) {
      const pdf = await renderJobDocument(t.ctx, jobId, 'pdf');
      expect(compact(await pdfRawText(pdf.bytes))).toContain('Inflamedappendix');
    } else {
      await expect(renderJobDocument(t.ctx, jobId, 'pdf')).rejects.toMatchObject({
        kind: 'unavailable',
        message: message('documents.wordNeedsLibreOffice'),
      });
    }
  });

  it('stacks versions: a second import becomes the current document', async () => {
    const jobId = await newJob();
    const [first, second] = FIXTURES;
    expect((await upload(jobId, first!.bytes)).json()).toMatchObject({ version: 2 });
    expect((await upload(jobId, second!.bytes)).json()).toMatchObject({ version: 3 });
    expect((await versions(jobId)).map((v) => v.version)).toEqual([2, 3]);
    const title = fixtureSections(second!.bytes.toString('utf8'))[0]!.title;
    expect(extractRtfText((await renderJobDocument(t.ctx, jobId, 'rtf')).bytes)).toContain(title);
  });

  it.each([
    ['plain text', Buffer.from('hello, not a document'), () => message('documents.import.unsupported')],
    ['binary', Buffer.from([0xff, 0xfe, 0x00, 0x01]), () => message('documents.import.unsupported')],
    [
      'malformed XML',
      Buffer.from('<ClinicalDocument xmlns="urn:hl7-org:v3"><title>'),
      /^The file ends before the document is complete \(line 1, column 49\)/,
    ],
    ['another XML root', Buffer.from('<section xmlns="urn:hl7-org:v3"/>'), /root element is section/],
    [
      'CDA without the HL7 namespace',
      Buffer.from('<ClinicalDocument/>'),
      /not ClinicalDocument in urn:hl7-org:v3/,
    ],
    [
      'a zip without a Word document',
      buildStoredZip([{ name: 'a.txt', data: Buffer.from('x') }]),
      /word\/document\.xml/,
    ],
    ['a broken zip', Buffer.from('PK\u0003\u0004garbage'), /^The file is not a Word \(\.docx\) document: /],
    ['an empty file', Buffer.alloc(0), () => message('documents.import.noFile')],
    ['no file at all', null, () => message('documents.import.noFile')],
  ])('refuses %s with 400 and changes nothing', async (_, bytes, expected) => {
    const jobId = await newJob();
    const res = await upload(jobId, bytes);
    expect(res.statusCode).toBe(400);
    const text = res.json().error.message as string;
    if (typeof expected === 'function') expect(text).toBe(expected());
    else expect(text).toMatch(expected);
    expect(await versions(jobId)).toEqual([]);
    expect(await jobRow(jobId)).toMatchObject({ version: 1, documentType: null });
    await expect(renderJobDocument(t.ctx, jobId, 'pdf')).rejects.toMatchObject({
      kind: 'notFound',
      message: message('documents.noDocument', { jobId }),
    });
  });

  it('refuses a file over the limit with 413', async () => {
    const jobId = await newJob();
    const res = await upload(jobId, Buffer.alloc(MAX_DOCUMENT_IMPORT_BYTES + 1, 0x20));
    expect(res.statusCode).toBe(413);
    expect(res.json().error.message).toBe(
      message('documents.import.tooLarge', { max: MAX_DOCUMENT_IMPORT_BYTES / (1024 * 1024) }),
    );
    expect(await versions(jobId)).toEqual([]);
  });

  it('answers 404 for another tenant’s job or a missing one, 403 without jobEdit', async () => {
    const fixture = FIXTURES[0]!.bytes;
    for (const jobId of [southJob, 999_999]) {
      const res = await upload(jobId, fixture);
      expect(res.statusCode).toBe(404);
      expect(res.json().error.message).toBe(`Job ${jobId} was not found.`);
    }
    expect(await versions(southJob)).toEqual([]);
    const jobId = await newJob();
    const res = await upload(jobId, fixture, viewer);
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toBe(message('documents.import.noPermission'));
    expect(await versions(jobId)).toEqual([]);
  });

  it('refuses a job booked out by another account (409), and takes it once the booking has lapsed', async () => {
    const jobId = await newJob();
    const hour = 3600_000;
    await t.ctx.database.db.insert(bookings).values({
      jobId,
      accountId: holderAccount.id,
      cookieHash: 'x',
      expiresAt: new Date(Date.now() + hour),
    });
    const res = await upload(jobId, FIXTURES[0]!.bytes);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(
      message('documents.import.bookedByOther', { jobId, holder: holderAccount.member }),
    );
    expect(await versions(jobId)).toEqual([]);
    expect(await jobRow(jobId)).toMatchObject({ version: 1 });

    await t.ctx.database.db
      .update(bookings)
      .set({ expiresAt: new Date(Date.now() - hour) })
      .where(eq(bookings.jobId, jobId));
    expect((await upload(jobId, FIXTURES[0]!.bytes)).statusCode).toBe(201);

    // The account holding the booking may import into its own booked job.
    await t.ctx.database.db
      .update(bookings)
      .set({ accountId: editorAccount, expiresAt: new Date(Date.now() + hour) })
      .where(eq(bookings.jobId, jobId));
    expect((await upload(jobId, FIXTURES[1]!.bytes)).json()).toMatchObject({ version: 3 });
  });

  it('is listed in the OpenAPI document with its answer', async () => {
    const res = await editor.get('/api/docs/openapi.json');
    expect(res.statusCode).toBe(200);
    const op = res.json().paths['/api/job/importDocument/{jobId}']?.post;
    expect(op?.responses?.['201']).toBeDefined();
  });

  it('needs the CSRF token like every other write', async () => {
    const jobId = await newJob();
    const body = multipartBody({}, [{ filename: 'd.xml', bytes: FIXTURES[0]!.bytes }]);
    const res = await editor.post(`/api/job/importDocument/${jobId}`, body.payload, {
      headers: body.headers,
      xsrf: false,
    });
    expect(res.statusCode).toBe(403);
    expect(await versions(jobId)).toEqual([]);
  });
});
