import { type HeadingMappingItem, STAGES, type ValidateHeadingsResponse } from '@quill/core';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adtDefinitions,
  auditLog,
  jobs,
  orders,
  patients,
  uploadChanges,
  uploads,
  visits,
} from '../../db/schema/index.js';
import { ADT_FIELDS, ORDER_FIELDS } from '../../demo/adt.js';
import { loadDocumentFacts } from '../../services/documents/renderJobDocument.js';
import { importScheduleTask } from '../../tasks/importSchedule.js';
import { multipartBody } from '../../testing/audioTestKit.js';
import { databaseTargets } from '../../testing/databases.js';
import { buildJob, buildStructure, buildUser } from '../../testing/factories.js';
import { TestBrowser } from '../../testing/processes/browser.js';
import { createTestApp, type TestApp } from '../../testing/testContext.js';

/** Issue 18: the previous values kept with an upload, its effect and its revert; issue 39: its preview. */
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
  const status = async (id: number) => (await manager.get(`/api/schedule/status/${id}`)).json();
  const confirm = (id: number) => manager.post(`/api/schedule/uploads/${id}/confirm`);
  /**
   * Uploads a CSV with the composite name in the given format and works out its preview; unless
   * `previewOnly`, confirms and applies it. Answers its id and warnings.
   */
  const upload = async (csv: string, nameFormat: number, actionType = 0, previewOnly = false) => {
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
    expect((await status(uploadId)).status).toBe('preview');
    if (!previewOnly) {
      expect((await confirm(uploadId)).statusCode).toBe(200);
      await handler(t.ctx, { uploadId });
      expect((await status(uploadId)).status).toBe('done');
    }
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
      label: 'Last name (PID 5.1)',
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
  // Issue 39 row 3: a one-row CSV changed five jobs' birth date at once, Finished ones included.
  it('previews first, applies nothing before the confirm, never changes a final job, and reverts what it applied', async () => {
    const db = t.ctx.database.db;
    await upload('MRN,Patient Name,DOB,Visit Number\n400001,"Kowalski, Marcus",03/02/1958,V-40\n', 0);
    const marcus = (await patient('400001'))!;
    const own = { 'PID.5.1': 'Kowalski', 'PID.5.2': 'Marcus', 'PID.7.1': '1958-03-02' };
    const make = (stageId: number, values: Partial<typeof jobs.$inferInsert> = {}) =>
      buildJob(t.ctx, facility(), { patientId: marcus.id, stageId, adt: own, ...values });
    const open = await make(STAGES.transcription.id);
    const finished = await make(STAGES.finished.id);
    // Signed, and showing its record's birth date (it holds none of its own).
    const signed = await make(STAGES.eSignature.id, {
      signedAt: new Date('2026-10-05T21:00:00Z'),
      adt: { 'PID.5.1': 'Kowalski', 'PID.5.2': 'Marcus' },
    });
    const later = await make(STAGES.holdQueue.id);
    const jobAdt = async (id: number) =>
      (await db.select({ adt: jobs.adt }).from(jobs).where(eq(jobs.id, id)))[0]!.adt;
    const birthDates = async () =>
      Promise.all(
        [open, finished, signed, later].map(async (j) => (await loadDocumentFacts(t.ctx, j.id)).dateOfBirth),
      );
    expect(await birthDates()).toEqual(['1958-03-02', '1958-03-02', '1958-03-02', '1958-03-02']);

    const fix = await upload(
      'MRN,Patient Name,DOB,Visit Number\n400001,"Kowalski, Marcus",04/02/1958,V-40\n',
      0,
      0,
      true,
    );
    // The preview: nothing applied — the patient and every job as they were.
    expect((await patient('400001'))!.dateOfBirth).toBe('1958-03-02');
    expect(await jobAdt(open.id)).toEqual(own);
    expect(await birthDates()).toEqual(['1958-03-02', '1958-03-02', '1958-03-02', '1958-03-02']);
    const preview = (await manager.get(`/api/schedule/uploads/${fix.uploadId}/preview`)).json();
    expect(preview).toMatchObject({
      status: 'preview',
      patientsUpdated: 1,
      jobsChanged: 2,
      jobsFinal: 2,
      canConfirm: true,
    });
    expect(preview.changes).toEqual([
      expect.objectContaining({
        record: 'Patient 400001',
        field: 'dateOfBirth',
        label: 'Birth date (PID 7.1)',
        previous: '1958-03-02',
        next: '1958-04-02',
      }),
    ]);
    const dob = {
      field: 'PID.7.1',
      label: 'Birth date (PID 7.1)',
      previous: '1958-03-02',
      next: '1958-04-02',
    };
    // Final jobs first, each marked.
    expect(preview.jobs).toEqual([
      { jobId: finished.id, stage: 'Finished', final: true, record: 'Patient 400001', changes: [dob] },
      { jobId: signed.id, stage: 'ESign', final: true, record: 'Patient 400001', changes: [dob] },
      { jobId: open.id, stage: 'Transcription', final: false, record: 'Patient 400001', changes: [dob] },
      { jobId: later.id, stage: 'Hold Queue', final: false, record: 'Patient 400001', changes: [dob] },
    ]);
    expect((await transcriptionist.post(`/api/schedule/uploads/${fix.uploadId}/confirm`)).statusCode).toBe(
      404,
    );
    expect((await southManager.get(`/api/schedule/uploads/${fix.uploadId}/preview`)).statusCode).toBe(404);

    // Released and finished between the preview and the confirm: the confirm re-checks it.
    await db.update(jobs).set({ stageId: STAGES.finished.id }).where(eq(jobs.id, later.id));
    expect((await confirm(fix.uploadId)).json()).toMatchObject({ status: 'confirmed' });
    await handler(t.ctx, { uploadId: fix.uploadId });
    expect(await status(fix.uploadId)).toMatchObject({ status: 'done', jobsChanged: 1, jobsFinal: 3 });
    expect((await patient('400001'))!.dateOfBirth).toBe('1958-04-02');
    expect(await birthDates()).toEqual(['1958-04-02', '1958-03-02', '1958-03-02', '1958-03-02']);
    expect(await jobAdt(finished.id)).toEqual(own);
    expect(await jobAdt(later.id)).toEqual(own);
    const effect = (await manager.get(`/api/schedule/uploads/${fix.uploadId}/effect`)).json();
    expect(effect).toMatchObject({ jobs: 1, jobIds: [open.id], finalJobs: 3 });
    expect([...effect.finalJobIds].sort()).toEqual([finished.id, signed.id, later.id].sort());
    expect(effect.changes).toContainEqual(
      expect.objectContaining({
        entity: 'job',
        record: `Job ${open.id}`,
        field: 'PID.7.1',
        next: '1958-04-02',
      }),
    );

    // Revert: the patient and the job it changed get their values back; the final jobs stay.
    expect((await revert(fix.uploadId)).statusCode).toBe(200);
    expect((await patient('400001'))!.dateOfBirth).toBe('1958-03-02');
    expect(await jobAdt(open.id)).toEqual(own);
    expect(await jobAdt(signed.id)).toEqual({ 'PID.5.1': 'Kowalski', 'PID.5.2': 'Marcus' });
    expect(await jobAdt(finished.id)).toEqual(own);
    expect(await birthDates()).toEqual(['1958-03-02', '1958-03-02', '1958-03-02', '1958-03-02']);
  });

  it('a cancelled preview applies nothing; a preview that no longer holds is shown again, not applied', async () => {
    const db = t.ctx.database.db;
    await upload('MRN,Patient Name,Visit Number\n500001,"Novak, Ana",V-50\n', 0);
    const ana = (await patient('500001'))!;
    const job = await buildJob(t.ctx, facility(), { patientId: ana.id, adt: { 'PID.5.2': 'Ana' } });
    const csv = 'MRN,Patient Name,Visit Number\n500001,"Novak, Anna",V-50\n';

    const dropped = await upload(csv, 0, 0, true);
    const cancelled = await manager.post(`/api/schedule/uploads/${dropped.uploadId}/cancel`);
    expect(cancelled.json()).toMatchObject({ status: 'cancelled' });
    await handler(t.ctx, { uploadId: dropped.uploadId });
    expect((await confirm(dropped.uploadId)).statusCode).toBe(409);
    expect((await confirm(dropped.uploadId)).json().error.message).toBe(
      `Upload ${dropped.uploadId} is not waiting for confirmation.`,
    );
    expect((await patient('500001'))!.firstName).toBe('Ana');

    const kept = await upload(csv, 0, 0, true);
    // Someone edits the job's first name after the preview: the confirm shows the new plan instead.
    await db
      .update(jobs)
      .set({ adt: { 'PID.5.2': 'Anne' } })
      .where(eq(jobs.id, job.id));
    await confirm(kept.uploadId);
    await handler(t.ctx, { uploadId: kept.uploadId });
    expect(await status(kept.uploadId)).toMatchObject({ status: 'preview' });
    expect((await patient('500001'))!.firstName).toBe('Ana');
    const again = (await manager.get(`/api/schedule/uploads/${kept.uploadId}/preview`)).json();
    expect(again).toMatchObject({ changedSincePreview: true, canConfirm: true });
    expect(again.jobs[0].changes).toEqual([
      { field: 'PID.5.2', label: 'First name (PID 5.2)', previous: 'Anne', next: 'Anna' },
    ]);
    await confirm(kept.uploadId);
    await handler(t.ctx, { uploadId: kept.uploadId });
    expect(await status(kept.uploadId)).toMatchObject({ status: 'done', jobsChanged: 1 });
    expect((await db.select({ adt: jobs.adt }).from(jobs).where(eq(jobs.id, job.id)))[0]!.adt).toEqual({
      'PID.5.2': 'Anna',
    });
  });
});
