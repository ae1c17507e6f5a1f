import type { HeadingMappingItem, ValidateHeadingsResponse } from '@quill/core';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adtDefinitions,
  auditLog,
  orders,
  patients,
  uploadChanges,
  uploads,
  visits,
} from '../../db/schema/index.js';
import { ADT_FIELDS, ORDER_FIELDS } from '../../demo/adt.js';
import { importScheduleTask } from '../../tasks/importSchedule.js';
import { multipartBody } from '../../testing/audioTestKit.js';
import { TestBrowser } from '../../testing/browser.js';
import { databaseTargets } from '../../testing/databases.js';
import { buildJob, buildStructure, buildUser } from '../../testing/factories.js';
import { createTestApp, type TestApp } from '../../testing/testContext.js';

/** Issue 18: the previous values kept with an upload, its effect and its revert. */
describe.each(databaseTargets())('Schedule upload revert on $name', (target) => {
  let t: TestApp;
  let north: Awaited<ReturnType<typeof buildStructure>>;
  let manager: TestBrowser;
  let transcriptionist: TestBrowser;
  let southManager: TestBrowser;
  let handler: Awaited<ReturnType<typeof importScheduleTask.handler>>;

  beforeAll(async () => {
    t = await createTestApp(target);
    north = await buildStructure(t.ctx, { name: 'North' });
    const south = await buildStructure(t.ctx, { name: 'South' });
    await t.ctx.database.db
      .insert(adtDefinitions)
      .values(
        [north, south].flatMap((s) =>
          [...ADT_FIELDS, ...ORDER_FIELDS].map((d) => ({ ...d, corporateStructureId: s.structure.id })),
        ),
      );
    const sign = async (companyId: number, memberType: number) => {
      const u = await buildUser(t.ctx, { accounts: [{ companyId, memberType }] });
      const b = new TestBrowser(t.app);
      await b.signInAs(u.user.username, u.password, u.accounts[0]!.id);
      return b;
    };
    manager = await sign(north.structure.id, 3);
    transcriptionist = await sign(north.structure.id, 2);
    southManager = await sign(south.structure.id, 3);
    handler = await importScheduleTask.handler();
  });
  afterAll(async () => t?.close());

  const facility = () => north.facilities[0]!;
  /** Uploads a CSV with the composite name in the given format, processes it, answers its id and warnings. */
  const upload = async (csv: string, nameFormat: number, actionType = 0) => {
    const body = multipartBody({ companyId: String(facility().id), mshActionType: String(actionType) }, [
      { filename: 'schedule.csv', bytes: Buffer.from(csv) },
    ]);
    const res = await manager.post('/api/schedule/validateheadings', body.payload, { headers: body.headers });
    expect(res.statusCode, res.body).toBe(200);
    const v = res.json() as ValidateHeadingsResponse;
    const items: HeadingMappingItem[] = v.mappingItems.map((i) =>
      i.fileHeading === 'Patient Name' ? { ...i, compositeColumnFormat: nameFormat } : i,
    );
    const sub = await manager.post('/api/schedule/SubmitScheduleHeadings', {
      companyId: facility().id,
      companyName: facility().name,
      fileName: v.fileName,
      revisedFileName: v.revisedFileName,
      mappingItems: items,
      mappingsExist: v.mappingsExist,
      defaultValues: {},
      actionType,
    });
    expect(sub.statusCode, sub.body).toBe(200);
    const { uploadId, warnings, hasErrors } = sub.json();
    expect(hasErrors).toBe(false);
    await handler(t.ctx, { uploadId });
    return { uploadId: uploadId as number, warnings: warnings as string[] };
  };
  const patient = async (mrn: string) =>
    (
      await t.ctx.database.db
        .select()
        .from(patients)
        .where(and(eq(patients.corporateStructureId, north.structure.id), eq(patients.mrn, mrn)))
    )[0];
  const revert = (id: number, b = manager) => b.post(`/api/schedule/uploads/${id}/revert`);

  it('keeps the previous names, lists the effect and reverts the upload; refuses others and conflicts', async () => {
    const first = await upload(
      'MRN,Patient Name,Visit Number\n200001,"Ito, Christopher",V-1\n200002,"Okafor, Grace",V-2\n',
      0,
    );
    expect(first.warnings).toEqual([]);
    const ito = (await patient('200001'))!;
    expect(ito).toMatchObject({ lastName: 'Ito', firstName: 'Christopher' });
    const [v1] = await t.ctx.database.db.select().from(visits).where(eq(visits.patientId, ito.id));
    const job = await buildJob(t.ctx, facility(), { patientId: ito.id, visitId: v1!.id });

    // The reported mistake: the same names under 'FirstName MiddleName LastName', a new visit too.
    const bad = await upload(
      'MRN,Patient Name,Visit Number\n200001,"Ito, Christopher",V-3\n200002,"Okafor, Grace",V-2\n',
      2,
    );
    expect(bad.warnings).toEqual([
      'Heading "Patient Name": 2 names do not look like "FirstName MiddleName LastName" (for example row 2); check the stored names.',
    ]);
    expect(await patient('200001')).toMatchObject({ lastName: 'Christopher', firstName: 'Ito' });
    const kept = await t.ctx.database.db
      .select()
      .from(uploadChanges)
      .where(eq(uploadChanges.uploadId, bad.uploadId));
    expect(kept.filter((c) => c.op === 'update' && c.entityId === ito.id)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          entity: 'patient',
          field: 'lastName',
          previous: 'Ito',
          next: 'Christopher',
        }),
        expect.objectContaining({
          entity: 'patient',
          field: 'firstName',
          previous: 'Christopher',
          next: 'Ito',
        }),
      ]),
    );
    expect(kept.filter((c) => c.op === 'insert').map((c) => c.entity)).toEqual(['visit']);

    const effect = await manager.get(`/api/schedule/uploads/${bad.uploadId}/effect`);
    expect(effect.statusCode, effect.body).toBe(200);
    expect(effect.json()).toMatchObject({
      uploadId: bad.uploadId,
      patients: 2,
      visits: 1,
      jobs: 1,
      jobIds: [job.id],
      moreChanges: 0,
      revertedAt: null,
      canRevert: true,
    });
    expect(effect.json().changes).toContainEqual({
      entity: 'patient',
      op: 'update',
      record: 'Patient 200001',
      field: 'lastName',
      previous: 'Ito',
      next: 'Christopher',
    });
    expect(effect.json().changes).toContainEqual(
      expect.objectContaining({ entity: 'visit', op: 'insert', record: 'Visit V-3' }),
    );
    const recent = (await manager.get('/api/schedule/uploads')).json();
    expect(recent[0]).toMatchObject({
      uploadId: bad.uploadId,
      status: 'done',
      canRevert: true,
      revertedAt: null,
    });
    expect((await transcriptionist.get('/api/schedule/uploads')).json()[0]).toMatchObject({
      canRevert: false,
    });

    // Not a manager: 403. Another tenant's manager: 404. Nothing changes.
    const refused = await revert(bad.uploadId, transcriptionist);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe(
      'Only a manager with the upload permission can revert an upload.',
    );
    expect((await revert(bad.uploadId, southManager)).statusCode).toBe(404);
    expect((await southManager.get(`/api/schedule/uploads/${bad.uploadId}/effect`)).statusCode).toBe(404);
    expect((await revert(999_999)).statusCode).toBe(404);
    const badId = await manager.post('/api/schedule/uploads/x/revert');
    expect(badId.statusCode).toBe(400);
    expect(badId.json().error.message).toContain('uploadId must be a whole number');

    // Someone corrected one name since: 409 naming it, and nothing is reverted.
    await t.ctx.database.db.update(patients).set({ lastName: 'Itô' }).where(eq(patients.id, ito.id));
    const conflict = await revert(bad.uploadId);
    expect(conflict.statusCode).toBe(409);
    expect(conflict.json().error.message).toBe(
      `Upload ${bad.uploadId} cannot be reverted: Patient 200001 was changed since (lastName). Revert the later change first or correct it by hand.`,
    );
    expect(await patient('200001')).toMatchObject({ lastName: 'Itô', firstName: 'Ito' });
    expect(await t.ctx.database.db.$count(visits, eq(visits.visitNumber, 'V-3'))).toBe(1);

    await t.ctx.database.db.update(patients).set({ lastName: 'Christopher' }).where(eq(patients.id, ito.id));
    const done = await revert(bad.uploadId);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ uploadId: bad.uploadId, revertedAt: expect.any(String) });
    expect(await patient('200001')).toMatchObject({ lastName: 'Ito', firstName: 'Christopher' });
    expect(await patient('200002')).toMatchObject({ lastName: 'Okafor', firstName: 'Grace' });
    expect(await t.ctx.database.db.$count(visits, eq(visits.visitNumber, 'V-3'))).toBe(0);
    // The effect still names what the upload did, though the visit it added is gone.
    const after = (await manager.get(`/api/schedule/uploads/${bad.uploadId}/effect`)).json();
    expect(after).toMatchObject({ revertedAt: expect.any(String), canRevert: false });
    expect(after.changes).toContainEqual(expect.objectContaining({ op: 'insert', record: 'Visit V-3' }));
    expect((await revert(bad.uploadId)).json().error.message).toBe(
      `Upload ${bad.uploadId} has already been reverted.`,
    );
    expect((await manager.get(`/api/schedule/status/${bad.uploadId}`)).json().revertedAt).toEqual(
      expect.any(String),
    );

    const [audit] = await t.ctx.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'schedule.revert'));
    expect(audit).toMatchObject({
      outcome: 'success',
      detail: expect.objectContaining({ uploadId: bad.uploadId }),
    });
    expect(JSON.stringify(audit!.detail)).not.toContain('Ito');
  });

  it('reverting a delete brings the visit and its orders back; an added record in use is a conflict', async () => {
    const add = await upload('MRN,Patient Name,Visit Number\n300001,"Baptiste, Jean",V-9\n', 0);
    const jean = (await patient('300001'))!;
    const [v9] = await t.ctx.database.db.select().from(visits).where(eq(visits.patientId, jean.id));
    await t.ctx.database.db
      .insert(orders)
      .values({ visitId: v9!.id, orderNumber: 'O-9', description: 'X-ray' });
    const del = await upload('MRN,Patient Name,Visit Number\n300001,,V-9\n', 0, 1);
    expect(await t.ctx.database.db.$count(visits, eq(visits.id, v9!.id))).toBe(0);
    expect((await revert(del.uploadId)).statusCode).toBe(200);
    const [back] = await t.ctx.database.db.select().from(visits).where(eq(visits.id, v9!.id));
    expect(back).toMatchObject({ patientId: jean.id, visitNumber: 'V-9' });
    expect(await t.ctx.database.db.$count(orders, eq(orders.visitId, v9!.id))).toBe(1);

    // The first upload added Jean and V-9; a job now uses them.
    await buildJob(t.ctx, facility(), { patientId: jean.id, visitId: v9!.id });
    const inUse = await revert(add.uploadId);
    expect(inUse.statusCode).toBe(409);
    expect(inUse.json().error.message).toMatch(
      /^Upload \d+ cannot be reverted: Visit V-9, which it added, is now used/,
    );
    expect(await patient('300001')).toBeTruthy();
    const [row] = await t.ctx.database.db.select().from(uploads).where(eq(uploads.id, add.uploadId));
    expect(row!.revertedAt).toBeNull();
  });
});
