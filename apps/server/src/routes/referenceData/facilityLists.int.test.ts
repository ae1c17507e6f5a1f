import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, clientFacilities, workTypes } from '../../db/schema/index.js';
import { databaseTargets } from '../../testing/databases.js';
import { buildJob, buildUser } from '../../testing/factories.js';
import { buildEditorWorld } from '../../testing/jobEditorTestKit.js';
import { TestBrowser } from '../../testing/processes/browser.js';
import { createTestApp, type TestApp } from '../../testing/testContext.js';

type World = Awaited<ReturnType<typeof buildEditorWorld>>;

interface ListedWorkType {
  id: number;
  number: number;
  name: string;
  minAddressees: number;
  maxAddressees: number | null;
  shared: boolean;
}

const workType = (over: Record<string, unknown> = {}) => ({
  number: 21,
  name: 'Consult',
  enableAddressee: true,
  minAddressees: 0,
  maxAddressees: 3,
  allowPatientAsRecipient: true,
  ...over,
});

/** Issue 26: a facility's work types, departments and locations on the Reference data page. */
describe.each(databaseTargets())('facility work types, departments and locations on $name', (target) => {
  let t: TestApp;
  let w: World;
  let manager: TestBrowser;
  let viewer: TestBrowser;
  let base: string;
  let southBase: string;
  let sharedId: number;
  let sisterOwnId: number;
  let sister: typeof clientFacilities.$inferSelect;

  const as = async (username: string, permissions: string[]) => {
    const u = await buildUser(t.ctx, {
      username,
      accounts: [{ companyId: w.north.structure.id, memberType: 3, permissions }],
    });
    const b = new TestBrowser(t.app);
    await b.signInAs(username, 'secret-password', u.accounts[0]!.id);
    return b;
  };
  const audits = (action: string) =>
    t.ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, action), eq(auditLog.corporateStructureId, w.north.structure.id)));
  const listWorkTypes = async (): Promise<ListedWorkType[]> =>
    (await manager.get(`${base}/workTypes`)).json().workTypes;
  const errorOf = (res: { json(): { error: { message: string } } }) => res.json().error.message;

  beforeAll(async () => {
    t = await createTestApp(target);
    w = await buildEditorWorld(t.ctx);
    manager = await as('lists-boss', ['dictatorView', 'dictatorAdd', 'jobView', 'jobEdit']);
    viewer = await as('lists-looker', ['dictatorView', 'jobView']);
    base = `/api/reference/${w.cf.id}`;
    southBase = `/api/reference/${w.south.facilities[0]!.id}`;
    const db = t.ctx.database.db;
    const [made] = await db
      .insert(clientFacilities)
      .values({
        corporateStructureId: w.north.structure.id,
        serviceCentreId: w.north.serviceCentre.id,
        name: 'North Sister',
        companyNameId: 'CF-sister',
      })
      .returning();
    sister = made!;
    const [shared, sisterOwn] = await db
      .insert(workTypes)
      .values([
        { corporateStructureId: w.north.structure.id, name: 'Discharge Summary', number: 50 },
        {
          corporateStructureId: w.north.structure.id,
          clientFacilityId: sister!.id,
          name: 'Sister',
          number: 60,
        },
      ])
      .returning();
    sharedId = shared!.id;
    sisterOwnId = sisterOwn!.id;
  });
  afterAll(async () => t?.close());

  it('lists the facility’s own work types and the structure’s shared ones, saying which is shared', async () => {
    const res = await viewer.get(`${base}/workTypes`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().workTypes.map((x: ListedWorkType) => [x.number, x.name, x.shared])).toEqual([
      [11, 'Progress Note', false],
      [12, 'Letter', false],
      [50, 'Discharge Summary', true],
    ]);
    expect(res.json().workTypes[0]).toMatchObject({
      enableAddressee: true,
      minAddressees: 1,
      maxAddressees: 2,
    });
  });

  it('adds, edits and deletes a work type of the facility, each audited with ids and numbers only', async () => {
    const added = await manager.post(`${base}/workTypes`, workType({ name: '  Consult  ' }));
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json()).toMatchObject({ number: 21, name: 'Consult', maxAddressees: 3, shared: false });
    const id = added.json().id as number;
    expect((await listWorkTypes()).map((x) => x.number)).toEqual([11, 12, 21, 50]);

    const edited = await manager.post(
      `${base}/workTypes/${id}`,
      workType({ number: 22, maxAddressees: null }),
    );
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ id, number: 22, maxAddressees: null });

    const gone = await manager.post(`${base}/workTypes/${id}/delete`);
    expect(gone.statusCode, gone.body).toBe(200);
    expect((await listWorkTypes()).map((x) => x.number)).toEqual([11, 12, 50]);

    const [add] = await audits('reference.workType.add');
    expect(add!.detail).toEqual({
      clientFacilityId: w.cf.id,
      workTypeId: id,
      number: 21,
      shared: false,
      enableAddressee: true,
      minAddressees: 0,
      maxAddressees: 3,
      allowPatientAsRecipient: true,
    });
    const [edit] = await audits('reference.workType.edit');
    expect(edit!.detail).toMatchObject({ workTypeId: id, number: 22, changed: ['number', 'maxAddressees'] });
    expect((await audits('reference.workType.delete')).map((a) => a.detail.workTypeId)).toEqual([id]);
  });

  it('refuses each invalid work type with a 400 the manager can act on', async () => {
    const refusals: [Record<string, unknown>, string][] = [
      [{ number: 0 }, 'The number is a whole number from 1 to 99999.'],
      [{ number: 100_000 }, 'The number is a whole number from 1 to 99999.'],
      [{ number: 2.5 }, 'The number is a whole number from 1 to 99999.'],
      [{ name: '   ' }, 'Enter a value.'],
      [{ name: 'x'.repeat(101) }, 'At most 100 characters.'],
      [{ name: 'Con\u0007sult' }, 'name contains a control character; remove it and try again'],
      [{ minAddressees: 3, maxAddressees: 2 }, 'The maximum cannot be less than the minimum (3).'],
      [{ minAddressees: 101, maxAddressees: null }, 'The minimum is a whole number from 0 to 100.'],
      [{ maxAddressees: 101 }, 'The maximum is empty (no maximum) or a whole number from 0 to 100.'],
      [
        { enableAddressee: false, minAddressees: 1, maxAddressees: null },
        'A work type without addressees cannot require or allow any: set the minimum to 0 and leave the maximum empty.',
      ],
    ];
    for (const [over, said] of refusals) {
      const res = await manager.post(`${base}/workTypes`, workType(over));
      expect(res.statusCode, JSON.stringify(over)).toBe(400);
      expect(errorOf(res)).toContain(said);
    }
    expect((await listWorkTypes()).map((x) => x.number)).toEqual([11, 12, 50]);
  });

  it('refuses a number the facility already sees (409); a shared one’s number is unique across the structure', async () => {
    const own = await manager.post(`${base}/workTypes`, workType({ number: 11 }));
    expect(own.statusCode).toBe(409);
    expect(errorOf(own)).toBe('The number 11 is taken by the work type Progress Note. Choose another.');
    const shared = await manager.post(`${base}/workTypes`, workType({ number: 50 }));
    expect(errorOf(shared)).toBe(
      'The number 50 is taken by the work type Discharge Summary. Choose another.',
    );
    // Another facility's own number is free for this facility's own work types …
    const mine = await manager.post(`${base}/workTypes/${w.noAddr.id}`, {
      ...workType({
        number: 60,
        name: 'Letter',
        enableAddressee: false,
        minAddressees: 0,
        maxAddressees: null,
      }),
      allowPatientAsRecipient: false,
    });
    expect(mine.statusCode, mine.body).toBe(200);
    // … but not for a shared one, which that facility sees too.
    const sharedEdit = await manager.post(
      `${base}/workTypes/${sharedId}`,
      workType({ number: 60, name: 'Discharge Summary' }),
    );
    expect(sharedEdit.statusCode).toBe(409);
    expect(errorOf(sharedEdit)).toBe('The number 60 is taken by the work type Letter. Choose another.');
    await manager.post(`${base}/workTypes/${w.noAddr.id}`, {
      ...workType({
        number: 12,
        name: 'Letter',
        enableAddressee: false,
        minAddressees: 0,
        maxAddressees: null,
      }),
      allowPatientAsRecipient: false,
    });
  });

  it('adds a number once when two managers add it at the same moment (the other hears 409)', async () => {
    const second = await as('lists-boss-2', ['dictatorView', 'dictatorAdd']);
    const answers = await Promise.all([
      manager.post(`${base}/workTypes`, workType({ number: 77 })),
      second.post(`${base}/workTypes`, workType({ number: 77 })),
      manager.post(`${base}/departments`, { name: 'Radiology' }),
      second.post(`${base}/departments`, { name: 'Radiology' }),
      manager.post(`${base}/locations`, { code: 'ICU', name: 'Intensive care', auto: false }),
      second.post(`${base}/locations`, { code: 'ICU', name: 'Intensive care', auto: false }),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual(expect.arrayContaining([200, 409]));
    for (let i = 0; i < answers.length; i += 2)
      expect([answers[i]!.statusCode, answers[i + 1]!.statusCode].sort()).toEqual([200, 409]);
    expect((await listWorkTypes()).filter((x) => x.number === 77)).toHaveLength(1);
  });

  it('shows a change of limits on the next load of a job of that work type', async () => {
    const job = await w.makeJob({}, null);
    const limitsNow = async () => {
      const details = await manager.get(`/api/job/GetJobDetails?jobId=${job.id}`);
      const data = await manager.get(`/api/job/getjobdata?jobId=${job.id}`);
      const list = await manager.get(`/api/job/GetClientFacilityWorktypes?ClientFacilityId=${w.cf.id}`);
      const listed = list.json().find((x: { id: number }) => x.id === w.wt.id);
      return [details.json().workType, data.json().workType, listed].map((x) => [
        x.minAddressees,
        x.maxAddressees,
        x.maxAddresseesSpecified,
      ]);
    };
    expect(await limitsNow()).toEqual(Array(3).fill([1, 2, true]));
    const progressNote = workType({ number: 11, name: 'Progress Note', minAddressees: 1 });
    const raised = await manager.post(`${base}/workTypes/${w.wt.id}`, { ...progressNote, maxAddressees: 4 });
    expect(raised.statusCode, raised.body).toBe(200);
    expect(await limitsNow()).toEqual(Array(3).fill([1, 4, true]));
    await manager.post(`${base}/workTypes/${w.wt.id}`, { ...progressNote, maxAddressees: null });
    expect(await limitsNow()).toEqual(Array(3).fill([1, null, false]));
    await manager.post(`${base}/workTypes/${w.wt.id}`, { ...progressNote, maxAddressees: 2 });
    expect(await limitsNow()).toEqual(Array(3).fill([1, 2, true]));
  });

  it('deletes a work type only when no job uses it, saying how many do', async () => {
    const used = await manager.post(`${base}/workTypes/${w.wt.id}/delete`);
    expect(used.statusCode).toBe(409);
    expect(errorOf(used)).toMatch(/^The work type cannot be deleted: (a job uses it|\d+ jobs use it)\.$/);
    await w.makeJob({ workTypeId: w.noAddr.id }, null);
    await w.makeJob({ workTypeId: w.noAddr.id }, null);
    const two = await manager.post(`${base}/workTypes/${w.noAddr.id}/delete`);
    expect(errorOf(two)).toBe('The work type cannot be deleted: 2 jobs use it.');
    // A job outside the facility naming its work type (older data) is caught by the foreign key.
    const [stray] = await t.ctx.database.db
      .insert(workTypes)
      .values({
        corporateStructureId: w.north.structure.id,
        clientFacilityId: w.cf.id,
        name: 'Stray',
        number: 88,
      })
      .returning();
    await buildJob(t.ctx, sister, { workTypeId: stray!.id });
    const caught = await manager.post(`${base}/workTypes/${stray!.id}/delete`);
    expect(caught.statusCode).toBe(409);
    expect(errorOf(caught)).toBe('The work type cannot be deleted: a job uses it.');
    expect((await listWorkTypes()).map((x) => x.number)).toContain(88);
  });

  it('lists, adds, renames and deletes departments; names are unique ignoring case', async () => {
    expect(
      (await viewer.get(`${base}/departments`)).json().departments.map((d: { name: string }) => d.name),
    ).toEqual(['Cardiology', 'Radiology']);
    const added = await manager.post(`${base}/departments`, { name: ' Oncology ' });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json().name).toBe('Oncology');
    const twice = await manager.post(`${base}/departments`, { name: 'CARDIOLOGY' });
    expect(twice.statusCode).toBe(409);
    expect(errorOf(twice)).toBe('This facility already has a department named Cardiology.');
    expect((await manager.post(`${base}/departments`, { name: '' })).statusCode).toBe(400);
    expect(errorOf(await manager.post(`${base}/departments`, { name: 'y'.repeat(101) }))).toContain(
      'At most 100 characters.',
    );
    const renamed = await manager.post(`${base}/departments/${added.json().id}`, {
      name: 'Medical Oncology',
    });
    expect(renamed.json()).toEqual({ id: added.json().id, name: 'Medical Oncology' });
    expect(
      (await manager.post(`${base}/departments/${added.json().id}`, { name: 'radiology' })).statusCode,
    ).toBe(409);
    expect((await manager.post(`${base}/departments/${added.json().id}/delete`)).json()).toEqual({
      id: added.json().id,
    });
    expect((await audits('reference.department.rename'))[0]!.detail).toEqual({
      clientFacilityId: w.cf.id,
      departmentId: added.json().id,
    });
    expect(await audits('reference.department.delete')).toHaveLength(1);
  });

  it('lists, adds, edits and deletes locations; codes are unique ignoring case', async () => {
    const listed = (await viewer.get(`${base}/locations`)).json().locations;
    expect(listed.map((l: { code: string }) => l.code)).toEqual(['ICU', 'W1']);
    const added = await manager.post(`${base}/locations`, { code: ' er ', name: 'Emergency', auto: true });
    expect(added.json()).toMatchObject({ code: 'er', name: 'Emergency', auto: true });
    const twice = await manager.post(`${base}/locations`, { code: 'w1', name: 'Ward one', auto: false });
    expect(twice.statusCode).toBe(409);
    expect(errorOf(twice)).toBe('This facility already has a location with the code W1.');
    const long = await manager.post(`${base}/locations`, { code: 'c'.repeat(21), name: 'Long', auto: false });
    expect(long.statusCode).toBe(400);
    expect(errorOf(long)).toContain('At most 20 characters.');
    const edited = await manager.post(`${base}/locations/${added.json().id}`, {
      code: 'ER',
      name: 'Emergency room',
      auto: false,
    });
    expect(edited.json()).toMatchObject({ code: 'ER', name: 'Emergency room', auto: false });
    expect((await audits('reference.location.edit'))[0]!.detail).toMatchObject({
      code: 'ER',
      changed: ['code', 'name', 'auto'],
    });
    expect((await manager.post(`${base}/locations/${added.json().id}/delete`)).statusCode).toBe(200);
    expect(await audits('reference.location.delete')).toHaveLength(1);
  });

  it('shows a renamed department or location on the next load of its job, and keeps used ones', async () => {
    const job = await w.makeJob({ departmentId: w.dep.id, locationId: w.loc.id }, null);
    const view = async () => (await manager.get(`/api/job/GetJobDetails?jobId=${job.id}`)).json();
    expect((await view()).department.name).toBe('Cardiology');
    await manager.post(`${base}/departments/${w.dep.id}`, { name: 'Cardiac care' });
    await manager.post(`${base}/locations/${w.loc.id}`, { code: 'W1A', name: 'Ward 1A', auto: true });
    const after = await view();
    expect(after.department).toEqual({ id: w.dep.id, name: 'Cardiac care' });
    expect(after.location).toEqual({ id: w.loc.id, code: 'W1A', name: 'Ward 1A', auto: true });
    const departments = await manager.get(`/api/job/getDepartmentsByJobId/${job.id}`);
    expect(departments.json().map((d: { name: string }) => d.name)).toContain('Cardiac care');
    const locations = await manager.get(`/api/job/getLocationsByJobId/${job.id}`);
    expect(locations.json().map((l: { code: string }) => l.code)).toContain('W1A');
    const dep = await manager.post(`${base}/departments/${w.dep.id}/delete`);
    expect([dep.statusCode, errorOf(dep)]).toEqual([409, 'The department cannot be deleted: a job uses it.']);
    const loc = await manager.post(`${base}/locations/${w.loc.id}/delete`);
    expect([loc.statusCode, errorOf(loc)]).toEqual([409, 'The location cannot be deleted: a job uses it.']);
  });

  it('answers 404 for another company’s facility and for a row the facility does not see', async () => {
    for (const list of ['workTypes', 'departments', 'locations'])
      expect((await manager.get(`${southBase}/${list}`)).statusCode).toBe(404);
    expect((await manager.post(`${southBase}/workTypes`, workType({ number: 31 }))).statusCode).toBe(404);
    expect((await manager.post(`${southBase}/departments`, { name: 'Elsewhere' })).statusCode).toBe(404);
    expect((await manager.post(`${base}/workTypes/${w.southWt.id}`, workType())).statusCode).toBe(404);
    expect((await manager.post(`${base}/workTypes/${w.southWt.id}/delete`)).statusCode).toBe(404);
    // The sister facility's own work type is not this facility's to change.
    const sisterEdit = await manager.post(`${base}/workTypes/${sisterOwnId}`, workType({ number: 61 }));
    expect(sisterEdit.statusCode).toBe(404);
    expect(errorOf(sisterEdit)).toBe('There is no such work type at this facility.');
    expect((await manager.get('/api/reference/999999/workTypes')).statusCode).toBe(404);
  });

  it('lets dictatorView read but not change (403), and refuses reading without it', async () => {
    expect((await viewer.post(`${base}/workTypes`, workType({ number: 32 }))).statusCode).toBe(403);
    expect((await viewer.post(`${base}/departments/${w.dep.id}`, { name: 'Nope' })).statusCode).toBe(403);
    expect((await viewer.post(`${base}/locations/${w.loc.id}/delete`)).statusCode).toBe(403);
    const clerk = await as('lists-clerk', ['jobView', 'dictatorAdd']);
    expect((await clerk.get(`${base}/departments`)).statusCode).toBe(403);
    expect((await new TestBrowser(t.app).get(`${base}/locations`)).statusCode).toBe(401);
    expect((await listWorkTypes()).map((x) => x.number)).not.toContain(32);
  });
});
