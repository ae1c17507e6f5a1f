import { catalogueTemplate, DEFAULT_TEMPLATE } from '@quill/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.js';
import { workTypes, workTypeTemplates } from '../../db/schema/index.js';
import { databaseTargets, type TestDatabase } from '../../testing/databases.js';
import { buildStructure } from '../../testing/factories.js';
import { resolveTemplate } from './resolveTemplate.js';

type Built = Awaited<ReturnType<typeof buildStructure>>;

const hp = catalogueTemplate('hp');
const consult = catalogueTemplate('consult');
const discharge = catalogueTemplate('discharge');

/** Issue 27: which template a new document of a work type starts from at a facility. */
describe.each(databaseTargets())('resolveTemplate on $name', (target) => {
  let test: TestDatabase;
  let db: Db;
  let north: Built;
  let south: Built;
  let sharedId: number;
  let bareId: number;

  beforeAll(async () => {
    test = await target.create();
    db = test.database.db;
    const ctx = { database: test.database };
    north = await buildStructure(ctx, { name: 'North', facilities: 2 });
    south = await buildStructure(ctx, { name: 'South' });
    const [shared, bare] = await db
      .insert(workTypes)
      .values([
        { corporateStructureId: north.structure.id, name: 'History and Physical', number: 1 },
        { corporateStructureId: north.structure.id, name: 'Letter', number: 2 },
      ])
      .returning();
    sharedId = shared!.id;
    bareId = bare!.id;
    await db.insert(workTypeTemplates).values([
      { corporateStructureId: north.structure.id, workTypeId: sharedId, ...hp },
      {
        corporateStructureId: north.structure.id,
        clientFacilityId: north.facilities[1]!.id,
        workTypeId: sharedId,
        ...consult,
        sections: [{ code: '29545-1', title: 'Physical Exam', text: 'General: well.' }],
      },
      // A row naming another structure (what no write makes): never used for North's facilities.
      { corporateStructureId: south.structure.id, workTypeId: bareId, ...discharge },
    ]);
  });
  afterAll(async () => test?.dispose());

  it('answers the structure’s template to a facility without an override of its own', async () => {
    const got = await resolveTemplate(db, {
      workTypeId: sharedId,
      clientFacilityId: north.facilities[0]!.id,
    });
    expect(got).toEqual({ ...hp, origin: 'structure' });
  });

  it('answers the facility’s override before the structure’s template', async () => {
    const got = await resolveTemplate(db, {
      workTypeId: sharedId,
      clientFacilityId: north.facilities[1]!.id,
    });
    expect(got).toEqual({
      documentCode: consult.documentCode,
      documentTitle: consult.documentTitle,
      sections: [{ code: '29545-1', title: 'Physical Exam', text: 'General: well.' }],
      origin: 'facility',
    });
  });

  it('answers the default for a work type without a template of its structure', async () => {
    const got = await resolveTemplate(db, { workTypeId: bareId, clientFacilityId: north.facilities[0]!.id });
    expect(got).toEqual({ ...DEFAULT_TEMPLATE, origin: 'default' });
    expect(got.documentCode).not.toBe(discharge.documentCode);
  });

  it('never answers another structure’s template, nor another facility’s override', async () => {
    const other = await resolveTemplate(db, {
      workTypeId: sharedId,
      clientFacilityId: south.facilities[0]!.id,
    });
    expect(other.origin).toBe('default');
    const sister = await resolveTemplate(db, {
      workTypeId: sharedId,
      clientFacilityId: north.facilities[0]!.id,
    });
    expect(sister.documentCode).toBe(hp.documentCode);
  });

  it('answers the default for a job without a work type, a copy the caller may change', async () => {
    const got = await resolveTemplate(db, { workTypeId: null, clientFacilityId: north.facilities[0]!.id });
    expect(got).toEqual({ ...DEFAULT_TEMPLATE, origin: 'default' });
    got.sections[0]!.text = 'changed';
    expect(DEFAULT_TEMPLATE.sections[0]!.text).toBe('');
  });
});
