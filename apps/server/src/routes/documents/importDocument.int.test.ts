import {
  DOCUMENT_PATIENT_FLAG_CODE,
  MAX_DOCUMENT_IMPORT_BYTES,
  message,
  SAVE_MODES,
  STAGES,
} from '@quill/core';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  bookings,
  documentVersions,
  jobFlags,
  jobs,
  physicians,
  workTypes,
} from '../../db/schema/index.js';
import { buildDocx } from '../../demo/files/docx.js';
import { buildStoredZip } from '../../demo/files/zip.js';
import { findSoffice } from '../../documents/docx/docxToPdf.js';
import { extractRtfText } from '../../documents/rtf/extractRtfText.js';
import { renderJobDocument } from '../../services/documents/renderJobDocument.js';
import { multipartBody } from '../../testing/audioTestKit.js';
import { databaseTargets } from '../../testing/databases.js';
import { cdaFixtures, compact, fixtureSections } from '../../testing/documents/cdaFixtures.js';
import { pdfRawText, pdfWordBoxes, wordsOutside } from '../../testing/documents/pdfProbe.js';
import { buildJob, buildPatient, buildStructure, buildUser } from '../../testing/factories.js';
import { jobDataBody } from '../../testing/jobEditorTestKit.js';
import { TestBrowser } from '../../testing/processes/browser.js';
import { createTestApp, type TestApp } from '../../testing/testContext.js';

const FIXTURES = cdaFixtures();
const MARGIN = 54;
/** Issue 40: the fixtures name their own patients; a test about rendering confirms the import. */
const RENDERING = 'Rendering test: the fixture names its own patient';

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

  const upload = (
    jobId: number,
    bytes: Buffer | null,
    browser = editor,
    filename = 'document.xml',
    reason: string | null = RENDERING,
  ) => {
    const fields: Record<string, string> = { source: 'engine' };
    if (reason !== null) fields.confirmPatientReason = reason;
    const body = multipartBody(fields, bytes ? [{ filename, bytes }] : []);
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
      expect(res.json()).toMatchObject({ jobId, version: 2, format: 'CDA', patientCheck: 'confirmed' });
      expect(await jobRow(jobId)).toMatchObject({ version: 2, documentType: 'CDA' });
      expect(await versions(jobId)).toMatchObject([
        { version: 2, format: 'CDA', source: 'import', isDraft: false, createdByAccountId: editorAccount },
      ]);
      const [audit] = await t.ctx.database.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.jobId, jobId), eq(auditLog.action, 'document.import')));
      expect(audit).toMatchObject({ outcome: 'success', accountId: editorAccount, patientId: ids.patient });
      expect(audit!.detail).toEqual({
        version: 2,
        format: 'CDA',
        size: fixture.bytes.length,
        via: 'api',
        patientCheck: 'confirmed',
      });

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
    expect(res.json()).toMatchObject({ jobId, version: 2, format: 'DOCX', patientCheck: 'none' });
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

  // Issue 40: whose document is this. Consultation_Note.xml names Eve Betterhalf (born 1975-05-01,
  // female, no record number); the world's jobs are about Zoë Ørsted.
  describe('whose document is this', () => {
    const consultation = FIXTURES.find((f) => f.name === 'Consultation_Note.xml')!.bytes;
    /** The consultation without its recordTarget: a document that names no patient. */
    const unnamed = Buffer.from(
      consultation.toString('utf8').replace(/<recordTarget>[\s\S]*<\/recordTarget>/, ''),
    );
    const flags = (jobId: number) =>
      t.ctx.database.db.select().from(jobFlags).where(eq(jobFlags.jobId, jobId));
    const audits = (jobId: number, action: string) =>
      t.ctx.database.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.jobId, jobId), eq(auditLog.action, action)));

    it('another patient’s document: 409 naming what differs, both values, nothing stored', async () => {
      const jobId = await newJob();
      const res = await upload(jobId, consultation, editor, 'consult.xml', null);
      expect(res.statusCode).toBe(409);
      const error = res.json().error;
      expect(error.code).toBe('document_patient_differs');
      expect(error.message).toContain(
        `The document is about another patient than job ${jobId} (Name: Eve Betterhalf in the document, Ørsted, Zoë in the job)`,
      );
      expect(error.details).toMatchObject({
        differences: [{ part: 'name', document: 'Eve Betterhalf', job: 'Ørsted, Zoë' }],
        documentPatient: { name: 'Eve Betterhalf', birthDate: '1975-05-01', sex: 'F' },
        jobPatient: { lastName: 'Ørsted', firstName: 'Zoë' },
      });
      expect(await versions(jobId)).toEqual([]);
      expect(await jobRow(jobId)).toMatchObject({ version: 1, documentType: null });
      expect(await flags(jobId)).toEqual([]);
      // The refusal showed the job's patient: audited, the parts only.
      const [refused] = await audits(jobId, 'document.import');
      expect(refused).toMatchObject({ outcome: 'failure', patientId: ids.patient });
      expect(refused!.detail).toEqual({ code: 'document_patient_differs', parts: ['name'] });
    });

    it('names a birth date that differs in the user’s date format, not as stored', async () => {
      const cs = north.structure.id;
      const eve = await buildPatient(t.ctx, cs, { first: 'Eve', last: 'Betterhalf' });
      const job = await buildJob(t.ctx, north.facilities[0]!, {
        patientId: eve.id,
        adt: { 'PID.7.1': '1980-02-03' },
        dictatorId: ids.dictator,
        workTypeId: ids.workType,
      });
      const res = await upload(job.id, consultation, editor, 'consult.xml', null);
      expect(res.statusCode).toBe(409);
      const text = res.json().error.message;
      expect(text).toContain('05/01/1975 in the document');
      expect(text).toContain('02/03/1980 in the job');
      expect(text).not.toContain('1975-05-01');
    });

    it('a caller who may not see patient data is told which parts differ, not the values', async () => {
      const jobId = await newJob();
      const cs = north.structure.id;
      const u = await buildUser(t.ctx, {
        accounts: [{ companyId: cs, permissions: ['jobView', 'jobEdit'] }],
      });
      const blind = new TestBrowser(t.app);
      await blind.signInAs(u.user.username, u.password, u.accounts[0]!.id);
      const res = await upload(jobId, consultation, blind, 'consult.xml', null);
      expect(res.statusCode).toBe(409);
      expect(res.json().error.message).toContain('(Name differs)');
      expect(res.body).not.toContain('Betterhalf');
      expect(res.body).not.toContain('Ørsted');
      expect(res.json().error.details).toEqual({
        differences: [{ part: 'name', document: null, job: null }],
        documentPatient: null,
        jobPatient: null,
      });
      expect(await versions(jobId)).toEqual([]);
    });

    it('confirmed with a reason: stored, audited with the reason, flagged in the hold queue until a document that does not differ', async () => {
      const jobId = await newJob();
      for (const [reason, expected] of [
        ['   ', message('patientIdentity.reasonRequired')],
        ['x'.repeat(501), /at most 500 characters/],
        ['line one\nline two', /control character/],
      ] as const) {
        const bad = await upload(jobId, consultation, editor, 'consult.xml', reason);
        expect(bad.statusCode).toBe(400);
        if (typeof expected === 'string') expect(bad.json().error.message).toBe(expected);
        else expect(bad.json().error.message).toMatch(expected);
      }
      expect(await versions(jobId)).toEqual([]);

      const reason = 'Ward confirmed: dictated under the mother’s chart';
      const res = await upload(jobId, consultation, editor, 'consult.xml', reason);
      expect(res.statusCode).toBe(201);
      expect(res.json()).toEqual({
        jobId,
        version: 2,
        format: 'CDA',
        patientCheck: 'confirmed',
        patientMessage: message('documentPatient.confirmed', { flag: message('documentPatient.flag') }),
      });
      expect(await versions(jobId)).toMatchObject([{ version: 2, source: 'import' }]);
      const [confirmed] = await audits(jobId, 'job.document.patientConfirmed');
      expect(confirmed).toMatchObject({
        outcome: 'success',
        accountId: editorAccount,
        patientId: ids.patient,
      });
      expect(confirmed!.detail).toEqual({ version: 2, parts: ['name'], reason });
      const trail = await editor.get(`/api/job/audittrail?jobId=${jobId}`);
      expect(trail.body).toContain(
        `Imported a document whose patient differs from the job’s patient (Name). Reason: ${reason}`,
      );

      const flag = {
        code: DOCUMENT_PATIENT_FLAG_CODE,
        description: 'Document patient differs from the job’s patient',
      };
      expect(await flags(jobId)).toMatchObject([flag]);
      const details = (await editor.get(`/api/job/GetJobDetails?jobId=${jobId}`)).json();
      expect(details.holdQueueFlags).toEqual([flag]);
      // Check Flags shows it as a failing patient-identity rule (a release asks for a reason).
      const check = await editor.post('/api/job/RunHoldQueueCheck', { jobId });
      expect(check.statusCode, check.body).toBe(200);
      expect(check.json()).toContainEqual({
        ruleCode: DOCUMENT_PATIENT_FLAG_CODE,
        ruleDescription: flag.description,
        isTriggered: true,
        isIdentity: true,
      });

      // A document that names no patient replaces it: nothing differs any more, the flag goes.
      const next = await upload(jobId, unnamed, editor, 'unnamed.xml', null);
      expect(next.statusCode).toBe(201);
      expect(next.json()).toMatchObject({ version: 3, patientCheck: 'none' });
      expect(await flags(jobId)).toEqual([]);
      const imports = await audits(jobId, 'document.import');
      expect(imports.at(-1)!.detail).toMatchObject({ version: 3, patientCheck: 'none', flagLowered: true });
    });

    it('a document that names no patient is accepted and says so', async () => {
      const jobId = await newJob();
      const res = await upload(jobId, unnamed, editor, 'unnamed.xml', null);
      expect(res.statusCode).toBe(201);
      expect(res.json()).toEqual({
        jobId,
        version: 2,
        format: 'CDA',
        patientCheck: 'none',
        patientMessage: 'The document names no patient, so it was not compared with the job’s patient.',
      });
      expect(await flags(jobId)).toEqual([]);
    });

    it('the job’s own patient’s document is accepted without a question; a job without patient data says it could not compare', async () => {
      const eve = await buildPatient(t.ctx, north.structure.id, { first: 'Eve', last: 'Betterhalf' });
      const match = (
        await buildJob(t.ctx, north.facilities[0]!, {
          patientId: eve.id,
          adt: { 'PID.7.1': '19750501', 'PID.8.1': 'F' },
        })
      ).id;
      const res = await upload(match, consultation, editor, 'consult.xml', null);
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json()).toMatchObject({
        patientCheck: 'match',
        patientMessage: message('documentPatient.match'),
      });
      expect(await audits(match, 'job.document.patientConfirmed')).toEqual([]);
      expect(await flags(match)).toEqual([]);

      const bare = (await buildJob(t.ctx, north.facilities[0]!)).id;
      const none = await upload(bare, consultation, editor, 'consult.xml', null);
      expect(none.statusCode).toBe(201);
      expect(none.json()).toMatchObject({ patientCheck: 'notCompared' });
    });

    it('the flag holds through a save to the hold queue, and goes once the job’s patient matches', async () => {
      const jobId = await newJob();
      const imported = await upload(jobId, consultation, editor, 'consult.xml', 'Checked with the ward');
      expect(imported.statusCode).toBe(201);
      const save = async (saveMode: number) => {
        const bookingCookie = (await editor.post('/api/job/bookoutjob', { jobId })).json().bookingCookie;
        const setJobDataRequest = jobDataBody(
          (await editor.get(`/api/job/getjobdata?jobId=${jobId}`)).json(),
        );
        const { version } = await jobRow(jobId);
        const res = await editor.post('/api/job/savejob', {
          jobId,
          version,
          bookingCookie,
          saveMode,
          setJobDataRequest,
        });
        expect(res.statusCode, res.body).toBe(200);
        return res.json();
      };
      // Hold: the rules run again; the document still names another patient, the flag stays.
      const held = await save(SAVE_MODES.hold);
      expect(held.flags).toContainEqual(expect.objectContaining({ code: DOCUMENT_PATIENT_FLAG_CODE }));
      expect(await flags(jobId)).toHaveLength(1);

      // The job's patient corrected to the document's: the check row no longer fails, and the next
      // save (even one that writes no flags) lowers the flag.
      const eve = await buildPatient(t.ctx, north.structure.id, { first: 'Eve', last: 'Betterhalf' });
      await t.ctx.database.db.update(jobs).set({ patientId: eve.id }).where(eq(jobs.id, jobId));
      const check = await editor.post('/api/job/RunHoldQueueCheck', { jobId });
      expect(check.json()).toContainEqual(
        expect.objectContaining({ ruleCode: DOCUMENT_PATIENT_FLAG_CODE, isTriggered: false }),
      );
      await save(SAVE_MODES.saveOnly);
      expect(await flags(jobId)).toEqual([]);
    });
  });

  // Issue 40: a finished document is final.
  it.each([
    ['Finished', STAGES.finished.id],
    ['Cancelled', STAGES.cancelled.id],
  ])('refuses a %s job with the editor’s words (409), nothing stored', async (stage, stageId) => {
    const jobId = await newJob();
    await t.ctx.database.db.update(jobs).set({ stageId }).where(eq(jobs.id, jobId));
    const res = await upload(jobId, FIXTURES[0]!.bytes);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toEqual({
      code: 'closed_stage',
      message: message('job.closedStage', { jobId, stage }),
    });
    expect(res.json().error.message).toBe(`Job ${jobId} is ${stage} and can no longer be edited.`);
    expect(await versions(jobId)).toEqual([]);
    expect(await jobRow(jobId)).toMatchObject({ version: 1, documentType: null, stageId });
  });
});
