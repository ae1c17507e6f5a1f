import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import type { AppContext } from '../context.js';
import {
  adtDefinitions,
  adtSearchConfigurations,
  clientFacilities,
  orders,
  patients,
  visits,
} from '../db/schema/index.js';
import type { DatabaseTarget } from './databases.js';
import { buildUser } from './factories.js';
import { buildEditorWorld } from './jobEditorTestKit.js';
import { TestBrowser } from './processes/browser.js';
import { createTestApp, type TestApp } from './testContext.js';

type Ctx = Pick<AppContext, 'database' | 'blobs'>;
type Def = Omit<typeof adtDefinitions.$inferInsert, 'corporateStructureId'>;

const def = (
  segmentName: string,
  fieldIndex: number,
  componentIndex: number,
  displayName: string,
  dataType: number,
  ordinal: number,
  extra: Partial<Def> = {},
): Def => ({
  columnHeading: displayName.replace(/\W/g, ''),
  displayName,
  segmentName,
  segmentType:
    segmentName === 'PID' || segmentName === 'ZPI'
      ? 0
      : segmentName === 'PV1' || segmentName === 'IN1'
        ? 1
        : 2,
  fieldIndex,
  componentIndex,
  dataType,
  isDateTime: dataType <= 1,
  ordinal,
  ...extra,
});

/**
 * The structure's ADT set (every data type, ordinals with 0, two physician-type items); the
 * editor world's facility adds MRN (mandatory, ordinal 0) and overrides SSN (highlighted).
 */
export const STRUCTURE_DEFS: Def[] = [
  def('PID', 5, 1, 'Last Name', 4, 2, { mandatory: true }),
  def('PID', 5, 2, 'First Name', 4, 3, { mandatory: true }),
  def('PID', 5, 3, 'Middle Name', 4, 0),
  def('PID', 7, 1, 'Date of Birth', 1, 5, { mandatory: true }),
  def('PID', 8, 1, 'Sex', 4, 6),
  def('PID', 18, 1, 'Visit Number', 4, 8, { mandatory: true }),
  def('PID', 19, 1, 'SSN', 3, 9),
  def('PV1', 44, 1, 'Admit Date/Time', 0, 11, { refreshOnEdit: true }),
  def('IN1', 4, 1, 'Insurance Company', 4, 0),
  def('ZPI', 1, 1, 'Weight (kg)', 2, 20),
  def('ZPI', 2, 1, 'Smoker', 6, 21),
  def('ZPI', 3, 1, 'Call Time', 5, 22, { readOnly: true }),
  def('PV1', 7, 1, 'Attending Physician', 4, 1, {
    isPhysician: true,
    refreshOnEdit: true,
    follows: 'dictator',
  }),
  def('PV1', 8, 1, 'Referring Physician', 4, 2, { isPhysician: true }),
];

/** The order template of the editor world's facility. */
export const ORDER_DEFS: Def[] = [
  def('ORC', 2, 1, 'Order Number', 4, 1, { mandatory: true, inOrderSummary: true }),
  def('OBR', 4, 2, 'Procedure', 4, 2, { inOrderSummary: true }),
  def('OBR', 7, 1, 'Ordered At', 0, 3),
  def('OBR', 16, 1, 'Ordering Physician', 4, 1, { isPhysician: true }),
];

/**
 * The job editor's world with ADT: definitions, an order template and searches on its facility; a
 * second facility of the same structure with neither orders nor searches; patients with visits
 * and orders in both structures; and browsers for accounts with and without the ADT permissions.
 */
export async function buildAdtWorld(ctx: Ctx, app: FastifyInstance) {
  const w = await buildEditorWorld(ctx);
  const db = ctx.database.db;
  const cs = w.north.structure.id;
  await db.insert(adtDefinitions).values([
    ...STRUCTURE_DEFS.map((d) => ({ ...d, corporateStructureId: cs })),
    ...[...ORDER_DEFS, def('PID', 19, 1, 'Social Security No.', 3, 9, { highlighted: true })].map((d) => ({
      ...d,
      corporateStructureId: cs,
      clientFacilityId: w.cf.id,
    })),
  ]);
  await db.insert(adtSearchConfigurations).values({
    clientFacilityId: w.cf.id,
    name: 'Patient search',
    identifier: 'patient',
    searchFields: [
      {
        name: 'Last Name',
        type: 'string',
        hl7Identifier: { segment: 'PID', field: 5, component: 1 },
        source: 'patient',
      },
      { name: 'broken' },
    ],
  });
  const [plain] = await db
    .insert(clientFacilities)
    .values({
      corporateStructureId: cs,
      serviceCentreId: w.north.serviceCentre.id,
      name: 'North Clinic',
      companyNameId: `NC-${cs}`,
    })
    .returning();

  const [grace, peter, southPatient] = await db
    .insert(patients)
    .values([
      {
        corporateStructureId: cs,
        mrn: '100234',
        lastName: 'Okafor',
        firstName: 'Grace',
        middleName: 'Adaeze',
        dateOfBirth: '1958-04-12',
        sex: 'F',
        adt: { 'PID.19.1': '912-34-5678', 'ZPI.1.1': '72.50', 'ZPI.2.1': 'false', 'PID.11.1': '1 Elm St' },
      },
      { corporateStructureId: cs, mrn: '100871', lastName: 'Lindqvist', firstName: 'Peter' },
      { corporateStructureId: w.south.structure.id, mrn: '100234', lastName: 'Hidden', firstName: 'South' },
    ])
    .returning();
  const [admission, clinic, petersVisit] = await db
    .insert(visits)
    .values([
      {
        patientId: grace!.id,
        visitNumber: 'V-1',
        patientClass: 'I',
        admittedAt: new Date('2026-03-11T12:30:00Z'),
        dischargedAt: new Date('2026-03-14T15:00:00Z'),
        adt: { 'IN1.4.1': 'Aetna' },
      },
      { patientId: grace!.id, visitNumber: 'V-2', patientClass: 'O' },
      { patientId: peter!.id, visitNumber: 'V-3' },
    ])
    .returning();
  const [chest, blood, petersOrder] = await db
    .insert(orders)
    .values([
      {
        visitId: admission!.id,
        orderNumber: 'ORD-1',
        description: 'Chest X-ray',
        orderedAt: new Date('2026-03-11T14:00:00Z'),
      },
      {
        visitId: admission!.id,
        orderNumber: 'ORD-2',
        description: 'Blood count',
        physicians: { 'OBR.16': w.docs[1]!.id },
      },
      { visitId: petersVisit!.id, orderNumber: 'ORD-3', description: 'MRI' },
    ])
    .returning();

  const sign = async (permissions: string[] | undefined, companyId = cs) => {
    const u = await buildUser(ctx, { accounts: [{ companyId, permissions }] });
    const b = new TestBrowser(app);
    await b.signInAs(u.user.username, u.password, u.accounts[0]!.id);
    return b;
  };
  return {
    ...w,
    plain: plain!,
    grace: grace!,
    peter: peter!,
    southPatient: southPatient!,
    admission: admission!,
    clinic: clinic!,
    petersVisit: petersVisit!,
    chest: chest!,
    blood: blood!,
    petersOrder: petersOrder!,
    editor: await w.browser(app, 0),
    sign,
  };
}

/** A posted ADT value at a "SEG.field.component" key (inputAdtData, an order's outputAdtData). */
export function adtInput(key: string, value: string | null) {
  const [segment = '', field, component] = key.split('.');
  return { hl7Identifier: { segment, field: Number(field), component: Number(component) }, value };
}

/** A posted physician-type item at a "SEG.field" key (hl7Physician). */
export function physicianInput(key: string, physicianId: number | null) {
  const [segment = '', field] = key.split('.');
  return { hl7IdentifierBase: { segment, field: Number(field) }, physicianId };
}

/** What an ADT suite's tests get: the app and the ADT world (its editor signed in). */
export interface AdtSuite {
  t: TestApp;
  w: Awaited<ReturnType<typeof buildAdtWorld>>;
}

/**
 * An ADT test suite on `target` (as jobEditorTestKit's editorSuite): registers the suite's beforeAll
 * (a test app and the ADT world) and afterAll (close); the fields are there once the tests run.
 */
export function adtSuite(target: DatabaseTarget): AdtSuite {
  const suite = {} as AdtSuite;
  beforeAll(async () => {
    suite.t = await createTestApp(target);
    suite.w = await buildAdtWorld(suite.t.ctx, suite.t.app);
  }, 120_000);
  afterAll(async () => suite.t?.close());
  return suite;
}
