import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseTargets } from '../../testing/databases.js';
import { buildStructure, buildUser } from '../../testing/factories.js';
import { TestBrowser } from '../../testing/processes/browser.js';
import { createTestApp, type TestApp } from '../../testing/testContext.js';

/** Issue 26: the Reference data page's facilities — the account's structures only, and who may change them. */
describe.each(databaseTargets())('reference data facilities on $name', (target) => {
  let t: TestApp;
  let north: number;
  let northFacilities: number[];
  const as = async (username: string, companyId: number, permissions: string[]) => {
    const u = await buildUser(t.ctx, { username, accounts: [{ companyId, memberType: 3, permissions }] });
    const b = new TestBrowser(t.app);
    await b.signInAs(username, 'secret-password', u.accounts[0]!.id);
    return b;
  };

  beforeAll(async () => {
    t = await createTestApp(target);
    const built = await buildStructure(t.ctx, { name: 'North', facilities: 2 });
    north = built.structure.id;
    northFacilities = built.facilities.map((f) => f.id);
    await buildStructure(t.ctx, { name: 'South' });
  });
  afterAll(async () => t?.close());

  it('lists the facilities of the account’s structures, and whether it may change them', async () => {
    const manager = await as('ref-boss', north, ['dictatorView', 'dictatorAdd']);
    const res = await manager.get('/api/reference/facilities');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().facilities.map((f: { id: number }) => f.id)).toEqual(northFacilities);
    expect(res.json().canEdit).toBe(true);
    const looker = await as('ref-looker', north, ['dictatorView']);
    expect((await looker.get('/api/reference/facilities')).json().canEdit).toBe(false);
  });

  it('is refused without dictatorView (403) and without a session (401)', async () => {
    const clerk = await as('ref-clerk', north, ['jobView', 'dictatorAdd']);
    expect((await clerk.get('/api/reference/facilities')).statusCode).toBe(403);
    expect((await new TestBrowser(t.app).get('/api/reference/facilities')).statusCode).toBe(401);
  });
});
