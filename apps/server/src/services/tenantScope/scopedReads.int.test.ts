import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientFacilities } from '../../db/schema/index.js';
import { type DomainError, isDomainError } from '../../errors/domainErrors.js';
import { databaseTargets } from '../../testing/databases.js';
import { buildJob, buildStructure } from '../../testing/factories.js';
import { createTestApp, type TestApp } from '../../testing/testContext.js';
import { inScope } from './inScope.js';
import { requireJob } from './requireJob.js';
import { requireJobs } from './requireJobs.js';
import { requireFacilities, structuresToSearch } from './requireStructure.js';
import { TenantScope } from './tenantScope.js';

/** What a refused call throws, or undefined when it answers. */
async function refusalOf(call: () => unknown): Promise<DomainError | undefined> {
  try {
    await call();
    return undefined;
  } catch (err) {
    if (!isDomainError(err)) throw err;
    return err;
  }
}

/** The scoped reads of the module on a database: one tenant sees its rows, another's read as missing. */
describe.each(databaseTargets())('the scoped reads of services/tenantScope on $name', (target) => {
  let t: TestApp;
  let north: Awaited<ReturnType<typeof buildStructure>>;
  let south: Awaited<ReturnType<typeof buildStructure>>;
  let scope: TenantScope;

  beforeAll(async () => {
    t = await createTestApp(target);
    north = await buildStructure(t.ctx, { facilities: 2 });
    south = await buildStructure(t.ctx);
    scope = TenantScope.of([north.structure.id]);
  }, 120_000);
  afterAll(async () => t?.close());

  const facilityIdsIn = async (s: TenantScope) =>
    (
      await t.ctx.database.db
        .select({ id: clientFacilities.id })
        .from(clientFacilities)
        .where(inScope(s, clientFacilities.corporateStructureId))
    ).map((r) => r.id);

  it('inScope reads the rows of the scope’s structures only, and nothing for an empty scope', async () => {
    const seen = await facilityIdsIn(scope);
    expect(seen.sort()).toEqual(north.facilities.map((f) => f.id).sort());
    expect(seen).not.toContain(south.facilities[0]!.id);
    expect(await facilityIdsIn(TenantScope.of([]))).toEqual([]);
  });

  it('requireJob answers a job of the scope, and the same 404 for another tenant’s and a missing one', async () => {
    const own = await buildJob(t.ctx, north.facilities[0]!);
    const theirs = await buildJob(t.ctx, south.facilities[0]!);
    expect((await requireJob(t.ctx, scope, own.id)).id).toBe(own.id);
    const other = await refusalOf(() => requireJob(t.ctx, scope, theirs.id));
    expect(other?.kind).toBe('notFound');
    expect(other?.message).toBe(`Job ${theirs.id} was not found.`);
    // The audit row of the attempt names the other tenant's structure and patient.
    expect(other?.subject).toEqual({
      jobId: theirs.id,
      corporateStructureId: south.structure.id,
      patientId: null,
    });
    const missing = await refusalOf(() => requireJob(t.ctx, scope, 2_000_000_000));
    expect(missing?.message).toBe('Job 2000000000 was not found.');
  });

  it('requireJobs answers every job in order, or 404 for the first that is not the scope’s', async () => {
    const [a, b] = [await buildJob(t.ctx, north.facilities[0]!), await buildJob(t.ctx, north.facilities[1]!)];
    const theirs = await buildJob(t.ctx, south.facilities[0]!);
    expect((await requireJobs(t.ctx, scope, [b.id, a.id])).map((j) => j.id)).toEqual([b.id, a.id]);
    const refused = await refusalOf(() => requireJobs(t.ctx, scope, [a.id, theirs.id]));
    expect(refused?.message).toBe(`Job ${theirs.id} was not found.`);
  });

  it('a structure outside the scope reads as missing to a search and to the job list’s facilities', async () => {
    expect(structuresToSearch(scope, undefined)).toEqual([north.structure.id]);
    expect(structuresToSearch(scope, north.structure.id)).toEqual([north.structure.id]);
    const search = await refusalOf(() => structuresToSearch(scope, south.structure.id));
    expect(search?.kind).toBe('notFound');
    const facilities = await refusalOf(() =>
      requireFacilities(t.ctx, scope, south.structure.id, [south.facilities[0]!.id]),
    );
    expect(facilities?.kind).toBe('notFound');
    expect(await requireFacilities(t.ctx, scope, north.structure.id, [north.facilities[0]!.id])).toEqual([
      north.facilities[0]!.id,
    ]);
  });
});
