import { decodeBinaryJobList, type JobListRow, JobListRowSchema } from '@quill/core';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  auditLog,
  clientFacilities,
  departments,
  distributionErrors,
  jobFlags,
  jobs,
  jobViews,
  locations,
  physicians,
  users,
  workTypes,
} from '../../db/schema/index.js';
import { databaseTargets } from '../../testing/databases.js';
import { buildJob, buildPatient, buildStructure, buildUser } from '../../testing/factories.js';
import { TestBrowser } from '../../testing/processes/browser.js';
import { createTestApp, type TestApp } from '../../testing/testContext.js';

describe.each(databaseTargets())('job list calls on $name', (target) => {
  let t: TestApp;
  let north: Awaited<ReturnType<typeof buildStructure>>;
  let south: Awaited<ReturnType<typeof buildStructure>>;
  let manager: TestBrowser;
  let noAdt: TestBrowser;
  let managerAccount: number;
  const ids: Record<string, number> = {};
  /** Ada Lovelace's MRN: a patient identifier like her name (issue 41). */
  let mrn = '';

  beforeAll(async () => {
    t = await createTestApp(target);
    north = await buildStructure(t.ctx, { name: 'North', facilities: 3 });
    south = await buildStructure(t.ctx, { name: 'South', facilities: 1 });
    const [f1, f2, f3] = north.facilities;
    const patient = await buildPatient(t.ctx, north.structure.id, { first: 'Ada', last: 'Lovelace' });
    mrn = patient.mrn;
    const [wt] = await t.ctx.database.db
      .insert(workTypes)
      .values({
        corporateStructureId: north.structure.id,
        clientFacilityId: f1!.id,
        name: 'Progress Note',
        number: 11,
      })
      .returning();
    const dictated = new Date('2026-03-04T15:30:00Z');
    ids.pending = (
      await buildJob(t.ctx, f1!, {
        stageId: 9,
        onManualList: true,
        patientId: patient.id,
        workTypeId: wt!.id,
        dictatedAt: dictated,
        stat: 'M',
        jobNote: 'Call <Dr> Ng',
      })
    ).id;
    ids.finishedOnList = (await buildJob(t.ctx, f1!, { stageId: 13, onManualList: true })).id;
    ids.cleared = (await buildJob(t.ctx, f2!, { stageId: 13, onManualList: true, clearedAt: new Date() })).id;
    ids.hq = (await buildJob(t.ctx, f2!, { stageId: 3 })).id;
    ids.failed = (await buildJob(t.ctx, f3!, { stageId: 5 })).id;
    ids.es = (await buildJob(t.ctx, f3!, { stageId: 11 })).id;
    ids.south = (await buildJob(t.ctx, south.facilities[0]!, { stageId: 9, onManualList: true })).id;
    await t.ctx.database.db
      .insert(jobFlags)
      .values({ jobId: ids.hq!, code: 'HQ01', description: 'Missing mandatory ADT field' });
    await t.ctx.database.db
      .insert(distributionErrors)
      .values({ jobId: ids.failed!, description: 'Printer offline' });

    const m = await buildUser(t.ctx, { username: 'mgr', accounts: [{ companyId: north.structure.id }] });
    managerAccount = m.accounts[0]!.id;
    manager = new TestBrowser(t.app);
    await manager.signInAs('mgr', m.password, managerAccount);
    const v = await buildUser(t.ctx, {
      username: 'viewer',
      accounts: [{ companyId: north.structure.id, memberType: 1, permissions: ['jobView'] }],
    });
    noAdt = new TestBrowser(t.app);
    await noAdt.signInAs('viewer', v.password, v.accounts[0]!.id);
  });
  afterAll(async () => t?.close());

  const cfs = () => north.facilities.map((f) => f.id).join(',');
  const q = () => `corpId=${north.structure.id}&cfs=${cfs()}`;

  it('lists only the corporate structures the account may see, with their client facilities', async () => {
    expect((await manager.get('/api/jobs/getusercs')).json()).toEqual([
      { id: north.structure.id, companyNameId: north.structure.companyNameId },
    ]);
    expect((await manager.get(`/api/settings/cfs/${north.structure.id}`)).json()).toEqual(
      north.facilities.map((f) => f.id),
    );
    expect((await manager.get(`/api/settings/cfs/${south.structure.id}`)).statusCode).toBe(404);
  });

  it('counts pending, hq, failed and all for a batch, and sums across batches', async () => {
    expect((await manager.get(`/api/jobs/getcounts?${q()}`)).json()).toEqual({
      pending: 2,
      hq: 1,
      failed: 1,
      all: 6,
    });
    const [f1, f2, f3] = north.facilities;
    const a = (
      await manager.get(`/api/jobs/getcounts?corpId=${north.structure.id}&cfs=${f1!.id}&cfs=${f2!.id}`)
    ).json();
    const b = (await manager.get(`/api/jobs/getcounts?corpId=${north.structure.id}&cfs=${f3!.id}`)).json();
    expect(a.all + b.all).toBe(6);
    expect(a.pending + b.pending).toBe(2);
  });

  it('answers 404 for another structure’s client facility, and nothing of its data', async () => {
    const res = await manager.get(
      `/api/jobs/alljobs?corpId=${north.structure.id}&cfs=${south.facilities[0]!.id}`,
    );
    expect(res.statusCode).toBe(404);
    expect(res.json().error.message).toBe(
      `Unable to find client facility ${south.facilities[0]!.id} in corporate structure ${north.structure.id}`,
    );
    const other = await manager.get(
      `/api/jobs/getcounts?corpId=${south.structure.id}&cfs=${south.facilities[0]!.id}`,
    );
    expect(other.statusCode).toBe(404);
    expect(other.json().error.message).toBe(`Unable to find corporate structure ${south.structure.id}`);
  });

  it('validates ids, the status and the facility limit with 400 messages', async () => {
    const bad = await manager.get(`/api/jobs/alljobs?corpId=abc&cfs=1`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toContain('corpId');
    expect(
      (await manager.get(`/api/jobs/alljobs?corpId=${north.structure.id}&cfs=1,x`)).json().error.message,
    ).toContain('Each client facility id must be a whole number');
    expect((await manager.get(`/api/jobs/alljobs?corpId=${north.structure.id}`)).statusCode).toBe(400);
    const many = Array.from({ length: 51 }, (_, i) => i + 1).join(',');
    expect(
      (await manager.get(`/api/jobs/getcounts?corpId=${north.structure.id}&cfs=${many}`)).json().error
        .message,
    ).toContain('At most 50 client facilities per call');
    const status = await manager.get(`/api/jobs/dist?status=LOST&${q()}`);
    expect(status.statusCode).toBe(400);
    expect(status.json().error.message).toContain('status must be PENDING or FAILED');
  });

  it('answers each queue’s rows with every field of a list row', async () => {
    const allRes = await manager.get(`/api/jobs/alljobs?${q()}`);
    expect(allRes.headers['content-type']).toBe('application/json; charset=utf-8');
    const all = allRes.json() as Record<string, unknown>[];
    // Every row is exactly a list row of the contract.
    expect(z.array(JobListRowSchema.strict()).safeParse(all).error).toBeUndefined();
    expect(all.map((r) => r.jobId)).toEqual([
      ids.pending,
      ids.finishedOnList,
      ids.cleared,
      ids.hq,
      ids.failed,
      ids.es,
    ]);
    const row = all[0]!;
    expect(row).toMatchObject({
      jobId: ids.pending,
      stat: true,
      statBool: true,
      filterJobId: String(ids.pending),
      patientName: 'Lovelace, Ada',
      workType: 'Progress Note',
      jobNote: 'Call <Dr> Ng',
      jobNoteBool: true,
      stageName: 'Manual Distribution',
      stageId: 9,
      clinic: north.facilities[0]!.name,
      clientFacilityId: north.facilities[0]!.id,
      flags: [],
      pdfViewed: false,
      rtfViewed: false,
      dictatedDate: '2026-03-04T15:30:00.000Z',
      formattedDictatedDate: '03/04/2026 10:30',
      formattedSignedDate: '',
    });
    const pending = (await manager.get(`/api/jobs/dist?status=PENDING&${q()}`)).json() as { jobId: number }[];
    expect(pending.map((r) => r.jobId)).toEqual([ids.pending, ids.finishedOnList]);
    const failed = (await manager.get(`/api/jobs/dist?status=FAILED&${q()}`)).json() as { jobId: number }[];
    expect(failed.map((r) => r.jobId)).toEqual([ids.failed]);
    const hq = (await manager.get(`/api/jobs/him?${q()}`)).json() as { jobId: number; flags: unknown }[];
    expect(hq).toEqual([
      expect.objectContaining({
        jobId: ids.hq,
        flags: [{ code: 'HQ01', description: 'Missing mandatory ADT field' }],
      }),
    ]);
  });

  it('withholds the patient name without an ADT permission, and refuses the hold queue without holdQueueView', async () => {
    const rows = (await noAdt.get(`/api/jobs/alljobs?${q()}`)).json() as { patientName: string | null }[];
    expect(rows.length).toBe(6);
    expect(rows.every((r) => r.patientName === null)).toBe(true);
    const him = await noAdt.get(`/api/jobs/him?${q()}`);
    expect(him.statusCode).toBe(403);
    expect(him.json().error.message).toBe('You do not have permission to view the hold queue.');
  });

  it('withholds the MRN with the name in alljobs and dist, rows and binary alike (issue 41)', async () => {
    const lists = ['alljobs?', 'dist?status=PENDING&', 'dist?status=FAILED&'];
    for (const [browser, sees] of [
      [manager, true],
      [noAdt, false],
    ] as const) {
      for (const list of lists) {
        const rows = (await browser.get(`/api/jobs/${list}${q()}`)).json() as JobListRow[];
        const binary = await browser.get(`/api/jobs/${list}${q()}&format=binary`);
        const decoded = decodeBinaryJobList(binary.rawPayload);
        // Ada's job alone has a patient: her MRN for the manager, null (withheld) for the viewer.
        for (const answer of [rows, decoded])
          expect(
            answer.map((r) => [r.jobId, r.patientMRN]),
            list,
          ).toEqual(answer.map((r) => [r.jobId, sees && r.jobId === ids.pending ? mrn : null]));
        const hasAda = rows.some((r) => r.jobId === ids.pending);
        expect(binary.rawPayload.includes(mrn), list).toBe(sees && hasAda);
      }
    }
  });

  it('marks PDF and RTF viewed per account', async () => {
    await t.ctx.database.db
      .insert(jobViews)
      .values({ jobId: ids.es!, accountId: managerAccount, pdfViewedAt: new Date() });
    const mine = (
      (await manager.get(`/api/jobs/alljobs?${q()}`)).json() as {
        jobId: number;
        pdfViewed: boolean;
        rtfViewed: boolean;
      }[]
    ).find((r) => r.jobId === ids.es)!;
    expect(mine).toMatchObject({ pdfViewed: true, rtfViewed: false });
    const theirs = (
      (await noAdt.get(`/api/jobs/alljobs?${q()}`)).json() as { jobId: number; pdfViewed: boolean }[]
    ).find((r) => r.jobId === ids.es)!;
    expect(theirs.pdfViewed).toBe(false);
  });

  it('answers exactly the same rows in the binary format, for every queue, permission and date format', async () => {
    const db = t.ctx.database.db;
    const [f1, f2, f3] = north.facilities;
    // Every kind of value a row carries: names, codes, times with milliseconds in two time zones.
    await db
      .update(clientFacilities)
      .set({ timeZone: 'Europe/Berlin', statTargetMinutes: 45 })
      .where(eq(clientFacilities.id, f2!.id));
    const [dictator] = await db
      .insert(physicians)
      .values({ corporateStructureId: north.structure.id, firstName: 'Zoë', lastName: 'Núñez' })
      .returning();
    const [dep] = await db
      .insert(departments)
      .values({ clientFacilityId: f2!.id, name: 'Cardiology' })
      .returning();
    const [loc] = await db
      .insert(locations)
      .values({ clientFacilityId: f2!.id, code: 'ER', name: 'Emergency Room' })
      .returning();
    await db
      .update(jobs)
      .set({
        dictatorId: dictator!.id,
        departmentId: dep!.id,
        locationId: loc!.id,
        signed: true,
        signedAt: new Date('2026-07-01T22:05:09.987Z'),
        dictatedAt: new Date('2026-01-01T00:00:00.001Z'),
        dateOfService: '2025-12-31',
        faxed: true,
        edited: true,
        jobNote: 'T ≥ 38.5 °C – 😀',
        // Turnaround (issue 27): 2 h 5 min 59.9 s to the first text, 3 days and a second to finished.
        firstTextAt: new Date('2026-01-01T02:05:59.901Z'),
        finishedAt: new Date('2026-01-04T00:00:01.001Z'),
      })
      .where(eq(jobs.id, ids.hq!));
    await db.insert(jobFlags).values({ jobId: ids.hq!, code: 'HQ00', description: 'No dictator, "quoted"' });
    await db
      .update(jobs)
      .set({ dictatedAt: new Date('1969-12-31T23:59:59.5Z') })
      .where(eq(jobs.id, ids.es!));
    const [mgr] = await db.select().from(users).where(eq(users.username, 'mgr'));
    const facilitySets = [cfs(), `${f3!.id},${f1!.id}`];
    const formats = [
      ['MM/DD/YYYY', 'HH:mm'],
      ['D MMM YYYY', 'h:mm:ss a'],
      ['DD.MM.YY', 'hh:mm A'],
      ['MMMM D, YYYY [at]', 'H:mm'],
    ];
    try {
      for (const [dateFormat, timeFormat] of formats) {
        await db.update(users).set({ dateFormat, timeFormat }).where(eq(users.id, mgr!.id));
        for (const browser of [manager, noAdt]) {
          for (const path of ['alljobs?', 'him?', 'dist?status=PENDING&', 'dist?status=FAILED&']) {
            for (const set of facilitySets) {
              const query = `/api/jobs/${path}corpId=${north.structure.id}&cfs=${set}`;
              const rows = await browser.get(query);
              if (rows.statusCode === 403) continue;
              const binary = await browser.get(`${query}&format=binary`);
              expect(binary.statusCode).toBe(200);
              expect(binary.headers['content-type']).toBe('application/octet-stream');
              // The header is sent in ASCII only (names and notes escaped), read back as the same text.
              const bytes = binary.rawPayload;
              expect(bytes.subarray(4, 4 + bytes.readUInt32BE(0)).every((b) => b < 0x80)).toBe(true);
              if (rows.json().length > 1) expect(bytes.length).toBeLessThan(rows.body.length);
              // Every decoded row passes the contract and reads (and serialises) as the row.
              const decoded = decodeBinaryJobList(bytes);
              expect(decoded.map((row) => JobListRowSchema.parse(row))).toEqual(rows.json());
              expect(JSON.parse(JSON.stringify(decoded))).toEqual(rows.json());
            }
          }
        }
      }
    } finally {
      await db
        .update(users)
        .set({ dateFormat: 'MM/DD/YYYY', timeFormat: 'HH:mm' })
        .where(eq(users.id, mgr!.id));
    }
    const all = decodeBinaryJobList(
      (await manager.get(`/api/jobs/alljobs?corpId=${north.structure.id}&cfs=${f2!.id}&format=binary`))
        .rawPayload,
    );
    expect(all.find((r) => r.jobId === ids.hq)).toMatchObject({
      dictatorName: 'Núñez, Zoë',
      department: 'Cardiology',
      location: 'Emergency Room',
      jobLocation: 'ER',
      jobNote: 'T ≥ 38.5 °C – 😀',
      signedDate: '2026-07-01T22:05:09.987Z',
      // Berlin is two hours ahead in July.
      formattedSignedDate: '07/02/2026 00:05',
      tatFirstTextMinutes: 125,
      tatFinishedMinutes: 4_320,
      statTargetMinutes: 45,
      flags: [
        { code: 'HQ00', description: 'No dictator, "quoted"' },
        { code: 'HQ01', description: 'Missing mandatory ADT field' },
      ],
    });
    const bad = await manager.get(`/api/jobs/alljobs?${q()}&format=xml`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toContain('format must be rows or binary');
  });

  it('answers job details with distribution errors, and 404 for another tenant’s job', async () => {
    const res = (await manager.get(`/api/jobs/jobdetails?jobId=${ids.failed}`)).json();
    expect(res.distributionErrors).toEqual([
      { description: 'Printer offline', createdDate: expect.any(String) },
    ]);
    expect((await manager.get(`/api/jobs/jobdetails?jobId=${ids.south}`)).statusCode).toBe(404);
    expect((await manager.get('/api/jobs/jobdetails?jobId=0')).statusCode).toBe(400);
  });

  it('audits list reads', async () => {
    const rows = await t.ctx.database.db.select().from(auditLog).where(eq(auditLog.action, 'joblist.read'));
    expect(rows.length).toBeGreaterThan(3);
    expect(JSON.stringify(rows)).not.toContain('Lovelace');
  });

  it('exports a queue as a real .xlsx with the visible column headings', async () => {
    const res = await manager.get(`/api/file/JobList/${north.structure.id}/pending`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(res.headers['content-disposition']).toContain('.xlsx');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    expect(sheet.name).toBe('Pending Distribution');
    expect((sheet.getRow(1).values as string[]).slice(1)).toEqual([
      'STAT',
      'Job ID',
      'Dictator',
      'Patient Name',
      'Subject ID',
      'Dictated',
      'Signed',
      'Work Type',
      'Department',
      'Location',
      'Note',
      'Stage',
      'Date of Service',
    ]);
    expect(sheet.actualRowCount).toBe(3);
    expect(sheet.getRow(2).getCell(2).value).toBe(ids.pending);
    expect(sheet.getRow(2).getCell(4).value).toBe('Lovelace, Ada');
    expect(sheet.getRow(2).getCell(12).value).toBe('Pending Distribution');

    const chosen = await manager.get(
      `/api/file/JobList/${north.structure.id}/all?columns=filterJobId,stageName`,
    );
    const book2 = new ExcelJS.Workbook();
    await book2.xlsx.load(chosen.rawPayload as unknown as ArrayBuffer);
    expect((book2.worksheets[0]!.getRow(1).values as string[]).slice(1)).toEqual(['Job ID', 'Stage']);
    expect(book2.worksheets[0]!.actualRowCount).toBe(7);

    expect((await manager.get(`/api/file/JobList/${south.structure.id}/all`)).statusCode).toBe(404);
    expect((await manager.get(`/api/file/JobList/${north.structure.id}/bogus`)).statusCode).toBe(400);
    expect((await noAdt.get(`/api/file/JobList/${north.structure.id}/hq`)).statusCode).toBe(403);

    // Without a patient-name permission the column stays, reading 'Patient Name' as the list does.
    const withheld = await noAdt.get(
      `/api/file/JobList/${north.structure.id}/pending?columns=filterJobId,patientName`,
    );
    const book3 = new ExcelJS.Workbook();
    await book3.xlsx.load(withheld.rawPayload as unknown as ArrayBuffer);
    const sheet3 = book3.worksheets[0]!;
    expect((sheet3.getRow(1).values as string[]).slice(1)).toEqual(['Job ID', 'Patient Name']);
    expect(sheet3.getRow(2).getCell(2).value).toBe('Patient Name');
    expect(JSON.stringify(sheet3.getRow(2).values)).not.toContain('Lovelace');

    // The MRN goes with the name (issue 41): its column reads 'Subject ID', its label, in every row.
    const mrnColumn = `/api/file/JobList/${north.structure.id}/all?columns=filterJobId,patientMRN`;
    const book4 = new ExcelJS.Workbook();
    await book4.xlsx.load((await noAdt.get(mrnColumn)).rawPayload as unknown as ArrayBuffer);
    const mrns = book4.worksheets[0]!.getColumn(2).values.slice(1);
    expect(mrns).toEqual(['Subject ID', ...Array(6).fill('Subject ID')]);
    const book5 = new ExcelJS.Workbook();
    await book5.xlsx.load((await manager.get(mrnColumn)).rawPayload as unknown as ArrayBuffer);
    expect(book5.worksheets[0]!.getRow(2).getCell(1).value).toBe(ids.pending);
    expect(book5.worksheets[0]!.getRow(2).getCell(2).value).toBe(mrn);
  });
});
