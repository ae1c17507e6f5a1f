import { message } from '@quill/core';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adtDefinitions,
  auditLog,
  clientFacilities,
  holdQueueRules,
  jobFlags,
  jobs,
} from '../../db/schema/index.js';
import { databaseTargets } from '../../testing/databases.js';
import { buildUser } from '../../testing/factories.js';
import { buildEditorWorld, jobDataBody } from '../../testing/jobEditorTestKit.js';
import { TestBrowser } from '../../testing/processes/browser.js';
import { createTestApp, type TestApp } from '../../testing/testContext.js';

type Rule = {
  id: number;
  code: string;
  kind: string;
  enabled: boolean;
  fields: string[] | null;
  explanation: string;
};
type Item = {
  id: number;
  shared: boolean;
  replaced: boolean;
  key: string;
  displayName: string;
  columnHeading: string;
};

const at = (segment: string, field: number, component: number) => ({ segment, field, component });

/**
 * Issue 26, Reference data ▸ Hold-queue rules, ADT data and ADT searches: the calls, their gates
 * and refusals, their audit rows, and that a change counts at the next save, load and search.
 */
describe.each(databaseTargets())('hold-queue rules, ADT data and ADT searches on $name', (target) => {
  let t: TestApp;
  let w: Awaited<ReturnType<typeof buildEditorWorld>>;
  let boss: TestBrowser;
  let looker: TestBrowser;
  let outsider: TestBrowser;
  let cf: number;
  let sibling: number;
  let southCf: number;

  const ref = (facility: number, path: string) => `/api/reference/${facility}/${path}`;
  const as = async (username: string, companyId: number, permissions: string[]) => {
    const u = await buildUser(t.ctx, { username, accounts: [{ companyId, memberType: 3, permissions }] });
    const b = new TestBrowser(t.app);
    await b.signInAs(username, u.password, u.accounts[0]!.id);
    return b;
  };
  const rules = async (facility = cf) =>
    (await boss.get(ref(facility, 'holdQueueRules'))).json().rules as Rule[];
  const items = async (facility = cf) =>
    (await boss.get(ref(facility, 'adtDefinitions'))).json().items as Item[];
  const lastAudit = async (action: string) =>
    (
      await t.ctx.database.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.action, `reference.${action}`))
        .orderBy(desc(auditLog.id))
        .limit(1)
    )[0];
  const jobAdt = async (jobId: number) => (await boss.get(`/api/job/getadtdata?jobId=${jobId}`)).json();

  beforeAll(async () => {
    t = await createTestApp(target);
    w = await buildEditorWorld(t.ctx);
    cf = w.cf.id;
    southCf = w.south.facilities[0]!.id;
    const [second] = await t.ctx.database.db
      .insert(clientFacilities)
      .values({
        corporateStructureId: w.north.structure.id,
        serviceCentreId: w.cf.serviceCentreId,
        name: 'North Facility 2',
        companyNameId: 'CF-N2',
      })
      .returning();
    sibling = second!.id;
    // The structure's items, shared by both facilities of North.
    const shared = (
      segmentName: string,
      fieldIndex: number,
      componentIndex: number,
      name: string,
      extra = {},
    ) => ({
      corporateStructureId: w.north.structure.id,
      columnHeading: name.replace(/\W/g, ''),
      displayName: name,
      segmentName,
      segmentType: segmentName === 'PID' ? 0 : segmentName === 'PV1' ? 1 : 2,
      fieldIndex,
      componentIndex,
      dataType: 4,
      ...extra,
    });
    await t.ctx.database.db
      .insert(adtDefinitions)
      .values([
        shared('PID', 5, 1, 'Last Name', { mandatory: true }),
        shared('PID', 5, 2, 'First Name'),
        shared('PID', 19, 1, 'SSN', { dataType: 3 }),
        shared('PV1', 7, 1, 'Attending', { isPhysician: true, follows: 'dictator' }),
        shared('ORC', 2, 1, 'Order Number', { inOrderSummary: true }),
      ]);
    boss = await w.browser(t.app, 0);
    looker = await as('adt-looker', w.north.structure.id, ['dictatorView']);
    outsider = await as('adt-outsider', w.south.structure.id, ['dictatorView', 'dictatorAdd']);
  }, 120_000);
  afterAll(async () => t?.close());

  describe('hold-queue rules', () => {
    it('lists the facility’s rules in code order with what each checks, in words', async () => {
      const res = await looker.get(ref(cf, 'holdQueueRules'));
      expect(res.statusCode, res.body).toBe(200);
      const listed = res.json().rules as Rule[];
      expect(listed.map((r) => r.code)).toEqual(['HQ01', 'HQ02', 'HQ03', 'HQ04', 'HQ05']);
      expect(listed[0]).toMatchObject({
        kind: 'missingMandatoryAdt',
        enabled: true,
        fields: null,
        explanation: 'Holds a job while an ADT item this facility marks mandatory is empty.',
      });
      expect(listed[4]!.explanation).toBe(
        'Holds a job whose document names a patient other than its ADT (Last Name, First Name).',
      );
    });

    it('adds a rule (audited), refuses a code taken in another case (409) and bad input (400)', async () => {
      const res = await boss.post(ref(cf, 'holdQueueRules'), {
        code: ' HQ10 ',
        description: 'Identity incomplete',
        kind: 'missingMandatoryAdt',
        fields: ['PID.3.1', 'PID.5.1'],
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({
        code: 'HQ10',
        enabled: true,
        fields: ['PID.3.1', 'PID.5.1'],
        explanation: 'Holds a job while any of these ADT items is empty: MRN, Last Name.',
      });
      const audit = await lastAudit('holdQueueRule.add');
      expect(audit).toMatchObject({ corporateStructureId: w.north.structure.id, outcome: 'success' });
      expect(audit!.detail).toEqual({
        clientFacilityId: cf,
        ruleId: res.json().id,
        code: 'HQ10',
        kind: 'missingMandatoryAdt',
        enabled: true,
      });

      const dup = await boss.post(ref(cf, 'holdQueueRules'), {
        code: 'hq10',
        description: 'x',
        kind: 'noDictator',
      });
      expect(dup.statusCode).toBe(409);
      expect(dup.json().error.message).toBe(message('reference.adt.rules.codeTaken', { code: 'hq10' }));
      // Codes are per facility: the sibling facility may use it.
      expect(
        (
          await boss.post(ref(sibling, 'holdQueueRules'), {
            code: 'HQ10',
            description: 'x',
            kind: 'noDictator',
          })
        ).statusCode,
      ).toBe(200);

      const bad = async (body: Record<string, unknown>, says?: string) => {
        const r = await boss.post(ref(cf, 'holdQueueRules'), {
          code: 'NEW',
          description: 'x',
          kind: 'noDictator',
          ...body,
        });
        expect(r.statusCode, JSON.stringify(body)).toBe(400);
        if (says) expect(r.json().error.message).toContain(says);
      };
      await bad({ code: '' }, message('reference.adt.rules.codeRequired'));
      await bad({ code: 'X'.repeat(21) });
      await bad({ description: 'x'.repeat(201) });
      await bad({ description: 'bell\u0007' });
      await bad({ kind: 'unknownKind' }, message('reference.adt.rules.kindInvalid'));
      await bad({ fields: ['PID.3.1'] }, message('reference.adt.rules.noFieldsForKind'));
      await bad(
        { kind: 'missingMandatoryAdt', fields: ['PID.99.1'] },
        message('reference.adt.rules.unknownField', { field: 'PID.99.1' }),
      );
      await bad({ kind: 'missingMandatoryAdt', fields: ['ORC.2.1'] });
      await bad({ kind: 'missingMandatoryAdt', fields: Array.from({ length: 51 }, () => 'PID.3.1') });
      expect((await rules()).filter((r) => r.code === 'NEW')).toEqual([]);
    });

    it('edits code, description and items; enables, disables and deletes; each audited', async () => {
      const added = (
        await boss.post(ref(cf, 'holdQueueRules'), {
          code: 'HQ20',
          description: 'Names',
          kind: 'patientNameMismatch',
        })
      ).json() as Rule;
      const saved = await boss.post(ref(cf, `holdQueueRules/${added.id}`), {
        code: 'HQ21',
        description: 'Names differ',
        fields: ['PID.5.1'],
      });
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.json()).toMatchObject({ code: 'HQ21', description: 'Names differ', fields: ['PID.5.1'] });
      expect((await lastAudit('holdQueueRule.save'))!.detail).toMatchObject({
        ruleId: added.id,
        code: 'HQ21',
        previousCode: 'HQ20',
      });
      // Without fields the stored ones stay; null goes back to the kind's default.
      expect(
        (
          await boss.post(ref(cf, `holdQueueRules/${added.id}`), {
            code: 'HQ21',
            description: 'Names differ',
          })
        ).json().fields,
      ).toEqual(['PID.5.1']);
      expect(
        (
          await boss.post(ref(cf, `holdQueueRules/${added.id}`), {
            code: 'HQ21',
            description: 'x',
            fields: null,
          })
        ).json().fields,
      ).toBeNull();
      const taken = await boss.post(ref(cf, `holdQueueRules/${added.id}`), {
        code: 'hq01',
        description: 'x',
      });
      expect(taken.statusCode).toBe(409);

      const off = await boss.post(ref(cf, `holdQueueRules/${added.id}/enabled`), { enabled: false });
      expect(off.json()).toMatchObject({ enabled: false });
      expect((await lastAudit('holdQueueRule.disable'))!.detail).toMatchObject({
        ruleId: added.id,
        was: true,
      });
      expect(
        (await boss.post(ref(cf, `holdQueueRules/${added.id}/enabled`), { enabled: true })).json().enabled,
      ).toBe(true);
      expect(await lastAudit('holdQueueRule.enable')).toBeDefined();
      expect(
        (await boss.post(ref(cf, `holdQueueRules/${added.id}/enabled`), { enabled: 'no' })).statusCode,
      ).toBe(400);

      const gone = await boss.post(ref(cf, `holdQueueRules/${added.id}/delete`));
      expect(gone.json()).toEqual({ deleted: added.id });
      expect((await lastAudit('holdQueueRule.delete'))!.detail).toMatchObject({
        ruleId: added.id,
        code: 'HQ21',
      });
      expect((await rules()).some((r) => r.id === added.id)).toBe(false);
      expect((await boss.post(ref(cf, `holdQueueRules/${added.id}/delete`))).statusCode).toBe(404);
      // A rule of another facility named under this one: 404.
      const southRule = (
        await t.ctx.database.db
          .select()
          .from(holdQueueRules)
          .where(eq(holdQueueRules.clientFacilityId, southCf))
      )[0];
      const other = southRule?.id ?? (await rules(sibling))[0]!.id;
      expect(
        (await boss.post(ref(cf, `holdQueueRules/${other}/enabled`), { enabled: false })).statusCode,
      ).toBe(404);
    });

    it('a rule turned off no longer holds a job from its next save; turned on, it holds again', async () => {
      const hq03 = (await rules()).find((r) => r.code === 'HQ03')!;
      const saveWithoutDictator = async () => {
        const job = await w.makeJob({
          adt: { 'PID.3.1': 'MRN-1', 'PID.5.1': 'Everyman', 'PID.5.2': 'Adam' },
        });
        const cookie = (await boss.post('/api/job/bookoutjob', { jobId: job.id })).json().bookingCookie;
        const data = jobDataBody((await boss.get(`/api/job/getjobdata?jobId=${job.id}`)).json());
        const res = await boss.post('/api/job/savejob', {
          jobId: job.id,
          version: 1,
          bookingCookie: cookie,
          saveMode: 3,
          setJobDataRequest: { ...data, dictator: null },
        });
        expect(res.statusCode, res.body).toBe(200);
        const flags = await t.ctx.database.db.select().from(jobFlags).where(eq(jobFlags.jobId, job.id));
        const [row] = await t.ctx.database.db.select().from(jobs).where(eq(jobs.id, job.id));
        return { stage: row!.stageId, flags: flags.map((f) => f.code) };
      };
      expect(await saveWithoutDictator()).toEqual({ stage: 3, flags: ['HQ03'] });
      await boss.post(ref(cf, `holdQueueRules/${hq03.id}/enabled`), { enabled: false });
      expect(await saveWithoutDictator()).toEqual({ stage: 8, flags: [] });
      await boss.post(ref(cf, `holdQueueRules/${hq03.id}/enabled`), { enabled: true });
      expect(await saveWithoutDictator()).toEqual({ stage: 3, flags: ['HQ03'] });
    });

    // On PostgreSQL the two transactions really meet (the lock decides); PGlite runs them in turn.
    it('two adds of one code at once give one rule and a 409', async () => {
      for (let i = 0; i < 5; i++) {
        const add = (code: string) =>
          boss.post(ref(cf, 'holdQueueRules'), { code, description: 'race', kind: 'noDictator' });
        const [a, b] = await Promise.all([add(`RACE${i}`), add(`race${i}`)]);
        expect([a.statusCode, b.statusCode].sort(), `${a.body} ${b.body}`).toEqual([200, 409]);
        expect((await rules()).filter((r) => r.code.toLowerCase() === `race${i}`)).toHaveLength(1);
      }
    });
  });

  describe('ADT data items', () => {
    it('lists the structure’s shared items and the facility’s own', async () => {
      const res = await looker.get(ref(cf, 'adtDefinitions'));
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().structure).toBe('North');
      const listed = res.json().items as (Item & { source: string; isPhysician: boolean })[];
      // By record, values before physicians, then by order (all 0 here) and name.
      expect(listed.map((i) => [i.key, i.shared])).toEqual([
        ['PID.5.2', true],
        ['PID.5.1', true],
        ['PID.3.1', false],
        ['PID.19.1', true],
        ['PV1.7', true],
        ['ORC.2.1', true],
      ]);
      expect(listed.find((i) => i.key === 'ORC.2.1')!.source).toBe('order');
    });

    it('adds an item the next load of a job shows, refuses a taken heading or address (409) and bad items (400)', async () => {
      const job = await w.makeJob({ adt: { 'ZPI.1.1': '72.5' } });
      const named = (adt: { outputAdtData: { displayName: string }[] }, name: string) =>
        adt.outputAdtData.find((i) => i.displayName === name);
      expect(named(await jobAdt(job.id), 'Weight (kg)')).toBeUndefined();
      const base = {
        columnHeading: 'Weight',
        displayName: 'Weight (kg)',
        segmentName: 'ZPI',
        segmentType: 0,
        fieldIndex: 1,
        componentIndex: 1,
        dataType: 2,
        ordinal: 4,
        mandatory: false,
        readOnly: false,
        highlighted: true,
        inOrderSummary: false,
        refreshOnEdit: false,
      };
      const res = await boss.post(ref(cf, 'adtDefinitions'), base);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({
        shared: false,
        key: 'ZPI.1.1',
        source: 'patient',
        highlighted: true,
      });
      expect((await lastAudit('adtDefinition.add'))!.detail).toMatchObject({
        key: 'ZPI.1.1',
        columnHeading: 'Weight',
      });
      expect(named(await jobAdt(job.id), 'Weight (kg)')).toMatchObject({
        value: '72.5',
        displayDataType: 'decimal',
        highlighted: true,
      });

      const post = (over: Record<string, unknown>) =>
        boss.post(ref(cf, 'adtDefinitions'), { ...base, ...over });
      const headingTaken = await post({ columnHeading: 'ssn', fieldIndex: 2 });
      expect(headingTaken.statusCode).toBe(409);
      expect(headingTaken.json().error.message).toBe(
        message('reference.adt.items.headingTaken', { heading: 'SSN' }),
      );
      expect((await post({ columnHeading: 'Weight 2' })).statusCode).toBe(409);
      const refused = async (over: Record<string, unknown>, key: Parameters<typeof message>[0]) => {
        const r = await post({ columnHeading: 'Fresh', fieldIndex: 9, ...over });
        expect(r.statusCode, JSON.stringify(over)).toBe(400);
        expect(r.json().error.message).toContain(
          message(key, { segment: 'PV1', segments: 'PID' }).slice(0, 30),
        );
      };
      await refused({ segmentName: 'PV1' }, 'reference.adt.items.segmentNotOfType');
      await refused(
        { isPhysician: true, dataType: 4, componentIndex: 2 },
        'reference.adt.items.physicianComponent',
      );
      await refused({ follows: 'dictator' }, 'reference.adt.items.followsPhysicianOnly');
      await refused({ inOrderSummary: true }, 'reference.adt.items.summaryOrderOnly');
      await refused({ columnHeading: '' }, 'reference.adt.items.headingRequired');
      await refused({ segmentName: 'pid' }, 'reference.adt.items.segmentInvalid');
      await refused({ dataType: 9 }, 'reference.adt.items.dataTypeInvalid');
      expect((await post({ columnHeading: 'Fresh', fieldIndex: 1000 })).statusCode).toBe(400);
      expect((await post({ columnHeading: 'Fresh', fieldIndex: 9, ordinal: 1.5 })).statusCode).toBe(400);
      expect((await items()).some((i) => i.columnHeading === 'Fresh')).toBe(false);
    });

    it('edits a shared item for every facility of the structure; a job shows it at its next load', async () => {
      const job = await w.makeJob();
      const ssn = (await items()).find((i) => i.key === 'PID.19.1')!;
      const before = (await jobAdt(job.id)).outputAdtData.find(
        (i: { hl7Identifier: { field: number } }) => i.hl7Identifier.field === 19,
      );
      expect(before).toMatchObject({ displayName: 'SSN', mandatory: false });
      const res = await boss.post(ref(cf, `adtDefinitions/${ssn.id}`), {
        displayName: 'Social Security Number',
        ordinal: 9,
        mandatory: true,
        readOnly: false,
        highlighted: false,
        inOrderSummary: false,
        refreshOnEdit: false,
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({
        shared: true,
        displayName: 'Social Security Number',
        mandatory: true,
      });
      expect((await lastAudit('adtDefinition.save'))!.detail).toMatchObject({
        definitionId: ssn.id,
        shared: true,
        changed: ['displayName', 'ordinal', 'mandatory'],
      });
      const after = (await jobAdt(job.id)).outputAdtData.find(
        (i: { hl7Identifier: { field: number } }) => i.hl7Identifier.field === 19,
      );
      expect(after).toMatchObject({ displayName: 'Social Security Number', mandatory: true });
      expect((await items(sibling)).find((i) => i.id === ssn.id)!.displayName).toBe('Social Security Number');

      const attending = (await items()).find((i) => i.key === 'PV1.7')!;
      const physician = (over: Record<string, unknown>) =>
        boss.post(ref(cf, `adtDefinitions/${attending.id}`), {
          displayName: 'Attending',
          ordinal: 1,
          mandatory: false,
          readOnly: false,
          highlighted: false,
          inOrderSummary: false,
          refreshOnEdit: true,
          follows: 'dictatedFor',
          ...over,
        });
      expect((await physician({})).json()).toMatchObject({ follows: 'dictatedFor', refreshOnEdit: true });
      expect((await jobAdt(job.id)).hl7Physician[0]).toMatchObject({ follows: 'dictatedFor' });
      expect((await physician({ readOnly: true })).statusCode).toBe(400);
      expect((await physician({ follows: 'someone' })).statusCode).toBe(400);
      // Another structure's item is not this facility's: 404.
      const [southItem] = await t.ctx.database.db
        .insert(adtDefinitions)
        .values({
          corporateStructureId: w.south.structure.id,
          columnHeading: 'X',
          displayName: 'X',
          segmentName: 'PID',
          segmentType: 0,
          fieldIndex: 3,
          componentIndex: 1,
          dataType: 4,
        })
        .returning();
      expect((await boss.post(ref(cf, `adtDefinitions/${southItem!.id}/delete`))).statusCode).toBe(404);
    });

    it('an own item replaces the structure’s at its address; only own items are deleted, and not while a search or rule uses them', async () => {
      const replace = await boss.post(ref(cf, 'adtDefinitions'), {
        columnHeading: 'FirstName',
        displayName: 'Given name',
        segmentName: 'PID',
        segmentType: 0,
        fieldIndex: 5,
        componentIndex: 2,
        dataType: 4,
        ordinal: 3,
        mandatory: true,
        readOnly: false,
        highlighted: false,
        inOrderSummary: false,
        refreshOnEdit: false,
      });
      expect(replace.statusCode, replace.body).toBe(200);
      const listed = await items();
      expect(listed.find((i) => i.key === 'PID.5.2' && i.shared)!.replaced).toBe(true);
      expect((await items(sibling)).find((i) => i.key === 'PID.5.2')!.replaced).toBe(false);

      const shared = listed.find((i) => i.key === 'PID.5.1')!;
      const sharedDelete = await boss.post(ref(cf, `adtDefinitions/${shared.id}/delete`));
      expect(sharedDelete.statusCode).toBe(409);
      expect(sharedDelete.json().error.message).toBe(message('reference.adt.items.sharedNotDeletable'));

      // The facility's own Weight item, searched by a search and checked by a rule.
      const weight = listed.find((i) => i.key === 'ZPI.1.1')!;
      const search = await boss.post(ref(cf, 'adtSearches'), {
        name: 'By weight',
        identifier: 'weight',
        fields: [{ name: 'Weight', hl7Identifier: at('ZPI', 1, 1) }],
      });
      expect(search.statusCode, search.body).toBe(200);
      const used = await boss.post(ref(cf, `adtDefinitions/${weight.id}/delete`));
      expect(used.statusCode).toBe(409);
      expect(used.json().error.message).toBe(
        message('reference.adt.items.usedBySearch', { search: 'By weight', key: 'ZPI.1.1' }),
      );
      await boss.post(ref(cf, `adtSearches/${search.json().id}/delete`));
      const rule = await boss.post(ref(cf, 'holdQueueRules'), {
        code: 'HQW',
        description: 'Weight missing',
        kind: 'missingMandatoryAdt',
        fields: ['ZPI.1.1'],
      });
      expect((await boss.post(ref(cf, `adtDefinitions/${weight.id}/delete`))).statusCode).toBe(409);
      await boss.post(ref(cf, `holdQueueRules/${rule.json().id}/delete`));
      const gone = await boss.post(ref(cf, `adtDefinitions/${weight.id}/delete`));
      expect(gone.json()).toEqual({ deleted: weight.id });
      expect((await lastAudit('adtDefinition.delete'))!.detail).toMatchObject({
        definitionId: weight.id,
        key: 'ZPI.1.1',
      });

      // Deleting the replacing item shows the structure's again.
      await boss.post(ref(cf, `adtDefinitions/${replace.json().id}/delete`));
      expect((await items()).find((i) => i.key === 'PID.5.2')).toMatchObject({
        shared: true,
        replaced: false,
      });
    });
  });

  describe('ADT searches', () => {
    const lastName = { name: 'Last Name', hl7Identifier: at('PID', 5, 1) };
    const mrn = { name: 'MRN', hl7Identifier: at('PID', 3, 1) };
    const searchAdt = (jobId: number, identifier: string, hl7Identifier = at('PID', 5, 1), value = 'Every') =>
      boss.post('/api/job/searchadt', {
        companyId: cf,
        jobId,
        identifier,
        inputAdtData: [{ hl7Identifier, value }],
      });

    it('adds a search the next search of a job uses; its field types and records are the items’', async () => {
      const job = await w.makeJob();
      expect((await searchAdt(job.id, 'names')).statusCode).toBe(400);
      expect((await jobAdt(job.id)).adtSearchConfiguration).toBeNull();
      const res = await boss.post(ref(cf, 'adtSearches'), {
        name: 'Patient search',
        identifier: 'names',
        fields: [lastName, mrn],
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({
        identifier: 'names',
        fields: [
          { name: 'Last Name', type: 'string', source: 'patient', hl7Identifier: at('PID', 5, 1) },
          { name: 'MRN', type: 'string', source: 'patient', hl7Identifier: at('PID', 3, 1) },
        ],
      });
      expect((await lastAudit('adtSearch.add'))!.detail).toMatchObject({ identifier: 'names', fields: 2 });
      const found = await searchAdt(job.id, 'names');
      expect(found.statusCode, found.body).toBe(200);
      expect(found.json().patient.map((p: { instanceId: number }) => p.instanceId)).toEqual([w.patient.id]);
      expect((await jobAdt(job.id)).adtSearchConfiguration.availableSearch[0].identifier).toBe('names');
      expect(
        (await looker.get(ref(cf, 'adtSearches')))
          .json()
          .searches.map((s: { identifier: string }) => s.identifier),
      ).toEqual(['names']);
    });

    it('refuses a taken identifier (409), unknown or repeated fields and bad identifiers (400)', async () => {
      const post = (body: Record<string, unknown>) =>
        boss.post(ref(cf, 'adtSearches'), { name: 'S', identifier: 'other', fields: [mrn], ...body });
      const taken = await post({ identifier: 'NAMES' });
      expect(taken.statusCode).toBe(409);
      expect(taken.json().error.message).toBe(
        message('reference.adt.searches.identifierTaken', { identifier: 'NAMES' }),
      );
      const unknown = await post({ fields: [{ name: 'Bed', hl7Identifier: at('PV1', 3, 2) }] });
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json().error.message).toBe(
        message('reference.adt.searches.unknownField', { field: 'Bed', key: 'PV1.3.2' }),
      );
      expect(
        (await post({ fields: [{ name: 'Attending', hl7Identifier: at('PV1', 7, 1) }] })).statusCode,
      ).toBe(400);
      expect((await post({ fields: [mrn, { ...mrn, name: 'Again' }] })).statusCode).toBe(400);
      expect((await post({ fields: [] })).statusCode).toBe(400);
      expect((await post({ fields: Array.from({ length: 21 }, () => mrn) })).statusCode).toBe(400);
      expect((await post({ identifier: 'has space' })).statusCode).toBe(400);
      expect((await post({ identifier: 'x'.repeat(41) })).statusCode).toBe(400);
      expect((await post({ name: '' })).statusCode).toBe(400);
      expect((await boss.get(ref(cf, 'adtSearches'))).json().searches).toHaveLength(1);
    });

    it('a changed search counts at the next search; a deleted one is gone', async () => {
      const job = await w.makeJob();
      const [search] = (await boss.get(ref(cf, 'adtSearches'))).json().searches;
      const saved = await boss.post(ref(cf, `adtSearches/${search.id}`), {
        name: 'By MRN',
        identifier: 'names',
        fields: [mrn],
      });
      expect(saved.statusCode, saved.body).toBe(200);
      expect((await lastAudit('adtSearch.save'))!.detail).toMatchObject({ searchId: search.id, fields: 1 });
      const byName = await searchAdt(job.id, 'names');
      expect(byName.statusCode).toBe(400);
      expect(byName.json().error.message).toBe(message('adt.unknownField', { field: 'PID.5.1' }));
      expect((await searchAdt(job.id, 'names', at('PID', 3, 1), w.patient.mrn)).statusCode).toBe(200);

      const gone = await boss.post(ref(cf, `adtSearches/${search.id}/delete`));
      expect(gone.json()).toEqual({ deleted: search.id });
      expect(await lastAudit('adtSearch.delete')).toBeDefined();
      expect((await searchAdt(job.id, 'names', at('PID', 3, 1), w.patient.mrn)).statusCode).toBe(400);
      expect((await jobAdt(job.id)).adtSearchConfiguration).toBeNull();
      expect(
        (await boss.post(ref(cf, `adtSearches/${search.id}`), { name: 'x', identifier: 'x', fields: [mrn] }))
          .statusCode,
      ).toBe(404);
    });
  });

  describe('who may', () => {
    const writes = (facility: number): [string, unknown][] => [
      [ref(facility, 'holdQueueRules'), { code: 'NOPE', description: 'x', kind: 'noDictator' }],
      [ref(facility, 'holdQueueRules/1'), { code: 'NOPE', description: 'x' }],
      [ref(facility, 'holdQueueRules/1/enabled'), { enabled: false }],
      [ref(facility, 'holdQueueRules/1/delete'), undefined],
      [
        ref(facility, 'adtDefinitions'),
        {
          columnHeading: 'Nope',
          displayName: 'Nope',
          segmentName: 'ZPI',
          segmentType: 0,
          fieldIndex: 50,
          componentIndex: 1,
          dataType: 4,
          ordinal: 0,
          mandatory: false,
          readOnly: false,
          highlighted: false,
          inOrderSummary: false,
          refreshOnEdit: false,
        },
      ],
      [
        ref(facility, 'adtDefinitions/1'),
        {
          displayName: 'Nope',
          ordinal: 0,
          mandatory: false,
          readOnly: false,
          highlighted: false,
          inOrderSummary: false,
          refreshOnEdit: false,
        },
      ],
      [ref(facility, 'adtDefinitions/1/delete'), undefined],
      [
        ref(facility, 'adtSearches'),
        { name: 'Nope', identifier: 'nope', fields: [{ name: 'MRN', hl7Identifier: at('PID', 3, 1) }] },
      ],
      [
        ref(facility, 'adtSearches/1'),
        { name: 'Nope', identifier: 'nope', fields: [{ name: 'MRN', hl7Identifier: at('PID', 3, 1) }] },
      ],
      [ref(facility, 'adtSearches/1/delete'), undefined],
    ];
    const reads = (facility: number) =>
      ['holdQueueRules', 'adtDefinitions', 'adtSearches'].map((p) => ref(facility, p));

    it('without dictatorAdd every write is 403 and writes nothing; without dictatorView reads are 403', async () => {
      const before = await t.ctx.database.db.select().from(auditLog);
      for (const [url, body] of writes(cf)) expect((await looker.post(url, body)).statusCode, url).toBe(403);
      const clerk = await as('adt-clerk', w.north.structure.id, ['jobView', 'dictatorAdd']);
      for (const url of reads(cf)) expect((await clerk.get(url)).statusCode, url).toBe(403);
      const after = await t.ctx.database.db.select().from(auditLog);
      expect(
        after.filter((a) => a.action.startsWith('reference.') && !before.some((b) => b.id === a.id)),
      ).toEqual([]);
    });

    it('another company’s facility is 404 for reads and writes, and an unknown session 401', async () => {
      for (const url of reads(southCf)) expect((await boss.get(url)).statusCode, url).toBe(404);
      for (const url of reads(cf)) expect((await outsider.get(url)).statusCode, url).toBe(404);
      for (const [url, body] of writes(cf)) {
        const res = await outsider.post(url, body);
        expect(res.statusCode, url).toBe(404);
        expect(res.body).not.toContain('North');
      }
      for (const url of reads(cf)) expect((await new TestBrowser(t.app).get(url)).statusCode).toBe(401);
    });
  });
});
