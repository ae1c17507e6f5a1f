import { readFileSync } from 'node:fs';
import { Readable } from 'node:stream';
import {
  COMPOSITE_NAME_DEFINITION,
  type HeadingMappingItem,
  IGNORE_DEFINITION,
  type MappingDefinition,
  ROW_ACTION_DEFINITION,
  SCHEDULE_DATE_FORMATS,
  SCHEDULE_LIMITS,
  type ValidateHeadingsResponse,
} from '@quill/core';
import { and, asc, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adtDefinitions, auditLog, orders, patients, uploads, visits } from '../../db/schema/index.js';
import { ADT_FIELDS, ORDER_FIELDS } from '../../demo/adt.js';
import { CSRF_MESSAGE } from '../../http/csrf.js';
import { importScheduleTask } from '../../tasks/importSchedule.js';
import { TASKS } from '../../tasks/registry.js';
import { multipartBody } from '../../testing/audioTestKit.js';
import { databaseTargets } from '../../testing/databases.js';
import { buildJob, buildStructure, buildUser } from '../../testing/factories.js';
import { TestBrowser } from '../../testing/processes/browser.js';
import { createTestApp, type TestApp } from '../../testing/testContext.js';

const FIXTURE = readFileSync(new URL('../../services/schedule/fixtures/schedule.csv', import.meta.url));

describe.each(databaseTargets())('Schedule upload on $name', (target) => {
  let t: TestApp;
  let north: Awaited<ReturnType<typeof buildStructure>>;
  let south: Awaited<ReturnType<typeof buildStructure>>;
  let manager: TestBrowser;
  let colleague: TestBrowser;
  let dictator: TestBrowser;
  let adtOnly: TestBrowser;
  let handler: Awaited<ReturnType<typeof importScheduleTask.handler>>;

  beforeAll(async () => {
    t = await createTestApp(target);
    north = await buildStructure(t.ctx, { name: 'North', facilities: 2 });
    south = await buildStructure(t.ctx, { name: 'South' });
    const cs = north.structure.id;
    await t.ctx.database.db.insert(adtDefinitions).values([
      ...[...ADT_FIELDS, ...ORDER_FIELDS].map((d) => ({ ...d, corporateStructureId: cs })),
      ...[...ADT_FIELDS, ...ORDER_FIELDS].map((d) => ({ ...d, corporateStructureId: south.structure.id })),
      {
        corporateStructureId: cs,
        clientFacilityId: north.facilities[1]!.id,
        columnHeading: 'Room',
        displayName: 'Room',
        segmentName: 'PV1',
        segmentType: 1,
        fieldIndex: 3,
        componentIndex: 2,
        dataType: 4,
        ordinal: 20,
      },
      {
        corporateStructureId: cs,
        columnHeading: 'Attending',
        displayName: 'Attending physician',
        segmentName: 'PV1',
        segmentType: 1,
        fieldIndex: 7,
        componentIndex: 1,
        dataType: 4,
        ordinal: 21,
        isPhysician: true,
      },
    ]);
    const sign = async (permissions?: string[], memberType = 3) => {
      const u = await buildUser(t.ctx, { accounts: [{ companyId: cs, permissions, memberType }] });
      const b = new TestBrowser(t.app);
      await b.signInAs(u.user.username, u.password, u.accounts[0]!.id);
      return b;
    };
    manager = await sign();
    colleague = await sign();
    dictator = await sign(['jobView'], 1);
    adtOnly = await sign(['adtUpload']);
    handler = await importScheduleTask.handler();
  });
  afterAll(async () => t?.close());

  const facility = () => north.facilities[0]!;
  const validate = (
    fields: Record<string, string>,
    file: { filename: string; bytes: Buffer } | null,
    browser = manager,
    opts: { xsrf?: boolean } = {},
  ) => {
    const body = multipartBody(fields, file ? [file] : []);
    return browser.post('/api/schedule/validateheadings', body.payload, { headers: body.headers, ...opts });
  };
  const fieldsFor = (extra: Record<string, string> = {}) => ({
    companyId: String(facility().id),
    mshActionType: '0',
    ...extra,
  });
  const validateCsv = async (csv: string | Buffer, extra: Record<string, string> = {}) => {
    const res = await validate(fieldsFor(extra), {
      filename: 'schedule.csv',
      bytes: typeof csv === 'string' ? Buffer.from(csv) : csv,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as ValidateHeadingsResponse;
  };
  const defNamed = (v: ValidateHeadingsResponse, heading: string) =>
    v.adtDefinitions.find((d) => d.columnHeading === heading)!;
  /** The prefilled items with some headings mapped (a definition) or ignored (null). */
  const mapped = (
    v: ValidateHeadingsResponse,
    overrides: Record<string, Partial<HeadingMappingItem> | MappingDefinition | null>,
  ) =>
    v.mappingItems.map((item) => {
      const o = overrides[item.fileHeading];
      if (o === undefined) return item;
      if (o === null)
        return { ...item, adtDefinition: IGNORE_DEFINITION, isIgnored: true, dateTimeFormat: null };
      if ('segmentName' in o) return { ...item, adtDefinition: o as MappingDefinition, isIgnored: false };
      return { ...item, ...o };
    });
  const submit = (
    v: ValidateHeadingsResponse,
    mappingItems: HeadingMappingItem[],
    extra: { actionType?: number; form?: 'Schedule' | 'ADT'; browser?: TestBrowser; companyId?: number } = {},
  ) =>
    (extra.browser ?? manager).post(`/api/schedule/Submit${extra.form ?? 'Schedule'}Headings`, {
      companyId: extra.companyId ?? facility().id,
      companyName: facility().name,
      fileName: v.fileName,
      revisedFileName: v.revisedFileName,
      mappingItems,
      mappingsExist: v.mappingsExist,
      defaultValues: {},
      actionType: extra.actionType ?? 0,
      sampleTableData: v.sampleDataTable,
      adtDefinitions: v.adtDefinitions,
      dateFormats: v.dateFormats,
    });
  /** The fixture's full mapping: appointment date + time into the visit's admit time, provider ignored. */
  const fixtureMapping = (v: ValidateHeadingsResponse) =>
    mapped(v, {
      'Patient Name': { compositeColumnFormat: 0 },
      'Appointment Date': {
        adtDefinition: defNamed(v, 'AdmitDate'),
        dateTimeFormat: 'MM/dd/yyyy HH:mm',
        splitTimeHeading: 'Appointment Time',
      },
      'Appointment Time': { adtDefinition: IGNORE_DEFINITION, isIgnored: true, isSubField: true },
      Provider: null,
    });
  const queuedTasks = async () => {
    const { rows } = await t.ctx.database.executeSql(
      "select count(*)::int as n from pgboss.job where name = 'importSchedule-v1'",
    );
    return rows[0]!.n as number;
  };
  const patientByMrn = async (mrn: string) => {
    const [p] = await t.ctx.database.db
      .select()
      .from(patients)
      .where(and(eq(patients.corporateStructureId, north.structure.id), eq(patients.mrn, mrn)));
    return p;
  };
  const visitsOf = async (mrn: string) => {
    const p = await patientByMrn(mrn);
    if (!p) return [];
    return t.ctx.database.db
      .select()
      .from(visits)
      .where(eq(visits.patientId, p.id))
      .orderBy(asc(visits.visitNumber));
  };
  const snapshot = async () => {
    const { rows } = await t.ctx.database.executeSql(
      `select p.mrn, p.last_name, p.first_name, p.middle_name, p.date_of_birth::text as dob, p.sex, p.adt,
              v.visit_number, v.patient_class, v.admitted_at, v.adt as visit_adt
         from patients p left join visits v on v.patient_id = p.id
        order by p.mrn, v.visit_number`,
    );
    return rows;
  };
  const status = (id: number, browser = manager) => browser.get(`/api/schedule/status/${id}`);
  /** Issue 39: works the upload out (its preview; nothing applied), confirms it as its submitter, applies it. */
  const process = async (uploadId: number, browser = manager) => {
    await handler(t.ctx, { uploadId });
    expect((await status(uploadId, browser)).json().status).toBe('preview');
    const confirmed = await browser.post(`/api/schedule/uploads/${uploadId}/confirm`);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    await handler(t.ctx, { uploadId });
  };

  it('finds the account’s client facilities by part of the name or by id', async () => {
    const [f1, f2] = north.facilities;
    const search = async (text: string, browser = manager) => {
      const res = await browser.post(`/api/company/searchbynameorid/${encodeURIComponent(text)}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    };
    expect(await search('NORTH facility')).toEqual([
      { id: f1!.id, name: f1!.name, displayValue: `${f1!.name} (${f1!.id})` },
      { id: f2!.id, name: f2!.name, displayValue: `${f2!.name} (${f2!.id})` },
    ]);
    expect((await search('facility')).map((c: { id: number }) => c.id)).toEqual([f1!.id, f2!.id]);
    expect((await search(String(f2!.id))).map((c: { id: number }) => c.id)).toEqual([f2!.id]);
    expect(await search(String(south.facilities[0]!.id))).toEqual([]);
    expect(await search('South')).toEqual([]);
    expect(await search('%')).toEqual([]);
    expect(await search('_')).toEqual([]);
    expect((await search('facility 2', adtOnly)).map((c: { id: number }) => c.id)).toEqual([f2!.id]);
    const denied = await dictator.post('/api/company/searchbynameorid/North');
    expect(denied.statusCode).toBe(403);
    expect(denied.json().error.message).toBe('You do not have permission to upload schedules.');
    const blank = await manager.post('/api/company/searchbynameorid/%20%20');
    expect(blank.statusCode).toBe(400);
    expect(blank.json().error.message).toContain('Type part of a client facility name or id');
  });

  it('reads a CSV, keeps it and answers prefilled mapping items, samples, definitions and formats', async () => {
    const v = await validateCsv(FIXTURE);
    expect(v.fileName).toBe('schedule.csv');
    expect(v.revisedFileName).toMatch(/^upload-\d+$/);
    expect(v.totalRows).toBe(6);
    expect(v.mappingsExist).toBe(false);
    expect(v.dateFormats).toEqual([...SCHEDULE_DATE_FORMATS]);
    expect(v.sampleDataTable.headings).toEqual([
      'MRN',
      'Patient Name',
      'DOB',
      'Visit Number',
      'Appointment Date',
      'Appointment Time',
      'Patient Class',
      'Provider',
    ]);
    expect(v.sampleDataTable.rows).toHaveLength(SCHEDULE_LIMITS.sampleRows);
    expect(v.sampleDataTable.rows[0]![1]).toBe('Okafor, Grace Adaeze');
    const byHeading = Object.fromEntries(v.mappingItems.map((i) => [i.fileHeading, i]));
    expect(byHeading.MRN!.adtDefinition).toMatchObject({
      segmentName: 'PID',
      fieldIndex: 3,
      componentIndex: 1,
    });
    expect(byHeading.MRN!.sample).toBe('100234');
    expect(byHeading['Patient Name']!.adtDefinition).toEqual(COMPOSITE_NAME_DEFINITION);
    expect(byHeading.DOB).toMatchObject({ dateTimeFormat: 'MM/dd/yyyy', sample: '04/12/1958' });
    expect(byHeading['Visit Number']!.adtDefinition).toMatchObject({ fieldIndex: 18, componentIndex: 1 });
    expect(byHeading['Patient Class']!.adtDefinition).toMatchObject({ segmentName: 'PV1', segmentType: 2 });
    expect(byHeading['Appointment Date']!.adtDefinition).toBeNull();
    expect(byHeading.Provider!.adtDefinition).toBeNull();
    // The pseudo definitions first (Row Action only for Varied), the facility's, shifted segment types.
    const headings = v.adtDefinitions.map((d) => d.columnHeading);
    expect(headings.slice(0, 3)).toEqual(['Ignore', 'Patient Name (composite)', 'MRN']);
    expect(headings).not.toContain('Row Action');
    expect(headings).not.toContain('Attending');
    expect(headings).not.toContain('Room');
    expect(defNamed(v, 'OrderNumber').segmentType).toBe(3);
    const [row] = await t.ctx.database.db
      .select()
      .from(uploads)
      .where(eq(uploads.id, Number(v.revisedFileName.slice('upload-'.length))));
    expect(row).toMatchObject({
      kind: 'SCHEDULE',
      status: 'validated',
      actionType: 0,
      fileName: 'schedule.csv',
    });
    expect(await t.ctx.blobs.get(row!.blobKey)).toEqual(FIXTURE);

    const varied = await validate(
      fieldsFor({ companyId: String(north.facilities[1]!.id), mshActionType: '2' }),
      {
        filename: 'varied.CSV',
        bytes: FIXTURE,
      },
    );
    const variedHeadings = (varied.json() as ValidateHeadingsResponse).adtDefinitions.map(
      (d) => d.columnHeading,
    );
    expect(variedHeadings.slice(0, 3)).toEqual(['Ignore', 'Patient Name (composite)', 'Row Action']);
    expect(variedHeadings).toContain('Room');
  });

  it('reads the first sheet of an xlsx, dates as text the offered formats read', async () => {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('Clinic');
    sheet.addRow(['MRN', 'Name', 'DOB', 'Visit', 'Admit']);
    sheet.addRow([
      123,
      'Doe, Jane',
      new Date(Date.UTC(1960, 0, 31)),
      'V-1',
      new Date(Date.UTC(2024, 2, 11, 8, 30)),
    ]);
    sheet.addRow([]);
    sheet.addRow([124, { richText: [{ text: 'Roe, ' }, { text: 'Rich' }] }, null, 'V-2', null]);
    book.addWorksheet('Other').addRow(['Ignored']);
    const bytes = Buffer.from(await book.xlsx.writeBuffer());
    for (const filename of ['clinic.xlsx', 'clinic.xslx']) {
      const res = await validate(fieldsFor(), { filename, bytes });
      expect(res.statusCode, res.body).toBe(200);
      const v = res.json() as ValidateHeadingsResponse;
      expect(v.totalRows).toBe(2);
      expect(v.sampleDataTable.rows).toEqual([
        ['123', 'Doe, Jane', '01/31/1960', 'V-1', '03/11/2024 08:30'],
        ['124', 'Roe, Rich', '', 'V-2', ''],
      ]);
      const name = v.mappingItems.find((i) => i.fileHeading === 'Name')!;
      expect(name.adtDefinition).toEqual(COMPOSITE_NAME_DEFINITION);
    }
  });

  it('refuses bad uploads with the catalogue’s messages and keeps nothing', async () => {
    const before = await t.ctx.database.db.$count(uploads);
    const csv = (text: string, filename = 'a.csv') => ({ filename, bytes: Buffer.from(text) });
    const cases: [string, Awaited<ReturnType<typeof validate>>, number, string][] = [
      ['no file', await validate(fieldsFor(), null), 400, 'Choose a .csv or .xlsx file to upload.'],
      ['empty file', await validate(fieldsFor(), csv('')), 400, 'Choose a .csv or .xlsx file to upload.'],
      [
        'wrong type',
        await validate(fieldsFor(), csv('a,b\n1,2', 'a.txt')),
        400,
        'The file must be a .csv or .xlsx spreadsheet.',
      ],
      [
        'not a workbook',
        await validate(fieldsFor(), csv('a,b\n1,2', 'a.xlsx')),
        400,
        'The file could not be read as a spreadsheet.',
      ],
      [
        'broken quotes',
        await validate(fieldsFor(), csv('a,"b\n1,2')),
        400,
        'The file could not be read as a spreadsheet.',
      ],
      ['blank lines only', await validate(fieldsFor(), csv('\n , \n')), 400, 'The file has no heading row.'],
      [
        'headings only',
        await validate(fieldsFor(), csv('MRN,Name\r\n')),
        400,
        'The file has headings but no rows of data.',
      ],
      [
        'duplicate headings',
        await validate(fieldsFor(), csv('MRN,Name,mrn\n1,2,3')),
        400,
        'The heading "mrn" appears more than once.',
      ],
      [
        'bad action',
        await validate(fieldsFor({ mshActionType: '7' }), csv('a\n1')),
        400,
        'mshActionType must be 0, 1, 2 or 3',
      ],
      [
        'bad company',
        await validate(fieldsFor({ companyId: 'x' }), csv('a\n1')),
        400,
        'companyId must be a whole number',
      ],
      [
        'other structure’s facility',
        await validate(fieldsFor({ companyId: String(south.facilities[0]!.id) }), csv('a\n1')),
        404,
        `Unable to find client facility ${south.facilities[0]!.id}`,
      ],
      [
        'dictator',
        await validate(fieldsFor(), csv('a\n1'), dictator),
        403,
        'You do not have permission to upload schedules.',
      ],
      [
        'patient uploader, schedule form',
        await validate(fieldsFor(), csv('a\n1'), adtOnly),
        403,
        'You do not have permission to upload schedules.',
      ],
      [
        'schedule uploader, ADT form',
        await validate(fieldsFor({ formType: '0' }), csv('a\n1'), dictator),
        403,
        'You do not have permission to upload schedules.',
      ],
      [
        'no XSRF token',
        await validate(fieldsFor(), csv('a\n1'), manager, { xsrf: false }),
        403,
        CSRF_MESSAGE,
      ],
    ];
    for (const [name, res, code, text] of cases) {
      expect(res.statusCode, name).toBe(code);
      expect(res.json().error.message, name).toBe(text);
    }
    const many = Array.from({ length: SCHEDULE_LIMITS.maxHeadings + 1 }, (_, i) => `H${i}`).join(',');
    const tooWide = await validate(fieldsFor(), csv(`${many}\n1`));
    expect(tooWide.json().error.message).toBe('The file has 101 headings; at most 100 are allowed.');
    expect(await t.ctx.database.db.$count(uploads)).toBe(before);
    // The patient-data form needs adtUpload, which this account holds.
    const adt = await validate(fieldsFor({ formType: '0' }), csv('MRN\n1'), adtOnly);
    expect(adt.statusCode, adt.body).toBe(200);
  });

  it('refuses a file over the limit with 413', async () => {
    const { boundary, payload, headers } = multipartBody(fieldsFor());
    const fieldParts = payload.subarray(0, payload.length - `--${boundary}--\r\n`.length);
    async function* body() {
      yield fieldParts;
      yield Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.csv"\r\n` +
          'Content-Type: text/csv\r\n\r\nMRN\n',
      );
      const chunk = Buffer.alloc(1024 * 1024, '1\n');
      for (let left = SCHEDULE_LIMITS.maxUploadBytes; left > 0; left -= chunk.length) {
        yield left >= chunk.length ? chunk : chunk.subarray(0, left);
      }
      yield Buffer.from(`\r\n--${boundary}--\r\n`);
    }
    const res = await manager.post('/api/schedule/validateheadings', Readable.from(body()), { headers });
    expect(res.statusCode).toBe(413);
    expect(res.json().error.message).toBe('The file is larger than the 10 MB limit.');
  });

  it('answers an incomplete or wrong mapping with its errors and queues nothing', async () => {
    const v = await validateCsv(FIXTURE);
    const tasks = await queuedTasks();
    const check = async (items: HeadingMappingItem[], errors: string[], actionType = 0) => {
      const res = await submit(v, items, { actionType });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ hasErrors: true, errors, warnings: [], uploadId: null });
    };
    await check(v.mappingItems, [
      'The heading "Patient Name" needs a composite name format.',
      'The heading "Appointment Date" is not mapped to an ADT definition or ignored.',
      'The heading "Appointment Time" is not mapped to an ADT definition or ignored.',
      'The heading "Provider" is not mapped to an ADT definition or ignored.',
    ]);
    const full = fixtureMapping(v);
    const alien = { ...defNamed(v, 'Sex'), fieldIndex: 99 };
    const ignored = { adtDefinition: IGNORE_DEFINITION, isIgnored: true };
    const wrong = full.map((i) => {
      if (i.fileHeading === 'MRN' || i.fileHeading === 'Visit Number') return { ...i, ...ignored };
      if (i.fileHeading === 'DOB') return { ...i, dateTimeFormat: 'dd.MM.yyyy' };
      if (i.fileHeading === 'Provider') return { ...i, adtDefinition: alien, isIgnored: false };
      return i;
    });
    await check(
      [...wrong, { ...full[0]!, fileHeading: 'Not There' }],
      [
        'The heading "Not There" is not in the uploaded file.',
        'The heading "DOB" has a date format this server does not know.',
        'The heading "Provider" is mapped to an ADT definition this client facility does not have.',
        'Map a heading to the patient id (PID 3.1): rows cannot be matched without it.',
        'Map a heading to the visit id (PID 18.1): a schedule lists visits.',
      ],
    );
    await check(
      full.map((i) => (i.fileHeading === 'Patient Class' ? { ...i, adtDefinition: defNamed(v, 'MRN') } : i)),
      ['The ADT definition "MRN" is mapped to more than one heading.'],
    );
    await check(
      full,
      ['Map a heading to "Row Action": a Varied upload takes each row\'s action from it.'],
      2,
    );
    const [row] = await t.ctx.database.db
      .select({ status: uploads.status })
      .from(uploads)
      .where(eq(uploads.id, Number(v.revisedFileName.slice(7))));
    expect(row!.status).toBe('validated');
    expect(await queuedTasks()).toBe(tasks);
  });

  it('queues a full mapping, then the task adds patients and visits; a second run changes nothing', async () => {
    const v = await validateCsv(FIXTURE);
    const tasks = await queuedTasks();
    const foreign = await submit(v, fixtureMapping(v), { browser: colleague });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error.message).toBe(`Upload ${v.revisedFileName} was not found.`);
    const res = await submit(v, fixtureMapping(v));
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json();
    const warnings = [
      'Row 6: "DOB" value "02/30/1985" is not a valid date; the value was skipped.',
      'Row 7: there is no patient id; the row was skipped.',
    ];
    expect(answer).toEqual({ hasErrors: false, errors: [], warnings, uploadId: expect.any(Number) });
    const uploadId = answer.uploadId as number;
    expect(await queuedTasks()).toBe(tasks + 1);
    const again = await submit(v, fixtureMapping(v));
    expect(again.statusCode).toBe(404);
    expect(again.json().error.message).toBe(
      'The uploaded file is no longer available. Please upload it again.',
    );
    expect((await status(uploadId)).json()).toMatchObject({
      uploadId,
      status: 'queued',
      rowsTotal: 6,
      warnings,
    });

    expect(TASKS).toContain(importScheduleTask);
    // Issue 39: the task works out the preview; nothing is applied until the submitter confirms.
    const untouched = await snapshot();
    await handler(t.ctx, { uploadId });
    expect((await status(uploadId)).json()).toMatchObject({
      status: 'preview',
      patientsAdded: 4,
      visitsAdded: 5,
    });
    expect(await snapshot()).toEqual(untouched);
    expect(await patientByMrn('100234')).toBeUndefined();
    const preview = await manager.get(`/api/schedule/uploads/${uploadId}/preview`);
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json()).toMatchObject({
      status: 'preview',
      patientsAdded: 4,
      jobs: [],
      jobsChanged: 0,
      jobsFinal: 0,
      canConfirm: true,
      changedSincePreview: false,
    });
    expect(preview.json().changes).toContainEqual(
      expect.objectContaining({ entity: 'patient', op: 'insert', record: 'Patient 100234' }),
    );
    // Running the task again keeps the preview; another account may not confirm it.
    await handler(t.ctx, { uploadId });
    expect(await snapshot()).toEqual(untouched);
    expect((await colleague.post(`/api/schedule/uploads/${uploadId}/confirm`)).statusCode).toBe(404);
    const confirmed = await manager.post(`/api/schedule/uploads/${uploadId}/confirm`);
    expect(confirmed.json()).toMatchObject({ status: 'confirmed' });
    expect(await queuedTasks()).toBe(tasks + 2);
    expect((await manager.post(`/api/schedule/uploads/${uploadId}/confirm`)).statusCode).toBe(409);
    expect(await snapshot()).toEqual(untouched);
    await handler(t.ctx, { uploadId });
    const done = (await status(uploadId)).json();
    expect(done).toEqual({
      uploadId,
      fileName: 'schedule.csv',
      status: 'done',
      rowsTotal: 6,
      patientsAdded: 4,
      patientsUpdated: 0,
      visitsAdded: 5,
      visitsUpdated: 0,
      visitsDeleted: 0,
      rowsSkipped: 1,
      jobsChanged: 0,
      jobsFinal: 0,
      warnings,
      error: null,
      revertedAt: null,
    });
    const okafor = await patientByMrn('100234');
    expect(okafor).toMatchObject({
      lastName: 'Okafor',
      firstName: 'Grace',
      middleName: 'Adaeze',
      dateOfBirth: '1958-04-12',
    });
    const okaforVisits = await visitsOf('100234');
    expect(okaforVisits.map((x) => [x.visitNumber, x.patientClass, x.admittedAt?.toISOString()])).toEqual([
      // The facility is in America/New_York (EDT from 10 March 2024).
      ['V20240311-01', 'O', '2024-03-11T12:30:00.000Z'],
      ['V20240312-01', 'O', '2024-03-12T18:45:00.000Z'],
    ]);
    expect(await patientByMrn('102310')).toMatchObject({
      lastName: 'Baptiste',
      firstName: 'Jean',
      dateOfBirth: null,
    });
    expect(await patientByMrn('101005')).toMatchObject({ firstName: 'Lucia', middleName: 'Isabel' });

    const audits = await t.ctx.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'schedule.import'));
    expect(audits.at(-1)).toMatchObject({
      outcome: 'success',
      detail: expect.objectContaining({ uploadId, patientsAdded: 4 }),
    });
    expect(JSON.stringify(audits.at(-1)!.detail)).not.toContain('Okafor');
    const submits = await t.ctx.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'schedule.submit'));
    expect(submits.at(-1)!.detail).toMatchObject({ uploadId, rows: 6 });

    const data = await snapshot();
    await handler(t.ctx, { uploadId });
    expect(await snapshot()).toEqual(data);
    expect((await status(uploadId)).json()).toEqual(done);
    // Even run again from the start (a retry after a crash), the same rows come out.
    await t.ctx.database.db.update(uploads).set({ status: 'queued' }).where(eq(uploads.id, uploadId));
    await process(uploadId);
    expect(await snapshot()).toEqual(data);
    expect((await status(uploadId)).json()).toMatchObject({
      patientsAdded: 0,
      patientsUpdated: 4,
      visitsUpdated: 5,
    });
  });

  it('prefills from the facility’s last mapping; blank cells never overwrite stored values', async () => {
    const csv =
      'MRN,Patient Name,DOB,Visit Number,Appointment Date,Appointment Time,Patient Class,Provider\n' +
      '100871,,,V20240311-02,,,I,Dr. Reyes\n';
    const v = await validateCsv(csv);
    expect(v.mappingsExist).toBe(true);
    expect(v.mappingItems).toEqual(
      fixtureMapping(v).map((i) => ({
        ...i,
        sample: v.mappingItems.find((m) => m.fileHeading === i.fileHeading)!.sample,
      })),
    );
    const before = await patientByMrn('100871');
    const res = await submit(v, v.mappingItems);
    expect(res.json()).toMatchObject({ hasErrors: false, warnings: [] });
    await process(res.json().uploadId);
    expect(await patientByMrn('100871')).toEqual(before);
    const [visit] = await visitsOf('100871');
    expect(visit).toMatchObject({ patientClass: 'I', admittedAt: new Date('2024-03-11T13:15:00Z') });
  });

  it('deletes listed visits and their orders unless a job refers to them; never patients', async () => {
    const okafor = await patientByMrn('100234');
    const [inUse] = await visitsOf('100234');
    await buildJob(t.ctx, facility(), { patientId: okafor!.id, visitId: inUse!.id });
    const [lindqvist] = await visitsOf('100871');
    await t.ctx.database.db
      .insert(orders)
      .values({ visitId: lindqvist!.id, orderNumber: 'O-1', description: 'X-ray' });
    const v = await validateCsv(
      'MRN,Visit Number\n100234,V20240311-01\n100871,V20240311-02\n100871,NO-SUCH\n',
      {
        mshActionType: '1',
      },
    );
    const res = await submit(v, v.mappingItems, { actionType: 1 });
    expect(res.json()).toMatchObject({ hasErrors: false, warnings: [] });
    await process(res.json().uploadId);
    expect((await status(res.json().uploadId)).json()).toMatchObject({
      status: 'done',
      visitsDeleted: 1,
      rowsSkipped: 1,
      warnings: ['Row 2: visit V20240311-01 has jobs and was not deleted.'],
    });
    expect((await visitsOf('100234')).map((x) => x.visitNumber)).toEqual(['V20240311-01', 'V20240312-01']);
    expect(await visitsOf('100871')).toEqual([]);
    expect(await patientByMrn('100871')).toBeTruthy();
    expect(await t.ctx.database.db.$count(orders, eq(orders.visitId, lindqvist!.id))).toBe(0);
  });

  it('takes each row’s action from Row Action when Varied; None changes nothing', async () => {
    const csv =
      'Row Action,MRN,Last Name,First Name,Visit Number,Order Number,Ordered Procedure\n' +
      'U,200001,Hale,Iris,V-9,ORD-1,Chest X-ray\n' +
      'A08,101005,Moreno,Lucia,,,\n' +
      'D,100234,,,V20240312-01,,\n' +
      'X,100234,,,V20240311-01,,\n';
    const v = await validateCsv(csv, { mshActionType: '2' });
    expect(v.mappingItems[0]!.adtDefinition).toEqual(ROW_ACTION_DEFINITION);
    const res = await submit(v, v.mappingItems, { actionType: 2 });
    expect(res.json()).toEqual({
      hasErrors: false,
      errors: [],
      warnings: ['Row 5: the action "X" is not U, D or N; the row was skipped.'],
      uploadId: expect.any(Number),
    });
    await process(res.json().uploadId);
    expect((await status(res.json().uploadId)).json()).toMatchObject({
      patientsAdded: 1,
      patientsUpdated: 1,
      visitsAdded: 1,
      visitsDeleted: 1,
      rowsSkipped: 1,
    });
    expect(await patientByMrn('200001')).toMatchObject({ lastName: 'Hale', firstName: 'Iris' });
    const [hale] = await visitsOf('200001');
    const [order] = await t.ctx.database.db.select().from(orders).where(eq(orders.visitId, hale!.id));
    expect(order).toMatchObject({ orderNumber: 'ORD-1', description: 'Chest X-ray' });
    expect((await visitsOf('100234')).map((x) => x.visitNumber)).toEqual(['V20240311-01']);

    const data = await snapshot();
    const none = await validateCsv(FIXTURE, { mshActionType: '3' });
    const queued = await submit(none, fixtureMapping(none), { actionType: 3 });
    await process(queued.json().uploadId);
    expect((await status(queued.json().uploadId)).json()).toMatchObject({
      status: 'done',
      rowsTotal: 6,
      patientsAdded: 0,
      patientsUpdated: 0,
      visitsAdded: 0,
      visitsDeleted: 0,
    });
    expect(await snapshot()).toEqual(data);
  });

  it('uploads patient data through the ADT form without a visit id', async () => {
    const body = multipartBody(fieldsFor({ formType: '0' }), [
      { filename: 'patients.csv', bytes: Buffer.from('MRN,LastName,FirstName,Sex\n300001,Quinn,Ada,F\n') },
    ]);
    const res = await adtOnly.post('/api/schedule/validateheadings', body.payload, { headers: body.headers });
    const v = res.json() as ValidateHeadingsResponse;
    expect((await submit(v, v.mappingItems, { browser: adtOnly })).statusCode).toBe(403);
    const ok = await submit(v, v.mappingItems, { browser: adtOnly, form: 'ADT' });
    expect(ok.json()).toMatchObject({ hasErrors: false });
    await process(ok.json().uploadId, adtOnly);
    expect(await patientByMrn('300001')).toMatchObject({ lastName: 'Quinn', firstName: 'Ada', sex: 'F' });
  });

  it('records a failure when the stored file is gone', async () => {
    const v = await validateCsv(FIXTURE);
    const res = await submit(v, fixtureMapping(v));
    const uploadId = res.json().uploadId as number;
    const [row] = await t.ctx.database.db.select().from(uploads).where(eq(uploads.id, uploadId));
    const data = await snapshot();
    await t.ctx.blobs.delete(row!.blobKey);
    await handler(t.ctx, { uploadId });
    expect((await status(uploadId)).json()).toMatchObject({
      status: 'failed',
      error: 'The uploaded file is no longer available. Please upload it again.',
    });
    expect(await snapshot()).toEqual(data);
  });

  it('answers the status of the account’s own uploads only', async () => {
    const [own] = await t.ctx.database.db
      .select({ id: uploads.id })
      .from(uploads)
      .orderBy(asc(uploads.id))
      .limit(1);
    expect((await status(own!.id)).statusCode).toBe(200);
    const other = await status(own!.id, colleague);
    expect(other.statusCode).toBe(404);
    expect(other.json().error.message).toBe(`Upload ${own!.id} was not found.`);
    expect((await status(999_999)).statusCode).toBe(404);
    expect((await status(0)).statusCode).toBe(400);
  });

  it('lists the schedule calls in the OpenAPI document', async () => {
    const doc = (await manager.get('/api/docs/openapi.json')).json();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/company/searchbynameorid/{text}',
        '/api/schedule/validateheadings',
        '/api/schedule/SubmitScheduleHeadings',
        '/api/schedule/SubmitADTHeadings',
        '/api/schedule/status/{uploadId}',
        '/api/schedule/uploads',
        '/api/schedule/uploads/{uploadId}/effect',
        '/api/schedule/uploads/{uploadId}/revert',
      ]),
    );
  });
});
