import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, passwordLinks, physicians } from '../../db/schema/index.js';
import { databaseTargets } from '../../testing/databases.js';
import { buildStructure, buildUser } from '../../testing/factories.js';
import { TestBrowser } from '../../testing/processes/browser.js';
import { createTestApp, type TestApp } from '../../testing/testContext.js';

const MANAGER_PERMISSIONS = ['dictatorView', 'dictatorAdd', 'jobView', 'jobEdit', 'jobViewText'];

/** Issue 26: Users ▸ Search users (dictatorView) and Add user (dictatorAdd), and the set-password link. */
describe.each(databaseTargets())('user administration on $name', (target) => {
  let t: TestApp;
  let north: number;
  let south: number;
  let manager: TestBrowser;
  let viewer: TestBrowser;
  let southUser: number;

  beforeAll(async () => {
    t = await createTestApp(target);
    north = (await buildStructure(t.ctx, { name: 'North' })).structure.id;
    south = (await buildStructure(t.ctx, { name: 'South' })).structure.id;
    const boss = await buildUser(t.ctx, {
      username: 'boss',
      accounts: [{ companyId: north, memberType: 3, permissions: MANAGER_PERMISSIONS }],
    });
    manager = new TestBrowser(t.app);
    await manager.signInAs('boss', 'secret-password', boss.accounts[0]!.id);
    const looker = await buildUser(t.ctx, {
      username: 'looker',
      accounts: [{ companyId: north, memberType: 3, permissions: ['dictatorView'] }],
    });
    viewer = new TestBrowser(t.app);
    await viewer.signInAs('looker', 'secret-password', looker.accounts[0]!.id);
    await buildUser(t.ctx, {
      username: 'nina',
      accounts: [{ companyId: north, memberType: 2, permissions: ['jobView'] }],
    });
    southUser = (
      await buildUser(t.ctx, { username: 'sven', accounts: [{ companyId: south, memberType: 2 }] })
    ).user.id;
  });
  afterAll(async () => t?.close());

  const newUser = (userName: string, permissions: string[] = ['jobView', 'jobEdit']) => ({
    userName,
    name: `Test ${userName}`,
    email: `${userName}@north.example`,
    accounts: [{ companyId: north, memberType: 2, permissions, access: [] }],
  });

  it("searches only the users of the account's structures; another company's user is 404", async () => {
    const found = await viewer.get('/api/users?q=n');
    expect(found.statusCode, found.body).toBe(200);
    expect(found.json().rows.map((r: { userName: string }) => r.userName)).toEqual(['nina']);
    const all = (await viewer.get('/api/users?pageSize=50')).json();
    expect(all.rows.map((r: { userName: string }) => r.userName)).not.toContain('sven');
    expect(
      (await viewer.get('/api/users?memberType=3')).json().rows.map((r: { userName: string }) => r.userName),
    ).toEqual(['boss', 'looker']);
    expect((await viewer.get(`/api/users/${southUser}`)).statusCode).toBe(404);
    expect((await manager.post(`/api/users/${southUser}/disable`)).statusCode).toBe(404);
  });

  it('needs dictatorAdd to add or change a user (403), and never grants what the manager lacks', async () => {
    const refused = await viewer.post('/api/users', newUser('olga'));
    expect(refused.statusCode).toBe(403);
    const fax = await manager.post('/api/users', newUser('olga', ['jobView', 'jobFax']));
    expect(fax.statusCode).toBe(403);
    expect(fax.json().error.message).toBe(
      'You cannot give the permission jobFax: your own account does not have it.',
    );
    const elsewhere = await manager.post('/api/users', {
      ...newUser('olga'),
      accounts: [{ companyId: south, memberType: 2, permissions: [], access: [] }],
    });
    expect(elsewhere.statusCode).toBe(403);
    expect((await manager.get('/api/users?q=olga')).json().total).toBe(0);
  });

  it('adds a user name once when two managers add it at the same moment (the other hears it is taken)', async () => {
    const answers = await Promise.all([
      manager.post('/api/users', newUser('uma')),
      manager.post('/api/users', newUser('uma')),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect(answers.find((a) => a.statusCode === 409)!.json().error.message).toBe(
      'The user name uma is taken. Choose another.',
    );
  });

  it('adds a user who sets their password once through the link, then works with exactly the permissions given', async () => {
    const made = await manager.post('/api/users', newUser('pia'));
    expect(made.statusCode, made.body).toBe(200);
    const { userId, passwordLink } = made.json();
    const token = new URL(passwordLink.url, 'http://quill.test').hash.replace('#token=', '');
    const anyone = new TestBrowser(t.app);
    expect((await anyone.post('/api/account/passwordLink', { token: token })).json()).toMatchObject({
      userName: 'pia',
    });

    const common = await anyone.post('/api/account/setPassword', { token, newPassword: 'iloveyou1234' });
    expect(common.statusCode).toBe(400);
    expect(common.json().error.message).toBe(
      'This password is on a list of common or breached passwords. Choose another.',
    );
    const set = await anyone.post('/api/account/setPassword', {
      token,
      newPassword: 'lamp river stone ward',
    });
    expect(set.statusCode, set.body).toBe(200);
    const again = await anyone.post('/api/account/setPassword', {
      token,
      newPassword: 'another long phrase',
    });
    expect(again.statusCode).toBe(404);
    expect(again.json().error.message).toBe(
      'This link has expired or has already been used. Ask your manager for a new one.',
    );

    const details = (await manager.get(`/api/users/${userId}`)).json();
    const pia = new TestBrowser(t.app);
    await pia.signInAs('pia', 'lamp river stone ward', details.accounts[0].memberId);
    const settings = (await pia.get('/api/settings/user')).json();
    expect([...settings.permissions].sort()).toEqual(['jobEdit', 'jobView']);
    expect(details.accounts).toEqual([
      {
        memberId: expect.any(Number),
        companyId: north,
        memberType: 2,
        permissions: ['jobEdit', 'jobView'],
        access: [north],
        physicianId: null,
        physicianName: null,
      },
    ]);
  });

  it('a link stops working when it expires or a newer one is made', async () => {
    const { userId, passwordLink } = (await manager.post('/api/users', newUser('quentin'))).json();
    const first = passwordLink.url.split('#token=')[1];
    const second = (await manager.post(`/api/users/${userId}/passwordLink`)).json().url.split('#token=')[1];
    const anyone = new TestBrowser(t.app);
    expect((await anyone.post('/api/account/passwordLink', { token: first })).statusCode).toBe(404);
    expect((await anyone.post('/api/account/passwordLink', { token: second })).statusCode).toBe(200);
    await t.ctx.database.db
      .update(passwordLinks)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordLinks.userId, userId));
    const late = await anyone.post('/api/account/setPassword', {
      token: second,
      newPassword: 'lamp river stone ward',
    });
    expect(late.statusCode).toBe(404);
  });

  it("edits a user's permissions, and disabling ends their sessions at once", async () => {
    const { userId, passwordLink } = (await manager.post('/api/users', newUser('rosa'))).json();
    const anyone = new TestBrowser(t.app);
    await anyone.post('/api/account/setPassword', {
      token: passwordLink.url.split('#token=')[1],
      newPassword: 'lamp river stone ward',
    });
    const before = (await manager.get(`/api/users/${userId}`)).json();
    const rosa = new TestBrowser(t.app);
    await rosa.signInAs('rosa', 'lamp river stone ward', before.accounts[0].memberId);
    const saved = await manager.post(`/api/users/${userId}`, {
      name: 'Rosa Diaz',
      email: '',
      accounts: [{ ...before.accounts[0], permissions: ['jobView'] }],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ name: 'Rosa Diaz', email: null });
    expect((await rosa.get('/api/settings/user')).json().permissions).toEqual(['jobView']);

    const disabled = await manager.post(`/api/users/${userId}/disable`);
    expect(disabled.json().disabled).toBe(true);
    expect((await rosa.get('/api/settings/user')).statusCode).toBe(401);
    expect(
      (await manager.get('/api/users?disabled=true'))
        .json()
        .rows.map((r: { userName: string }) => r.userName),
    ).toEqual(['rosa']);
    expect((await manager.post(`/api/users/${userId}/enable`)).json().disabled).toBe(false);
    await rosa.signIn('rosa', 'lamp river stone ward');

    const actions = await t.ctx.database.db.select({ action: auditLog.action }).from(auditLog);
    for (const action of ['user.add', 'user.save', 'user.disable', 'user.enable', 'user.setPassword'])
      expect(actions.map((a) => a.action)).toContain(action);
  });
  it('links a dictator account to an enabled physician of its company, and refuses any other alike (400)', async () => {
    const db = t.ctx.database.db;
    const doc = (corporateStructureId: number, lastName: string, disabled = false) =>
      db
        .insert(physicians)
        .values({ corporateStructureId, lastName, firstName: 'Dana', isDictator: true, disabled })
        .returning()
        .then((rows) => rows[0]!.id);
    const linkable = await doc(north, 'Linkwell');
    const disabled = await doc(north, 'Linkgone', true);
    const southern = await doc(south, 'Linksouth');
    const dictator = (physicianId: number | null, memberType = 1) => ({
      userName: 'dora',
      name: 'Dr Dora',
      email: '',
      accounts: [{ companyId: north, memberType, permissions: ['jobView'], access: [], physicianId }],
    });

    const choices = await manager.get(`/api/reference/physicianChoices?companyId=${north}&q=link`);
    expect(choices.statusCode, choices.body).toBe(200);
    expect(choices.json().map((c: { name: string }) => c.name)).toEqual(['Linkwell, Dana']);
    expect((await manager.get(`/api/reference/physicianChoices?companyId=${south}&q=link`)).statusCode).toBe(
      404,
    );

    const invalid = 'Choose an enabled physician of the account’s company.';
    for (const id of [southern, disabled, 2_000_000_000]) {
      const res = await manager.post('/api/users', dictator(id));
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error.message).toBe(invalid);
    }
    const notDictator = await manager.post('/api/users', dictator(linkable, 2));
    expect(notDictator.json().error.message).toBe(
      'Only a dictator account (member type 1) links to a physician.',
    );

    const made = await manager.post('/api/users', dictator(linkable));
    expect(made.statusCode, made.body).toBe(200);
    const { userId } = made.json();
    const read = async () => (await manager.get(`/api/users/${userId}`)).json().accounts[0];
    expect(await read()).toMatchObject({
      memberType: 1,
      physicianId: linkable,
      physicianName: 'Linkwell, Dana',
    });

    // Disabled after it was linked, the physician stays linked; a new link must be to an enabled one.
    await db.update(physicians).set({ disabled: true }).where(eq(physicians.id, linkable));
    const account = await read();
    const save = (acc: Record<string, unknown>) =>
      manager.post(`/api/users/${userId}`, { name: 'Dr Dora', email: '', accounts: [acc] });
    expect((await save(account)).statusCode).toBe(200);
    expect((await save({ ...account, physicianId: southern })).statusCode).toBe(400);
    const { physicianId: _left, ...withoutLink } = account;
    expect((await save(withoutLink)).json().accounts[0].physicianId).toBe(linkable);
    expect((await save({ ...account, physicianId: null })).json().accounts[0]).toMatchObject({
      physicianId: null,
      physicianName: null,
    });
  });
});
