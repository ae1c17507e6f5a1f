import { catalogueTemplate, DEFAULT_TEMPLATE, TEMPLATE_LIMITS } from '@quill/core';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, clientFacilities, workTypes, workTypeTemplates } from '../../db/schema/index.js';
import { resolveTemplate } from '../../services/transcribe/resolveTemplate.js';
import { databaseTargets } from '../../testing/databases.js';
import { buildUser } from '../../testing/factories.js';
import { buildEditorWorld } from '../../testing/jobEditorTestKit.js';
import { TestBrowser } from '../../testing/processes/browser.js';
import { createTestApp, type TestApp } from '../../testing/testContext.js';

type World = Awaited<ReturnType<typeof buildEditorWorld>>;

const hp = catalogueTemplate('hp');
const consult = catalogueTemplate('consult');
const section = (code: string, title: string, text = '') => ({ code, title, text });
const saveBody = (scope: 'facility' | 'structure', over: object = {}) => ({
  scope,
  ...hp,
  ...over,
});

/** Issue 27: a work type's template on the Reference data page. */
describe.each(databaseTargets())('work type templates on $name', (target) => {
  let t: TestApp;
  let w: World;
  let manager: TestBrowser;
  let viewer: TestBrowser;
  let base: string;
  let sisterBase: string;
  let sharedId: number;
  let sisterOwnId: number;

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
      .where(and(eq(auditLog.action, action), eq(auditLog.corporateStructureId, w.north.structure.id)))
      .orderBy(auditLog.id);
  const rowsOf = (workTypeId: number) =>
    t.ctx.database.db.select().from(workTypeTemplates).where(eq(workTypeTemplates.workTypeId, workTypeId));
  const errorOf = (res: { json(): { error: { message: string } } }) => res.json().error.message;
  const template = (b: string, id: number) => `${b}/workTypes/${id}/template`;

  beforeAll(async () => {
    t = await createTestApp(target);
    w = await buildEditorWorld(t.ctx);
    manager = await as('templates-boss', ['dictatorView', 'dictatorAdd']);
    viewer = await as('templates-looker', ['dictatorView']);
    const db = t.ctx.database.db;
    const [sister] = await db
      .insert(clientFacilities)
      .values({
        corporateStructureId: w.north.structure.id,
        serviceCentreId: w.north.serviceCentre.id,
        name: 'North Sister',
        companyNameId: 'CF-template-sister',
      })
      .returning();
    const [shared, sisterOwn] = await db
      .insert(workTypes)
      .values([
        { corporateStructureId: w.north.structure.id, name: 'History and Physical', number: 40 },
        { corporateStructureId: w.north.structure.id, clientFacilityId: sister!.id, name: 'Own', number: 41 },
      ])
      .returning();
    sharedId = shared!.id;
    sisterOwnId = sisterOwn!.id;
    base = `/api/reference/${w.cf.id}`;
    sisterBase = `/api/reference/${sister!.id}`;
  });
  afterAll(async () => t?.close());

  it('answers the default for a work type without a template', async () => {
    const res = await viewer.get(template(base, sharedId));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      workTypeId: sharedId,
      shared: true,
      origin: 'default',
      inherited: 'default',
      template: DEFAULT_TEMPLATE,
    });
    expect((await viewer.get(template(base, w.wt.id))).json()).toMatchObject({
      shared: false,
      origin: 'default',
    });
  });

  it('saves the structure’s template for every facility, and a facility’s override for that facility only', async () => {
    const structure = await manager.post(template(base, sharedId), saveBody('structure'));
    expect(structure.statusCode, structure.body).toBe(200);
    expect(structure.json()).toEqual({
      workTypeId: sharedId,
      shared: true,
      origin: 'structure',
      inherited: 'structure',
      template: hp,
    });
    expect((await viewer.get(template(sisterBase, sharedId))).json()).toMatchObject({
      origin: 'structure',
      template: hp,
    });

    const sections = [
      section('29545-1', 'Physical Exam', 'General: alert and oriented.\nHEENT: normal.'),
      section('51847-2', 'Assessment and Plan'),
    ];
    const override = await manager.post(
      template(base, sharedId),
      saveBody('facility', { ...consult, documentTitle: '  Consult  ', sections }),
    );
    expect(override.statusCode, override.body).toBe(200);
    const overridden = { documentCode: consult.documentCode, documentTitle: 'Consult', sections };
    expect(override.json()).toEqual({
      workTypeId: sharedId,
      shared: true,
      origin: 'facility',
      inherited: 'structure',
      template: overridden,
    });
    // What a new document starts from is what the page says.
    expect(
      await resolveTemplate(t.ctx.database.db, { workTypeId: sharedId, clientFacilityId: w.cf.id }),
    ).toEqual({ ...overridden, origin: 'facility' });
    expect((await viewer.get(template(sisterBase, sharedId))).json().origin).toBe('structure');

    // A second save changes the override; it never adds a row.
    const again = await manager.post(
      template(base, sharedId),
      saveBody('facility', { sections: [sections[1]] }),
    );
    expect(again.json().template.sections).toEqual([sections[1]]);
    expect(await rowsOf(sharedId)).toHaveLength(2);

    const [first, , third] = await audits('reference.template.save');
    expect(first!.detail).toEqual({
      clientFacilityId: w.cf.id,
      workTypeId: sharedId,
      templateId: expect.any(Number),
      scope: 'structure',
      sections: hp.sections.length,
    });
    expect(third!.detail).toMatchObject({ scope: 'facility', sections: 1 });
  });

  it('deletes the facility’s override: the facility uses the structure’s template again', async () => {
    const res = await manager.post(`${template(base, sharedId)}/delete`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ origin: 'structure', inherited: 'structure', template: hp });
    const [deleted] = await audits('reference.template.delete');
    expect(deleted!.detail).toEqual({
      clientFacilityId: w.cf.id,
      workTypeId: sharedId,
      templateId: expect.any(Number),
      scope: 'facility',
    });
    // Nothing left to delete: the same answer, nothing audited.
    expect((await manager.post(`${template(base, sharedId)}/delete`)).json().origin).toBe('structure');
    expect(await audits('reference.template.delete')).toHaveLength(1);
    expect(await rowsOf(sharedId)).toHaveLength(1);
  });

  it('keeps a facility’s own work type to a facility template', async () => {
    const res = await manager.post(template(base, w.wt.id), saveBody('structure'));
    expect(res.statusCode).toBe(400);
    expect(errorOf(res)).toBe(
      "Only a work type of the whole structure has a structure's template; save this one as the facility's own.",
    );
    const own = await manager.post(template(base, w.wt.id), saveBody('facility'));
    expect(own.json()).toMatchObject({ shared: false, origin: 'facility', inherited: 'default' });
    const back = await manager.post(`${template(base, w.wt.id)}/delete`);
    expect(back.json()).toMatchObject({ origin: 'default', template: DEFAULT_TEMPLATE });
  });

  it('refuses a bad template with core’s words (400) and changes nothing', async () => {
    const many = Array.from({ length: TEMPLATE_LIMITS.maxSections + 1 }, (_, i) =>
      section(`${10000 + i}-1`, `S${i}`),
    );
    const refusals: [Record<string, unknown>, string][] = [
      [{ documentCode: '34117' }, 'The document type code must be a LOINC code such as 34117-2.'],
      [{ documentTitle: '   ' }, 'The document needs a title.'],
      [{ sections: [] }, 'A template needs at least one section.'],
      [{ sections: many }, `A template may have at most ${TEMPLATE_LIMITS.maxSections} sections.`],
      [
        { sections: [section('10164-2', 'HPI'), section('abc', 'X')] },
        'Section 2: the LOINC code must look like 10164-2.',
      ],
      [
        { sections: [section('10164-2', 'HPI'), section('10164-2', 'Again')] },
        'Section 2 repeats the LOINC code 10164-2; each section appears once.',
      ],
      [{ sections: [section('10164-2', '  ')] }, 'Section 1 needs a title.'],
      [
        { sections: [section('10164-2', 'HPI', 'x'.repeat(TEMPLATE_LIMITS.maxText + 1))] },
        'text must be at most',
      ],
      [{ sections: [section('10164-2', 'HPI\u0007')] }, 'title contains a control character'],
      [{ scope: 'everyone' }, 'scope'],
    ];
    for (const [over, said] of refusals) {
      const res = await manager.post(template(base, sharedId), saveBody('facility', over));
      expect(res.statusCode, JSON.stringify(over).slice(0, 80)).toBe(400);
      expect(errorOf(res)).toContain(said);
    }
    expect((await manager.get(template(base, sharedId))).json().origin).toBe('structure');
  });

  // Without the structure's reference lock the second insert of a pair breaks the unique index (500).
  it('saves one row when two managers save at the same moment', async () => {
    const second = await as('templates-boss-2', ['dictatorView', 'dictatorAdd']);
    const [fresh] = await t.ctx.database.db
      .insert(workTypes)
      .values({ corporateStructureId: w.north.structure.id, name: 'Fresh', number: 43 })
      .returning();
    const answers = await Promise.all([
      manager.post(template(base, w.noAddr.id), saveBody('facility')),
      second.post(template(base, w.noAddr.id), saveBody('facility', consult)),
      manager.post(template(sisterBase, sisterOwnId), saveBody('facility')),
      second.post(template(sisterBase, sisterOwnId), saveBody('facility')),
      manager.post(template(base, fresh!.id), saveBody('structure')),
      second.post(template(sisterBase, fresh!.id), saveBody('structure', consult)),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual(Array(6).fill(200));
    for (const id of [w.noAddr.id, sisterOwnId, fresh!.id]) expect(await rowsOf(id)).toHaveLength(1);
  });

  it('deletes a work type with its templates', async () => {
    const [gone] = await t.ctx.database.db
      .insert(workTypes)
      .values({ corporateStructureId: w.north.structure.id, name: 'Short-lived', number: 42 })
      .returning();
    await manager.post(template(base, gone!.id), saveBody('structure'));
    await manager.post(template(sisterBase, gone!.id), saveBody('facility', consult));
    expect(await rowsOf(gone!.id)).toHaveLength(2);
    const res = await manager.post(`${base}/workTypes/${gone!.id}/delete`);
    expect(res.statusCode, res.body).toBe(200);
    expect(await rowsOf(gone!.id)).toHaveLength(0);
    const [audit] = (await audits('reference.workType.delete')).filter(
      (a) => a.detail.workTypeId === gone!.id,
    );
    expect(audit!.detail).toMatchObject({ number: 42, templates: 2 });
  });

  it('answers 404 for another company’s facility or work type and for a work type the facility does not see', async () => {
    const south = `/api/reference/${w.south.facilities[0]!.id}`;
    expect((await manager.get(template(south, w.southWt.id))).statusCode).toBe(404);
    expect((await manager.post(template(south, w.southWt.id), saveBody('facility'))).statusCode).toBe(404);
    expect((await manager.get(template(base, w.southWt.id))).statusCode).toBe(404);
    expect((await manager.post(template(base, w.southWt.id), saveBody('facility'))).statusCode).toBe(404);
    expect((await manager.post(`${template(base, w.southWt.id)}/delete`)).statusCode).toBe(404);
    const sisters = await manager.post(template(base, sisterOwnId), saveBody('facility'));
    expect([sisters.statusCode, errorOf(sisters)]).toEqual([
      404,
      'There is no such work type at this facility.',
    ]);
    expect(await rowsOf(w.southWt.id)).toHaveLength(0);
  });

  it('lets dictatorView read but not change (403), and refuses reading without it', async () => {
    expect((await viewer.post(template(base, w.wt.id), saveBody('facility'))).statusCode).toBe(403);
    expect((await viewer.post(`${template(base, sharedId)}/delete`)).statusCode).toBe(403);
    const clerk = await as('templates-clerk', ['jobView', 'dictatorAdd']);
    expect((await clerk.get(template(base, sharedId))).statusCode).toBe(403);
    expect((await new TestBrowser(t.app).get(template(base, sharedId))).statusCode).toBe(401);
    expect(await rowsOf(w.wt.id)).toHaveLength(0);
    expect((await manager.get(template(base, sharedId))).json().origin).toBe('structure');
  });
});
