import { MEMBER_TYPES, PERMISSIONS, type Permission } from '@quill/core';
import {
  accountCorporateAccess,
  accountPermissions,
  accounts,
  physicians,
  users,
} from '../db/schema/index.js';
import type { IdCounter } from './ids.js';
import { type Executor, insertRows } from './insert.js';
import {
  type FacilityModel,
  iso,
  type PhysicianModel,
  REFERENCE_TIME,
  type StructureModel,
} from './model.js';
import {
  AREA_CODES,
  FEMALE_FIRST,
  LAST_NAMES,
  MALE_FIRST,
  MIDDLE_INITIALS,
  SPECIALTIES,
  STATES,
  STREETS,
  TOWNS,
} from './pools/names.js';
import { type Rng, rngFor } from './prng.js';

/** ASCII lower-case form of a name for e-mail addresses. */
function ascii(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[^A-Za-z]/g, '')
    .toLowerCase();
}

/** A 555-01xx telephone number (reserved for fiction). */
export function phoneNumber(rng: Rng): string {
  return `(${rng.pick(AREA_CODES)}) 555-01${String(rng.int(0, 99)).padStart(2, '0')}`;
}

/** A fax number as the fax rule of spec 01 §5 accepts it: digits, grouped by spaces ('201 555 0123'). */
export function faxNumber(rng: Rng): string {
  return `${rng.pick(AREA_CODES)} 555 01${String(rng.int(0, 99)).padStart(2, '0')}`;
}

/**
 * Creates the physicians: 15 per facility of the big structure plus 20 structure-wide ones, and 24
 * for the small structure's facility. Some have secure messaging, some no fax number.
 */
export async function seedPhysicians(
  tx: Executor,
  ids: IdCounter,
  rng: Rng,
  structures: StructureModel[],
  facilities: FacilityModel[],
): Promise<PhysicianModel[]> {
  const out: PhysicianModel[] = [];
  const rows: (typeof physicians.$inferInsert)[] = [];
  for (const cs of structures) {
    const groups: (number | null)[] = [];
    for (const f of facilities.filter((x) => x.structure.id === cs.id)) {
      for (let i = 0; i < (cs.big ? 15 : 24); i++) groups.push(f.id);
    }
    if (cs.big) for (let i = 0; i < 20; i++) groups.push(null);
    const domain = `${cs.code.toLowerCase()}.example`;
    groups.forEach((facilityId, seq) => {
      const female = rng.chance(0.5);
      const firstName = rng.pick(female ? FEMALE_FIRST : MALE_FIRST);
      const lastName = rng.pick(LAST_NAMES);
      const middleInitial = rng.chance(0.6) ? rng.pick(MIDDLE_INITIALS) : null;
      const credentials = rng.weighted([
        ['MD', 60],
        ['DO', 15],
        ['NP', 15],
        ['PA-C', 10],
      ] as const);
      const doctor = credentials === 'MD' || credentials === 'DO';
      const resident = doctor && rng.chance(0.1);
      const specialty = rng.pick(SPECIALTIES);
      const secure = rng.chance(0.25);
      const fax = rng.chance(0.85) ? faxNumber(rng) : null;
      const method: PhysicianModel['distributionMethod'] =
        secure && rng.chance(0.8) ? 'electronic' : fax && rng.chance(0.75) ? 'fax' : 'print';
      const email = `${ascii(firstName)}.${ascii(lastName)}${seq}@${domain}`;
      const p: PhysicianModel = {
        id: ids.next(physicians),
        structureId: cs.id,
        facilityId,
        prefix: doctor ? 'Dr.' : null,
        firstName,
        middleInitial,
        lastName,
        credentials,
        accessCode: String(1000 + seq),
        fax,
        telephone: phoneNumber(rng),
        isDictator: rng.chance(0.65),
        distributionMethod: method,
      };
      out.push(p);
      const town = rng.pick(TOWNS);
      const state = rng.pick(STATES);
      const postalCode = `0${rng.int(1000, 4999)}`;
      rows.push({
        id: p.id,
        corporateStructureId: cs.id,
        clientFacilityId: facilityId,
        prefix: p.prefix,
        firstName,
        middleInitial,
        lastName,
        suffix: rng.chance(0.04) ? rng.pick(['Jr.', 'Sr.', 'III']) : null,
        jobTitle: resident
          ? 'Resident Physician'
          : doctor
            ? 'Attending Physician'
            : credentials === 'NP'
              ? 'Nurse Practitioner'
              : 'Physician Assistant',
        credentials,
        accessCode: p.accessCode,
        specialty,
        mnemonic: `${ascii(lastName).slice(0, 4).toUpperCase()}${ascii(firstName).charAt(0).toUpperCase()}`,
        clientUserCode: `CU${String(seq + 1).padStart(4, '0')}`,
        email,
        fax,
        telephone: p.telephone,
        addressLine1: `${rng.int(10, 990)} ${rng.pick(STREETS)}`,
        addressLine2: rng.chance(0.5) ? `Suite ${rng.int(1, 6)}${rng.int(0, 2)}0` : null,
        addressLine3: `${town}, ${state} ${postalCode}`,
        postalCode,
        country: 'USA',
        signatureBlock: `${firstName}${middleInitial ? ` ${middleInitial}.` : ''} ${lastName}, ${credentials}\n${specialty}`,
        globalId: `${cs.code}-G${String(seq + 1).padStart(5, '0')}`,
        // Secure-messaging physicians have a Direct address; a few others are recipient-module
        // physicians too (their own generator, so the main sequence is unchanged).
        recipientProviderId:
          secure || rngFor('recipient-provider', p.id).chance(0.15)
            ? `${ascii(firstName)}.${ascii(lastName)}${seq}@direct.${domain}`
            : null,
        secureMessagingEnabled: secure,
        residentFlag: resident,
        externalESignFlag: rng.chance(0.05),
        isDictator: p.isDictator,
        distributionMethod: method,
      });
    });
  }
  await insertRows(tx, physicians, rows);
  return out;
}

/** Demo sign-ins printed by `npm start`; every password is `demo`. */
export const DEMO_USERS = [
  {
    username: 'manager',
    displayName: 'Morgan Reyes',
    description:
      'Manager (member type 3), every permission; two accounts in two companies, the Meridian one also serves Kestrel Bay (set deliberately)',
  },
  {
    username: 'transcriptionist',
    displayName: 'Taylor Brooks',
    description: 'Transcriptionist (member type 2), edit permissions, no fax',
  },
  { username: 'dictator', displayName: 'Dictator', description: 'Dictator (member type 1), view only' },
  {
    username: 'hqreviewer',
    displayName: 'Harper Quinn',
    description: 'Hold-queue reviewer (member type 2), hold queue and edit',
  },
  { username: 'noaccount', displayName: 'Noel Avery', description: 'Signs in but has no accounts' },
] as const;

const EDIT: Permission[] = [
  'jobView',
  'jobViewDetails',
  'jobViewText',
  'jobEdit',
  'jobEditText',
  'jobEditAdt',
  'adtView',
  'adtEdit',
  'dictatorView',
];

/**
 * Creates the demo users with their accounts, permissions and corporate-structure access. All share
 * one password hash (computed once by the caller) to keep seeding fast.
 */
export async function seedUsers(
  tx: Executor,
  ids: IdCounter,
  passwordHash: string,
  structures: StructureModel[],
  dictatorPhysician: PhysicianModel,
): Promise<{ accountIds: Record<string, number> }> {
  const [big, small] = structures as [StructureModel, StructureModel];
  const created = new Date(iso(REFERENCE_TIME - 365 * 86_400_000));
  const userIds: Record<string, number> = {};
  // The dictator signs in as the physician whose record the account links to.
  const d = dictatorPhysician;
  const names: Record<string, string> = {
    dictator: `${d.prefix ? `${d.prefix} ` : ''}${d.firstName} ${d.lastName}`,
  };
  const userRows = DEMO_USERS.map((u) => {
    const id = ids.next(users);
    userIds[u.username] = id;
    names[u.username] ??= u.displayName;
    return {
      id,
      username: u.username,
      displayName: names[u.username] as string,
      passwordHash,
      createdAt: created,
    };
  });
  const plan: {
    key: string;
    user: string;
    company: StructureModel;
    type: number;
    perms: readonly Permission[];
    access: StructureModel[];
    /** Serves other companies' structures (set deliberately; off for every other account). */
    otherCompanies?: boolean;
    physicianId?: number;
  }[] = [
    {
      key: 'manager',
      user: 'manager',
      company: big,
      type: MEMBER_TYPES.manager,
      perms: PERMISSIONS,
      // The demo's transcription-service case, set deliberately: this account serves the other
      // company too (accounts.other_companies; docs/decisions.md, "Whose structures an account
      // sees"). Every other demo account sees its own company only.
      access: [big, small],
      otherCompanies: true,
    },
    {
      key: 'manager2',
      user: 'manager',
      company: small,
      type: MEMBER_TYPES.manager,
      perms: PERMISSIONS,
      access: [small],
    },
    {
      key: 'transcriptionist',
      user: 'transcriptionist',
      company: big,
      type: MEMBER_TYPES.transcriptionist,
      perms: [...EDIT, 'jobCreate', 'distributionJobActionsQueue'],
      access: [big],
    },
    {
      key: 'dictator',
      user: 'dictator',
      company: big,
      type: MEMBER_TYPES.dictator,
      perms: ['jobView', 'jobViewDetails', 'jobViewText', 'adtView'],
      access: [big],
      physicianId: dictatorPhysician.id,
    },
    {
      key: 'hqreviewer',
      user: 'hqreviewer',
      company: big,
      type: MEMBER_TYPES.transcriptionist,
      perms: ['holdQueueView', ...EDIT],
      access: [big],
    },
  ];
  const accountIds: Record<string, number> = {};
  const accountRows: (typeof accounts.$inferInsert)[] = [];
  const permRows: (typeof accountPermissions.$inferInsert)[] = [];
  const accessRows: (typeof accountCorporateAccess.$inferInsert)[] = [];
  for (const a of plan) {
    const id = ids.next(accounts);
    accountIds[a.key] = id;
    const display = names[a.user] ?? a.user;
    accountRows.push({
      id,
      userId: userIds[a.user] as number,
      member: `${display} – ${a.company.name}`,
      companyId: a.company.id,
      memberType: a.type,
      otherCompanies: a.otherCompanies ?? false,
      physicianId: a.physicianId ?? null,
    });
    for (const permission of a.perms) permRows.push({ accountId: id, permission });
    for (const cs of a.access) accessRows.push({ accountId: id, corporateStructureId: cs.id });
  }
  await insertRows(tx, users, userRows);
  await insertRows(tx, accounts, accountRows);
  await insertRows(tx, accountPermissions, permRows);
  await insertRows(tx, accountCorporateAccess, accessRows);
  return { accountIds };
}
