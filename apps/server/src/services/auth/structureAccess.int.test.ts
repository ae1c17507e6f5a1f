import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, users } from '../../db/schema/index.js';
import { databaseTargets } from '../../testing/databases.js';
import { buildJob, buildStructure, buildUser } from '../../testing/factories.js';
import { TestBrowser } from '../../testing/processes/browser.js';
import { createTestApp, type TestApp } from '../../testing/testContext.js';
import { grant, UserAdminError } from '../users/manageUsers.js';

/**
 * Issue 39 row 12: an account sees only its own company's corporate structures; another company's
 * structure counts only for an account deliberately set to serve other companies
 * (docs/decisions.md, "Whose structures an account sees").
 */
describe.each(databaseTargets())('whose structures an account sees on $name', (target) => {
  let t: TestApp;
  let north: number;
  let south: number;
  let southJob: number;
  let plainAccount: number;

  beforeAll(async () => {
    t = await createTestApp(target);
    north = (await buildStructure(t.ctx, { name: 'North' })).structure.id;
    const s = await buildStructure(t.ctx, { name: 'South' });
    south = s.structure.id;
    southJob = (await buildJob(t.ctx, s.facilities[0]!)).id;
    // The demo's old shape: a North account with an access row to South, and no setting.
    plainAccount = (
      await buildUser(t.ctx, {
        username: 'plain',
        accounts: [{ companyId: north, memberType: 3, access: [north, south], otherCompanies: false }],
      })
    ).accounts[0]!.id;
    await buildUser(t.ctx, {
      username: 'service',
      accounts: [{ companyId: north, memberType: 3, access: [north, south], otherCompanies: true }],
    });
  });
  afterAll(async () => t?.close());

  const as = async (username: string) => {
    const [u] = await t.ctx.database.db.select().from(users).where(eq(users.username, username));
    const [account] = await t.ctx.database.db.select().from(accounts).where(eq(accounts.userId, u!.id));
    const b = new TestBrowser(t.app);
    await b.signInAs(username, 'secret-password', account!.id);
    return b;
  };
  const structureNames = async (b: TestBrowser) =>
    (await b.get('/api/jobs/getusercs')).json().map((cs: { companyNameId: string }) => cs.companyNameId);

  it("ignores an access row to another company's structure without the setting: not listed, its job 404, not grantable", async () => {
    const b = await as('plain');
    const names = await structureNames(b);
    expect(names).toHaveLength(1);
    expect(names[0]).toMatch(/^North/);
    expect((await b.get(`/api/job/GetJobDetails?jobId=${southJob}`)).statusCode).toBe(404);
    const grantable = (await b.get('/api/users/grantable')).json();
    expect(grantable.structures.map((cs: { id: number }) => cs.id)).toEqual([north]);
    const refused = await b.post('/api/users', {
      userName: 'olaf',
      name: 'Olaf North',
      email: 'olaf@north.example',
      accounts: [{ companyId: north, memberType: 2, permissions: ['jobView'], access: [south] }],
    });
    expect(refused.statusCode).toBe(403);
  });

  it('lets an account set to serve other companies see them, but not give them to an account without the setting', async () => {
    const b = await as('service');
    expect(await structureNames(b)).toHaveLength(2);
    expect((await b.get(`/api/job/GetJobDetails?jobId=${southJob}`)).statusCode).toBe(200);
    const refused = await b.post('/api/users', {
      userName: 'olga',
      name: 'Olga North',
      email: 'olga@north.example',
      accounts: [{ companyId: north, memberType: 2, permissions: ['jobView'], access: [south] }],
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toMatch(/only its own company's corporate structures/);
    const made = await t.ctx.database.db.select().from(users).where(eq(users.username, 'olga'));
    expect(made).toEqual([]);
    // An account of the other company itself is the manager's to add.
    const southAccount = await b.post('/api/users', {
      userName: 'sofia',
      name: 'Sofia South',
      email: 'sofia@south.example',
      accounts: [{ companyId: south, memberType: 2, permissions: ['jobView'], access: [] }],
    });
    expect(southAccount.statusCode, southAccount.body).toBeLessThan(300);
  });

  it("grants another company's structure on the command line only with --other-companies", async () => {
    await expect(grant(t.ctx, plainAccount, { access: [south] })).rejects.toBeInstanceOf(UserAdminError);
    await grant(t.ctx, plainAccount, { access: [south], otherCompanies: true });
    expect(await structureNames(await as('plain'))).toHaveLength(2);
  });
});
