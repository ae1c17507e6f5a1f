import { PERMISSIONS } from '@quill/core';
import type { AppContext } from '../context.js';
import {
  accountCorporateAccess,
  accountPermissions,
  accounts,
  clientFacilities,
  corporateStructures,
  serviceCentres,
  users,
} from '../db/schema/index.js';
import { hashPassword } from '../services/auth/passwords.js';

type Ctx = Pick<AppContext, 'database'>;
let counter = 0;
const next = () => ++counter;

/** A corporate structure with one service centre and `facilities` client facilities. */
export async function buildStructure(ctx: Ctx, opts: { name?: string; facilities?: number } = {}) {
  const n = next();
  const name = opts.name ?? `Structure ${n}`;
  const [cs] = await ctx.database.db
    .insert(corporateStructures)
    .values({ name, companyNameId: `${name} (${n})` })
    .returning();
  const [sc] = await ctx.database.db
    .insert(serviceCentres)
    .values({ corporateStructureId: cs!.id, name: `${name} Service Centre`, companyNameId: `SC${n}` })
    .returning();
  const facilities = [];
  for (let i = 0; i < (opts.facilities ?? 1); i++) {
    const [cf] = await ctx.database.db
      .insert(clientFacilities)
      .values({
        corporateStructureId: cs!.id,
        serviceCentreId: sc!.id,
        name: `${name} Facility ${i + 1}`,
        companyNameId: `CF${n}-${i + 1}`,
      })
      .returning();
    facilities.push(cf!);
  }
  return { structure: cs!, serviceCentre: sc!, facilities };
}

let passwordHash: Promise<string> | undefined;

/**
 * A user (password "secret-password") with accounts; each account is in a company with access to
 * the listed structures and the listed permissions (default: every permission). An account given
 * another company's structure is set to serve other companies (the deliberate setting without
 * which that access counts for nothing) unless `otherCompanies: false` says otherwise.
 */
export async function buildUser(
  ctx: Ctx,
  opts: {
    username?: string;
    accounts?: {
      companyId: number;
      memberType?: number;
      permissions?: readonly string[];
      access?: number[];
      otherCompanies?: boolean;
    }[];
  } = {},
) {
  passwordHash ??= hashPassword('secret-password');
  const username = opts.username ?? `user${next()}`;
  const [user] = await ctx.database.db
    .insert(users)
    .values({ username, displayName: `Test ${username}`, passwordHash: await passwordHash })
    .returning();
  const made = [];
  for (const a of opts.accounts ?? []) {
    const [account] = await ctx.database.db
      .insert(accounts)
      .values({
        userId: user!.id,
        member: `${username} account`,
        companyId: a.companyId,
        memberType: a.memberType ?? 3,
        otherCompanies: a.otherCompanies ?? (a.access ?? []).some((cs) => cs !== a.companyId),
      })
      .returning();
    const perms = a.permissions ?? PERMISSIONS;
    if (perms.length) {
      await ctx.database.db
        .insert(accountPermissions)
        .values(perms.map((permission) => ({ accountId: account!.id, permission })));
    }
    for (const cs of a.access ?? [a.companyId]) {
      await ctx.database.db
        .insert(accountCorporateAccess)
        .values({ accountId: account!.id, corporateStructureId: cs });
    }
    made.push(account!);
  }
  return { user: user!, accounts: made, password: 'secret-password' };
}

let jobCounter = 0;

/** A patient in a corporate structure. */
export async function buildPatient(
  ctx: Ctx,
  corporateStructureId: number,
  name = { first: 'Mary', last: 'Major' },
) {
  const { patients } = await import('../db/schema/index.js');
  const [p] = await ctx.database.db
    .insert(patients)
    .values({ corporateStructureId, mrn: `MRN${next()}`, firstName: name.first, lastName: name.last })
    .returning();
  return p!;
}

/** A job in a client facility, at a stage; extra columns may be set. */
export async function buildJob(
  ctx: Ctx,
  facility: { id: number; corporateStructureId: number; serviceCentreId: number },
  values: Partial<typeof import('../db/schema/index.js').jobs.$inferInsert> = {},
) {
  const { jobs } = await import('../db/schema/index.js');
  const [job] = await ctx.database.db
    .insert(jobs)
    .values({
      dictationId: `D${++jobCounter}`,
      corporateStructureId: facility.corporateStructureId,
      serviceCentreId: facility.serviceCentreId,
      clientFacilityId: facility.id,
      stageId: 2,
      ...values,
    })
    .returning();
  return job!;
}

/** A physician of a corporate structure (issue 43: a signer); extra columns may be set. */
export async function buildPhysician(
  ctx: Ctx,
  corporateStructureId: number,
  values: Partial<typeof import('../db/schema/index.js').physicians.$inferInsert> = {},
) {
  const { physicians } = await import('../db/schema/index.js');
  const [p] = await ctx.database.db
    .insert(physicians)
    .values({ corporateStructureId, firstName: 'Ada', lastName: `Lind${next()}`, ...values })
    .returning();
  return p!;
}

/**
 * A signature row of the job's current document version (issue 43), written directly as the
 * signing code would: 'author' unless told, now unless `signedAt`, live unless `voidedAt`.
 */
export async function buildSignature(
  ctx: Ctx,
  s: {
    jobId: number;
    physicianId: number;
    accountId: number;
    meaning?: 'author' | 'co-signer';
    signedAt?: Date;
    voidedAt?: Date | null;
    documentVersionId?: number;
  },
) {
  const { documentVersions, signatures } = await import('../db/schema/index.js');
  const { and, desc, eq } = await import('drizzle-orm');
  const [version] = await ctx.database.db
    .select()
    .from(documentVersions)
    .where(and(eq(documentVersions.jobId, s.jobId), eq(documentVersions.isDraft, false)))
    .orderBy(desc(documentVersions.version), desc(documentVersions.id))
    .limit(1);
  const [row] = await ctx.database.db
    .insert(signatures)
    .values({
      jobId: s.jobId,
      jobVersion: version!.version,
      documentVersionId: s.documentVersionId ?? version!.id,
      documentSha256: '0'.repeat(64),
      meaning: s.meaning ?? 'author',
      physicianId: s.physicianId,
      accountId: s.accountId,
      ...(s.signedAt ? { signedAt: s.signedAt } : {}),
      voidedAt: s.voidedAt ?? null,
    })
    .returning();
  return row!;
}
