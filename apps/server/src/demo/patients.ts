import { orders, patients, visits } from '../db/schema/index.js';
import { visitInsurance, visitRecordAdt } from './adt.js';
import type { IdCounter } from './ids.js';
import { type Executor, insertRows } from './insert.js';
import {
  DAY_MS,
  type FacilityModel,
  iso,
  isoDate,
  type PatientModel,
  type PhysicianModel,
  REFERENCE_TIME,
  type StructureModel,
  type VisitModel,
} from './model.js';
import { phoneNumber } from './people.js';
import { FEMALE_FIRST, LAST_NAMES, MALE_FIRST, STATES, STREETS, TOWNS } from './pools/names.js';
import { ORDER_DESCRIPTIONS } from './pools/phrases.js';
import { type Rng, rngFor } from './prng.js';

/** Order numbers, descriptions, times and ordering physicians by order id, for the job's orders. */
export type OrderIndex = Map<
  number,
  { number: string; description: string; orderedAt: number; orderingPhysicianId: number | null }
>;

/** The physicians a patient's orders may come from: its home facility's and its structure's own. */
function orderingPool(physicians: readonly PhysicianModel[], home: FacilityModel) {
  return physicians.filter(
    (d) => d.structureId === home.structure.id && (d.facilityId === null || d.facilityId === home.id),
  );
}

/**
 * Creates `count` patients (about 8% in the small structure), each with 1–3 visits (the latest
 * usually within the last four months) and 0–2 orders per visit. One patient of a facility with
 * orders and ADT search, whose latest visit has two orders, is the walk-in (PatientModel.walkIn):
 * registered without a date of birth.
 */
export async function seedPatients(
  tx: Executor,
  ids: IdCounter,
  rng: Rng,
  count: number,
  structures: StructureModel[],
  facilities: FacilityModel[],
  physicians: readonly PhysicianModel[],
): Promise<{ patients: PatientModel[]; orders: OrderIndex }> {
  const [big, small] = structures as [StructureModel, StructureModel];
  const smallCount = Math.max(100, Math.round(count * 0.08));
  const bigFacilities = facilities.filter((f) => f.structure.id === big.id);
  const smallFacility = facilities.find((f) => f.structure.id === small.id) as FacilityModel;
  const out: PatientModel[] = [];
  const orderIndex: OrderIndex = new Map();
  const patientRows: (typeof patients.$inferInsert)[] = [];
  const visitRows: (typeof visits.$inferInsert)[] = [];
  const orderRows: (typeof orders.$inferInsert)[] = [];
  for (let i = 0; i < count; i++) {
    const cs = i < count - smallCount ? big : small;
    const home = cs === big ? (rng.pick(bigFacilities) as FacilityModel) : smallFacility;
    const orderers = orderingPool(physicians, home);
    const sex = rng.weighted([
      ['F', 50],
      ['M', 48],
      ['U', 2],
    ] as const);
    const female = sex === 'F' || (sex === 'U' && rng.chance(0.5));
    const firstName = rng.pick(female ? FEMALE_FIRST : MALE_FIRST);
    const middleName = rng.chance(0.4) ? rng.pick(female ? FEMALE_FIRST : MALE_FIRST) : null;
    const lastName = rng.pick(LAST_NAMES);
    const age = rng.weighted([
      [rng.int(0, 17), 8],
      [rng.int(18, 44), 25],
      [rng.int(45, 64), 32],
      [rng.int(65, 98), 35],
    ] as const);
    const dob = isoDate(REFERENCE_TIME - age * 365.25 * DAY_MS - rng.int(0, 364) * DAY_MS);
    const address = {
      street: `${rng.int(1, 999)} ${rng.pick(STREETS)}`,
      city: rng.pick(TOWNS),
      state: rng.pick(STATES),
      postalCode: `0${rng.int(1000, 4999)}`,
    };
    const p: PatientModel = {
      id: ids.next(patients),
      index: i,
      structureId: cs.id,
      homeFacilityIndex: home.index,
      mrn: String(2_000_000 + i * 7 + rng.int(0, 6)).padStart(8, '0'),
      firstName,
      middleName,
      lastName,
      dateOfBirth: dob,
      sex,
      phone: phoneNumber(rng),
      ssn: `9${rng.int(10, 99)}-${rng.int(10, 99)}-${String(rng.int(1, 9999)).padStart(4, '0')}`,
      address,
      visits: [],
    };
    const visitCount = rng.weighted([
      [1, 45],
      [2, 35],
      [3, 20],
    ] as const);
    let admitted =
      REFERENCE_TIME - rng.int(0, rng.chance(0.9) ? 125 : 400) * DAY_MS - rng.int(0, 86_399) * 1000;
    for (let v = 0; v < visitCount; v++) {
      const patientClass = rng.weighted([
        ['I', 35],
        ['O', 50],
        ['E', 15],
      ] as const);
      const stay =
        patientClass === 'I'
          ? rng.int(1, 8) * DAY_MS
          : patientClass === 'E'
            ? rng.int(2, 10) * 3_600_000
            : 3_600_000;
      const discharged = admitted + stay <= REFERENCE_TIME ? admitted + stay : null;
      const visit: VisitModel = {
        id: ids.next(visits),
        number: '',
        patientClass,
        admittedAt: admitted,
        dischargedAt: discharged,
        insurance: null,
        orderIds: [],
      };
      visit.number = `V${30_000_000 + visit.id}`;
      visit.insurance = visitInsurance(visit.id);
      p.visits.unshift(visit);
      visitRows.push({
        id: visit.id,
        patientId: p.id,
        visitNumber: visit.number,
        patientClass,
        admittedAt: new Date(admitted),
        dischargedAt: discharged === null ? null : new Date(discharged),
        adt: {
          'PID.18.1': visit.number,
          'PV1.2.1': patientClass,
          'PV1.44.1': iso(admitted).slice(0, 19),
          ...visitRecordAdt(visit),
        },
      });
      for (
        let o = rng.weighted([
          [0, 30],
          [1, 45],
          [2, 25],
        ] as const);
        o > 0;
        o--
      ) {
        const id = ids.next(orders);
        const number = `ORD${5_000_000 + id}`;
        const description = rng.pick(ORDER_DESCRIPTIONS);
        const orderedAt = admitted + rng.int(1, 12) * 3_600_000;
        // Its own generator: the ordering physician leaves the patients' sequence as it was.
        const ordering = orderers.length ? rngFor('ordering-physician', id).pick(orderers).id : null;
        visit.orderIds.push(id);
        orderIndex.set(id, { number, description, orderedAt, orderingPhysicianId: ordering });
        orderRows.push({
          id,
          visitId: visit.id,
          orderNumber: number,
          description,
          orderedAt: new Date(orderedAt),
          adt: { 'ORC.2.1': number, 'OBR.4.2': description, 'OBR.7.1': iso(orderedAt).slice(0, 19) },
          physicians: ordering === null ? {} : { 'OBR.16': ordering },
        });
      }
      admitted -= rng.int(20, 200) * DAY_MS;
    }
    // Visits sorted oldest first, so a job can pick the latest visit before its dictation.
    p.visits.sort((a, b) => a.admittedAt - b.admittedAt);
    out.push(p);
    patientRows.push({
      id: p.id,
      corporateStructureId: cs.id,
      mrn: p.mrn,
      lastName,
      firstName,
      middleName,
      dateOfBirth: dob,
      sex,
      adt: {
        'PID.8.1': sex,
        'PID.13.1': p.phone,
        'PID.19.1': p.ssn,
        'PID.11.1': address.street,
        'PID.11.3': address.city,
        'PID.11.4': address.state,
        'PID.11.5': address.postalCode,
      },
      createdAt: new Date((p.visits[0] as VisitModel).admittedAt),
    });
  }
  const walkIn = out.find((p) => {
    const home = facilities[p.homeFacilityIndex] as FacilityModel;
    return home.usesOrders && home.adtSearch && (p.visits.at(-1)?.orderIds.length ?? 0) >= 2;
  });
  if (walkIn) {
    walkIn.walkIn = true;
    (patientRows[walkIn.index] as (typeof patientRows)[number]).dateOfBirth = null;
  }
  await insertRows(tx, patients, patientRows);
  await insertRows(tx, visits, visitRows);
  await insertRows(tx, orders, orderRows);
  return { patients: out, orders: orderIndex };
}
