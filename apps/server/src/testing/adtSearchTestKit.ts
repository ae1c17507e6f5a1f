import type { AppContext } from '../context.js';
import { adtSearchConfigurations, orders, patients, visits } from '../db/schema/index.js';
import { buildEditorWorld } from './jobEditorTestKit.js';

type Ctx = Pick<AppContext, 'database' | 'blobs'>;

const field = (name: string, type: string, segment: string, f: number, c: number, source: string) => ({
  name,
  type,
  hl7Identifier: { segment, field: f, component: c },
  source,
});

/** The searches the test facility offers (the demo's two, and one by order number and admit day). */
export const TEST_SEARCHES = [
  {
    name: 'Patient search',
    identifier: 'patient',
    searchFields: [
      field('MRN', 'string', 'PID', 3, 1, 'patient'),
      field('Last Name', 'string', 'PID', 5, 1, 'patient'),
      field('First Name', 'string', 'PID', 5, 2, 'patient'),
      field('Date of Birth', 'date', 'PID', 7, 1, 'patient'),
    ],
  },
  {
    name: 'Visit search',
    identifier: 'visit',
    searchFields: [
      field('Visit Number', 'string', 'PID', 18, 1, 'visit'),
      field('Admit Date/Time', 'datetime', 'PV1', 44, 1, 'visit'),
    ],
  },
  {
    name: 'Order search',
    identifier: 'order',
    searchFields: [field('Order Number', 'string', 'ORC', 2, 1, 'order')],
  },
];

/** A search field's HL7 identifier by its place in TEST_SEARCHES, for request bodies. */
export const AT = {
  mrn: { segment: 'PID', field: 3, component: 1 },
  last: { segment: 'PID', field: 5, component: 1 },
  first: { segment: 'PID', field: 5, component: 2 },
  dob: { segment: 'PID', field: 7, component: 1 },
  visitNumber: { segment: 'PID', field: 18, component: 1 },
  admitted: { segment: 'PV1', field: 44, component: 1 },
  orderNumber: { segment: 'ORC', field: 2, component: 1 },
} as const;

type PatientSeed = {
  mrn: string;
  last: string;
  first: string;
  dob: string;
  visits?: { number: string; admitted: string; orders?: [string, string][] }[];
};

async function addPatient(ctx: Ctx, structureId: number, p: PatientSeed) {
  const db = ctx.database.db;
  const [row] = await db
    .insert(patients)
    .values({
      corporateStructureId: structureId,
      mrn: p.mrn,
      lastName: p.last,
      firstName: p.first,
      dateOfBirth: p.dob,
      sex: 'F',
    })
    .returning();
  for (const v of p.visits ?? []) {
    const [visit] = await db
      .insert(visits)
      .values({
        patientId: row!.id,
        visitNumber: v.number,
        patientClass: 'I',
        admittedAt: new Date(v.admitted),
      })
      .returning();
    if (v.orders?.length)
      await db.insert(orders).values(
        v.orders.map(([orderNumber, description]) => ({
          visitId: visit!.id,
          orderNumber,
          description,
          orderedAt: new Date(v.admitted),
        })),
      );
  }
  return row!;
}

/**
 * The editor world (North and South structures, editors with every permission) with the test
 * searches on North's facility and patients that share names, an MRN and a date of birth across
 * the two structures, so a search that leaked across tenants would show it.
 */
export async function buildAdtSearchWorld(ctx: Ctx) {
  const w = await buildEditorWorld(ctx);
  await ctx.database.db
    .insert(adtSearchConfigurations)
    .values(TEST_SEARCHES.map((s) => ({ ...s, clientFacilityId: w.cf.id })));
  const north = w.north.structure.id;
  const anna = await addPatient(ctx, north, {
    mrn: 'K-1001',
    last: 'Kowalski',
    first: 'Anna',
    dob: '1961-04-12',
    visits: [
      { number: 'VN-1', admitted: '2026-01-10T08:30:00Z', orders: [['ORD-1', 'Chest X-ray']] },
      {
        number: 'VN-2',
        admitted: '2026-03-02T14:00:00Z',
        orders: [
          ['ORD-2', 'Complete blood count'],
          ['ORD-3', 'Echocardiogram'],
        ],
      },
    ],
  });
  const piotr = await addPatient(ctx, north, {
    mrn: 'K-1002',
    last: 'Kowalczyk',
    first: 'Piotr',
    dob: '1975-09-30',
    visits: [{ number: 'VN-3', admitted: '2026-02-01T09:00:00Z' }],
  });
  const nowak = await addPatient(ctx, north, { mrn: 'N-1', last: 'Nowak', first: 'Anna', dob: '1961-04-12' });
  // South: the same MRN, name prefix and date of birth as Anna Kowalski.
  const southKowalski = await addPatient(ctx, w.south.structure.id, {
    mrn: 'K-1001',
    last: 'Kowalski',
    first: 'Zofia',
    dob: '1961-04-12',
    visits: [{ number: 'VS-1', admitted: '2026-01-10T08:30:00Z', orders: [['ORD-S', 'Hidden']] }],
  });
  return { ...w, anna, piotr, nowak, southKowalski };
}
