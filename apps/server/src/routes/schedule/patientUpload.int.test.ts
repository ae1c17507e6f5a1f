import {
  COMPOSITE_NAME_DEFINITION,
  type HeadingMappingItem,
  type MappingDefinition,
  type ValidateHeadingsResponse,
} from '@quill/core';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adtDefinitions, jobs, orders, patients, visits } from '../../db/schema/index.js';
import { importScheduleTask } from '../../tasks/importSchedule.js';
import { AT, buildAdtSearchWorld } from '../../testing/adtSearchTestKit.js';
import { ORDER_DEFS, STRUCTURE_DEFS } from '../../testing/adtTestKit.js';
import { multipartBody } from '../../testing/audioTestKit.js';
import { databaseTargets } from '../../testing/databases.js';
import { buildUser } from '../../testing/factories.js';
import { TestBrowser } from '../../testing/processes/browser.js';
import { createTestApp, type TestApp } from '../../testing/testContext.js';

/**
 * Issue 20, Upload ▸ Patient: a CSV of patients and visits as Excel writes it (a UTF-8 byte-order
 * mark, CRLF, quoted fields holding commas and doubled quotes), read with the ADT form type,
 * mapped and submitted to SubmitADTHeadings, imported by the task — and then found by searchadt,
 * its values without a column of their own (SSN, weight, insurance) carried by Accept ADT.
 */
const CSV = Buffer.from(
  '\uFEFFMRN,Patient Name,Birth Date,Sex,SSN,Visit,Admitted,Insurance,Weight,Order,Procedure\r\n' +
    '300501,"Zielinski, Marta Ann",03/15/1972,F,123-45-6789,VZ-1,03/01/2026 08:30,"Blue Cross, Blue Shield",61.5,OZ-1,"CT scan, head"\r\n' +
    '300502,"Zielinska, Ewa ""Evie""",11/02/1980,F,,VZ-2,03/02/2026 10:00,Aetna,,,\r\n',
  'utf8',
);

type Found = {
  instanceId: number;
  value: { raw: string | null }[];
  visit: {
    instanceId: number;
    value: { raw: string | null }[];
    order: { instanceId: number; value: { raw: string | null }[] }[];
  }[];
};

describe.each(databaseTargets())('Patient upload feeds the ADT search on $name', (target) => {
  let t: TestApp;
  let w: Awaited<ReturnType<typeof buildAdtSearchWorld>>;
  let editor: TestBrowser;
  let scheduleOnly: TestBrowser;
  let handler: Awaited<ReturnType<typeof importScheduleTask.handler>>;

  beforeAll(async () => {
    t = await createTestApp(target);
    w = await buildAdtSearchWorld(t.ctx);
    const cs = w.north.structure.id;
    await t.ctx.database.db
      .insert(adtDefinitions)
      .values([
        ...STRUCTURE_DEFS.map((d) => ({ ...d, corporateStructureId: cs })),
        ...ORDER_DEFS.map((d) => ({ ...d, corporateStructureId: cs, clientFacilityId: w.cf.id })),
      ]);
    editor = await w.browser(t.app, 0);
    const u = await buildUser(t.ctx, {
      username: 'schedule-only',
      accounts: [{ companyId: cs, permissions: ['jobView', 'physicianScheduleUpload'] }],
    });
    scheduleOnly = new TestBrowser(t.app);
    await scheduleOnly.signInAs('schedule-only', u.password, u.accounts[0]!.id);
    handler = await importScheduleTask.handler();
  }, 120_000);
  afterAll(async () => t?.close());

  const validate = (browser: TestBrowser) => {
    const body = multipartBody({ companyId: String(w.cf.id), mshActionType: '0', formType: '0' }, [
      { filename: 'patients.csv', bytes: CSV },
    ]);
    return browser.post('/api/schedule/validateheadings', body.payload, { headers: body.headers });
  };
  /** The offered definition at an HL7 address (the facility's own before its structure's). */
  const at = (v: ValidateHeadingsResponse, segment: string, field: number, component: number) => {
    const def = v.adtDefinitions.find(
      (d) => d.segmentName === segment && d.fieldIndex === field && d.componentIndex === component,
    );
    expect(def, `${segment} ${field}.${component}`).toBeDefined();
    return def as MappingDefinition;
  };
  const mapping = (v: ValidateHeadingsResponse): HeadingMappingItem[] => {
    const to: Record<string, Partial<HeadingMappingItem>> = {
      MRN: { adtDefinition: at(v, 'PID', 3, 1) },
      'Patient Name': { adtDefinition: COMPOSITE_NAME_DEFINITION, compositeColumnFormat: 0 },
      'Birth Date': { adtDefinition: at(v, 'PID', 7, 1), dateTimeFormat: 'MM/dd/yyyy' },
      Sex: { adtDefinition: at(v, 'PID', 8, 1) },
      SSN: { adtDefinition: at(v, 'PID', 19, 1) },
      Visit: { adtDefinition: at(v, 'PID', 18, 1) },
      Admitted: { adtDefinition: at(v, 'PV1', 44, 1), dateTimeFormat: 'MM/dd/yyyy HH:mm' },
      Insurance: { adtDefinition: at(v, 'IN1', 4, 1) },
      Weight: { adtDefinition: at(v, 'ZPI', 1, 1) },
      Order: { adtDefinition: at(v, 'ORC', 2, 1) },
      Procedure: { adtDefinition: at(v, 'OBR', 4, 2) },
    };
    return v.mappingItems.map((item) => ({ ...item, isIgnored: false, ...to[item.fileHeading] }));
  };
  const submit = (browser: TestBrowser, form: 'ADT' | 'Schedule', v: ValidateHeadingsResponse) =>
    browser.post(`/api/schedule/Submit${form}Headings`, {
      companyId: w.cf.id,
      companyName: w.cf.name,
      fileName: v.fileName,
      revisedFileName: v.revisedFileName,
      mappingItems: mapping(v),
      mappingsExist: v.mappingsExist,
      defaultValues: {},
      actionType: 0,
      sampleTableData: v.sampleDataTable,
      adtDefinitions: v.adtDefinitions,
      dateFormats: v.dateFormats,
    });
  const search = (jobId: number, values: [keyof typeof AT, string][]) =>
    editor.post('/api/job/searchadt', {
      companyId: w.cf.id,
      jobId,
      identifier: 'patient',
      inputAdtData: values.map(([key, value]) => ({ hl7Identifier: AT[key], value })),
    });
  const raws = (values: { raw: string | null }[]) => values.map((x) => x.raw);

  it('needs adtUpload: the schedule permission alone is refused, and nothing is read', async () => {
    expect((await validate(scheduleOnly)).statusCode).toBe(403);
    const v = (await validate(editor)).json() as ValidateHeadingsResponse;
    // The patient form's upload is not a schedule's: SubmitScheduleHeadings does not find it.
    expect((await submit(scheduleOnly, 'ADT', v)).statusCode).toBe(403);
    expect((await submit(editor, 'Schedule', v)).statusCode).toBe(404);
  });

  it('reads the BOM and quoted commas, imports patients, visits and orders, and searchadt finds them', async () => {
    const res = await validate(editor);
    expect(res.statusCode, res.body).toBe(200);
    const v = res.json() as ValidateHeadingsResponse;
    // No byte-order mark in the first heading; quoted commas and doubled quotes stay in their cell.
    expect(v.sampleDataTable.headings[0]).toBe('MRN');
    expect(v.sampleDataTable.rows.map((r) => [r[1], r[7], r[10]])).toEqual([
      ['Zielinski, Marta Ann', 'Blue Cross, Blue Shield', 'CT scan, head'],
      ['Zielinska, Ewa "Evie"', 'Aetna', ''],
    ]);

    const submitted = await submit(editor, 'ADT', v);
    expect(submitted.statusCode, submitted.body).toBe(200);
    expect(submitted.json()).toMatchObject({ hasErrors: false, errors: [], warnings: [] });
    const uploadId = submitted.json().uploadId as number;
    // Issue 39: worked out first (a preview: nothing applied), then confirmed and applied.
    await handler(t.ctx, { uploadId });
    expect((await editor.get(`/api/schedule/status/${uploadId}`)).json()).toMatchObject({
      status: 'preview',
    });
    expect((await editor.post(`/api/schedule/uploads/${uploadId}/confirm`)).statusCode).toBe(200);
    await handler(t.ctx, { uploadId });
    expect((await editor.get(`/api/schedule/status/${uploadId}`)).json()).toMatchObject({
      status: 'done',
      rowsTotal: 2,
      patientsAdded: 2,
      visitsAdded: 2,
      rowsSkipped: 0,
    });

    // The values without a column of their own are kept in the records' `adt` values.
    const db = t.ctx.database.db;
    const [marta] = await db
      .select()
      .from(patients)
      .where(and(eq(patients.corporateStructureId, w.north.structure.id), eq(patients.mrn, '300501')));
    expect(marta).toMatchObject({
      lastName: 'Zielinski',
      firstName: 'Marta',
      middleName: 'Ann',
      dateOfBirth: '1972-03-15',
      adt: { 'PID.19.1': '123-45-6789', 'ZPI.1.1': '61.5' },
    });
    const [visit] = await db.select().from(visits).where(eq(visits.patientId, marta!.id));
    expect(visit!.adt).toEqual({ 'IN1.4.1': 'Blue Cross, Blue Shield' });
    const [order] = await db.select().from(orders).where(eq(orders.visitId, visit!.id));
    expect(order).toMatchObject({ orderNumber: 'OZ-1', description: 'CT scan, head' });

    // searchadt: by a last-name prefix (both, by name) and by the patient id.
    const job = await w.makeJob({}, null);
    const byName = await search(job.id, [['last', 'ZIELINS']]);
    expect(byName.statusCode, byName.body).toBe(200);
    const found = byName.json().patient as Found[];
    expect(found.map((p) => raws(p.value))).toEqual([
      ['300502', 'Zielinska', 'Ewa', '"Evie"', '1980-11-02', 'F'],
      ['300501', 'Zielinski', 'Marta', 'Ann', '1972-03-15', 'F'],
    ]);
    const m = found[1]!;
    // The admit time is the facility's wall clock, as the file wrote it.
    expect(m.visit.map((x) => raws(x.value))).toEqual([['VZ-1', null, '2026-03-01T08:30:00', null]]);
    expect(m.visit[0]!.order.map((o) => raws(o.value))).toEqual([['OZ-1', 'CT scan, head', null]]);
    const byMrn = (await search(job.id, [['mrn', '300501']])).json().patient as Found[];
    expect(byMrn.map((p) => p.instanceId)).toEqual([marta!.id]);

    // Accept ADT carries every uploaded value, those of the `adt` values included, into the job.
    const booked = await editor.post('/api/job/bookoutjob', { jobId: job.id });
    expect(booked.statusCode, booked.body).toBe(200);
    const accepted = await editor.post('/api/job/acceptadt', {
      jobId: job.id,
      companyId: w.cf.id,
      bookingCookie: booked.json().bookingCookie,
      adtSearchResult: {
        patientId: m.instanceId,
        visitId: m.visit[0]!.instanceId,
        orderId: [m.visit[0]!.order[0]!.instanceId],
      },
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const [stored] = await db.select().from(jobs).where(eq(jobs.id, job.id));
    expect(stored).toMatchObject({ patientId: marta!.id, visitId: visit!.id });
    expect(stored!.adt).toMatchObject({
      'PID.3.1': '300501',
      'PID.5.1': 'Zielinski',
      'PID.19.1': '123-45-6789',
      'ZPI.1.1': '61.5',
      'IN1.4.1': 'Blue Cross, Blue Shield',
    });
  });
});
