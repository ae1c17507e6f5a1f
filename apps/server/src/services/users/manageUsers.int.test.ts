import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, users } from '../../db/schema/index.js';
import { databaseTargets } from '../../testing/databases.js';
import { buildStructure } from '../../testing/factories.js';
import { TestBrowser } from '../../testing/processes/browser.js';
import { createTestApp, type TestApp } from '../../testing/testContext.js';
import { addAccount, addUser, disableUser, grant, listUsers, revoke, UserAdminError } from './manageUsers.js';

/** `npm run users -- add | add-account | grant | revoke | list | disable` (src/users.ts) runs these. */
describe.each(databaseTargets())('user administration on $name', (target) => {
  let t: TestApp;
  let north: number;
  let south: number;

  beforeAll(async () => {
    t = await createTestApp(target);
    north = (await buildStructure(t.ctx, { name: 'North' })).structure.id;
    south = (await buildStructure(t.ctx, { name: 'South' })).structure.id;
  });
  afterAll(async () => t?.close());

  const settings = async (b: TestBrowser) => (await b.get('/api/settings/user')).json();

  it('adds a user who can sign in, with an argon2id hash, and refuses bad or taken names', async () => {
    const id = await addUser(t.ctx, {
      username: 'Nora',
      displayName: 'Nora Quinn',
      password: 'long-enough-now',
    });
    const [row] = await t.ctx.database.db.select().from(users).where(eq(users.id, id));
    expect(row!.username).toBe('nora');
    expect(row!.passwordHash).toMatch(/^\$argon2id\$/);
    await new TestBrowser(t.app).signIn('nora', 'long-enough-now');

    await expect(
      addUser(t.ctx, { username: 'nora', displayName: 'x', password: 'long-enough-now' }),
    ).rejects.toThrow('The user name nora is taken.');
    await expect(
      addUser(t.ctx, { username: 'a b', displayName: 'x', password: 'long-enough-now' }),
    ).rejects.toThrow(UserAdminError);
    // The same rules as My Profile's (rules/auth/password.ts): length, and the shipped common list.
    await expect(addUser(t.ctx, { username: 'otto', displayName: 'x', password: 'short' })).rejects.toThrow(
      'The new password needs at least 12 characters.',
    );
    await expect(
      addUser(t.ctx, { username: 'otto', displayName: 'x', password: 'Password1234!' }),
    ).rejects.toThrow('This password is on a list of common or breached passwords. Choose another.');
  });

  it('adds accounts in a company, with access to it; unknown companies and member types are refused', async () => {
    const memberId = await addAccount(t.ctx, { username: 'nora', companyId: north, memberType: 2 });
    const b = new TestBrowser(t.app);
    await b.signIn('nora', 'long-enough-now');
    expect((await b.get('/api/Account/GetUserSummaries')).json()).toEqual([
      { member: 'Nora Quinn', memberId, companyId: north, company: 'North', memberType: 2 },
    ]);
    await b.post(`/api/Account/SetUserSummary/${memberId}`);
    expect((await b.get('/api/jobs/getusercs')).json().map((cs: { id: number }) => cs.id)).toEqual([north]);

    await expect(addAccount(t.ctx, { username: 'nora', companyId: 9999, memberType: 2 })).rejects.toThrow(
      /There is no corporate structure 9999/,
    );
    await expect(addAccount(t.ctx, { username: 'nora', companyId: north, memberType: 4 })).rejects.toThrow(
      /member type is 1 \(dictator\), 2 \(transcriptionist\) or 3 \(manager\)/,
    );
    await expect(addAccount(t.ctx, { username: 'nobody', companyId: north, memberType: 1 })).rejects.toThrow(
      'There is no user called nobody.',
    );
  });

  it('grants and revokes permissions and structure access, taking effect in a live session at once', async () => {
    const [nora] = (await listUsers(t.ctx)).filter((u) => u.username === 'nora');
    const memberId = nora!.accounts[0]!.memberId;
    const b = new TestBrowser(t.app);
    await b.signInAs('nora', 'long-enough-now', memberId);
    expect((await settings(b)).permissions).toEqual([]);

    // South is another company's: it counts only once the account is set to serve other companies.
    await expect(grant(t.ctx, memberId, { access: [south] })).rejects.toThrow(/another company's/);
    await grant(t.ctx, memberId, {
      permissions: ['jobView', 'holdQueueView'],
      access: [south],
      otherCompanies: true,
    });
    expect((await settings(b)).permissions.sort()).toEqual(['holdQueueView', 'jobView']);
    const structures = (await b.get('/api/jobs/getusercs')).json().map((cs: { id: number }) => cs.id);
    expect(structures.sort()).toEqual([north, south].sort());

    await revoke(t.ctx, memberId, { permissions: ['holdQueueView'], access: [south], otherCompanies: true });
    expect((await settings(b)).permissions).toEqual(['jobView']);
    expect((await b.get('/api/jobs/getusercs')).json().map((cs: { id: number }) => cs.id)).toEqual([north]);

    await expect(grant(t.ctx, memberId, { permissions: ['flyPlanes'] })).rejects.toThrow(
      /Unknown permission: flyPlanes/,
    );
    await expect(grant(t.ctx, 99_999, { permissions: ['jobView'] })).rejects.toThrow(
      /There is no account 99999/,
    );
    const audited = await t.ctx.database.db.select().from(auditLog).where(eq(auditLog.accountId, memberId));
    expect(audited.map((a) => a.action)).toEqual(expect.arrayContaining(['account.grant', 'account.revoke']));
  });

  it('lists users with their accounts, permissions and access; disable ends sessions and is listed', async () => {
    const b = new TestBrowser(t.app);
    await b.signIn('nora', 'long-enough-now');
    expect(await disableUser(t.ctx, 'nora')).toBe(1);
    expect((await b.get('/api/Account/GetUserSummaries')).statusCode).toBe(401);
    const [nora] = (await listUsers(t.ctx)).filter((u) => u.username === 'nora');
    expect(nora).toEqual({
      username: 'nora',
      displayName: 'Nora Quinn',
      disabled: true,
      accounts: [
        {
          memberId: expect.any(Number),
          member: 'Nora Quinn',
          companyId: north,
          memberType: 2,
          otherCompanies: false,
          permissions: ['jobView'],
          corporateStructures: [north],
        },
      ],
    });
  });
});
