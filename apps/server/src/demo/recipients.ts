import type { recipients } from '../db/schema/index.js';
import type { PatientModel, PhysicianModel, WorkTypeModel } from './model.js';
import type { Rng } from './prng.js';

export type Method = PhysicianModel['distributionMethod'];
export type RecipientRow = typeof recipients.$inferInsert;

/** The physicians a facility's jobs can address, grouped for quick picks. */
export interface FacilityPhysicians {
  all: PhysicianModel[];
  dictators: PhysicianModel[];
  byMethod: Record<Method, PhysicianModel[]>;
}

/** Groups the physicians a facility can use (its own and the structure-wide ones). */
export function facilityPhysicians(all: PhysicianModel[]): FacilityPhysicians {
  const byMethod: Record<Method, PhysicianModel[]> = { fax: [], print: [], electronic: [] };
  for (const p of all) byMethod[p.distributionMethod].push(p);
  const dictators = all.filter((p) => p.isDictator);
  return { all, dictators: dictators.length > 0 ? dictators : all, byMethod };
}

const ADDRESSEE_CAPACITY: [string, string][] = [
  ['ATT', 'Attending physician'],
  ['REF', 'Referring physician'],
  ['PCP', 'Primary care physician'],
  ['CON', 'Consulting physician'],
];

/**
 * Recipients of one job: addressees within the work type's limits (or deliberately outside them),
 * carbon copies, sometimes the patient; each physician by their preferred distribution method.
 * `needMethod` makes sure one recipient is distributed that way (pending/failed stages).
 */
export function buildRecipients(
  rng: Rng,
  opts: {
    jobId: number;
    workType: WorkTypeModel;
    physicians: FacilityPhysicians;
    dictatorId: number | null;
    patient: PatientModel | null;
    outsideLimits: boolean;
    needMethod: Method | null;
    nextId: () => number;
  },
): RecipientRow[] {
  const { workType: wt, physicians } = opts;
  let addressees = 0;
  if (wt.enableAddressee) {
    const max = wt.maxAddressees ?? wt.minAddressees + 3;
    addressees = Math.min(
      max,
      wt.minAddressees +
        rng.weighted([
          [0, 35],
          [1, 40],
          [2, 18],
          [3, 7],
        ] as const),
    );
  }
  if (opts.outsideLimits) {
    addressees = wt.maxAddressees !== null ? wt.maxAddressees + 1 : 0;
    if (addressees === 0 && wt.minAddressees === 0) addressees = wt.enableAddressee ? 6 : 1;
  }
  const ccs = rng.weighted([
    [0, 50],
    [1, 35],
    [2, 15],
  ] as const);
  const chosen = rng.sample(
    physicians.all.filter((p) => p.id !== opts.dictatorId),
    addressees + ccs,
  );
  const rows: RecipientRow[] = chosen.map((p, i) => {
    const isAddressee = i < addressees;
    const [capacityCode, capacityDescription] = isAddressee
      ? rng.pick(ADDRESSEE_CAPACITY)
      : ['CC', 'Carbon copy'];
    return {
      id: 0,
      jobId: opts.jobId,
      physicianId: p.id,
      isAddressee,
      isPatient: false,
      auto: isAddressee && rng.chance(0.4),
      removed: false,
      capacityCode,
      capacityDescription,
      distributionMethod: p.distributionMethod,
      ordinal: i,
    };
  });
  const patientChance = wt.number === 108 ? 0.6 : 0.05;
  if (opts.patient && wt.allowPatientAsRecipient && rng.chance(patientChance)) {
    const p = opts.patient;
    rows.push({
      id: 0,
      jobId: opts.jobId,
      physicianId: null,
      isAddressee: false,
      isPatient: true,
      auto: false,
      removed: false,
      capacityCode: 'PAT',
      capacityDescription: 'Patient',
      distributionMethod: 'print',
      ordinal: rows.length,
      custom: {
        firstName: p.firstName,
        lastName: p.lastName,
        addressLine1: p.address.street,
        addressLine3: `${p.address.city}, ${p.address.state} ${p.address.postalCode}`,
        postalCode: p.address.postalCode,
        country: 'USA',
      },
    });
  }
  if (opts.needMethod && !rows.some((r) => r.distributionMethod === opts.needMethod)) {
    const pool = physicians.byMethod[opts.needMethod];
    const p = pool.length > 0 ? rng.pick(pool) : rng.pick(physicians.all);
    rows.push({
      id: 0,
      jobId: opts.jobId,
      physicianId: p.id,
      isAddressee: false,
      isPatient: false,
      auto: false,
      removed: false,
      capacityCode: 'CC',
      capacityDescription: 'Carbon copy',
      distributionMethod: opts.needMethod,
      ordinal: rows.length,
    });
  }
  // A removed recipient now and then, as users leave them behind when editing.
  if (rows.length > 0 && rng.chance(0.03))
    rows.push({ ...(rows[0] as RecipientRow), removed: true, ordinal: rows.length });
  for (const r of rows) r.id = opts.nextId();
  return rows;
}
