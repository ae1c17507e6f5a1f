import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, sessions } from '../../db/schema/index.js';
import { databaseTargets } from '../../testing/databases.js';
import { buildStructure, buildUser } from '../../testing/factories.js';
import { createTestApp, type TestApp } from '../../testing/testContext.js';
import { scopeIds } from '../tenantScope/scopeIds.js';
import { resolveSession } from './resolveSession.js';
import { hashSessionToken } from './sessionToken.js';
import { startSession } from './startSession.js';

describe.each(databaseTargets())('resolving a session on $name', (target) => {
  let t: TestApp;
  let csA: number;
  let csB: number;

  beforeAll(async () => {
    t = await createTestApp(target);
    csA = (await buildStructure(t.ctx, { name: 'North' })).structure.id;
    csB = (await buildStructure(t.ctx, { name: 'South' })).structure.id;
  });
  afterAll(async () => t?.close());

  const from = { ip: null, userAgent: null, method: 'test' };

  it("gives the chosen account's permissions and structures, and none before one is chosen or once it is disabled", async () => {
    const { user, accounts: made } = await buildUser(t.ctx, {
      accounts: [
        { companyId: csA, memberType: 2, permissions: ['jobView', 'jobEdit'], access: [csA, csB] },
        { companyId: csB, memberType: 1, permissions: [], access: [csB] },
      ],
    });
    const token = await startSession(t.ctx, user.id, from);
    const choose = (accountId: number) =>
      t.ctx.database.db
        .update(sessions)
        .set({ accountId })
        .where(eq(sessions.idHash, hashSessionToken(token)));

    const signedIn = (await resolveSession(t.ctx, token)).auth!;
    expect(signedIn.userId).toBe(user.id);
    expect(signedIn.accountId).toBeNull();
    expect([...signedIn.permissions]).toEqual([]);
    expect(scopeIds(signedIn.scope)).toEqual([]);

    await choose(made[0]!.id);
    const working = (await resolveSession(t.ctx, token)).auth!;
    expect(working.accountId).toBe(made[0]!.id);
    expect(working.memberType).toBe(2);
    expect(working.companyId).toBe(csA);
    expect([...working.permissions].sort()).toEqual(['jobEdit', 'jobView']);
    expect([...scopeIds(working.scope)].sort((a, b) => a - b)).toEqual([csA, csB].sort((a, b) => a - b));

    // An account without permissions still sees its structures.
    await choose(made[1]!.id);
    const bare = (await resolveSession(t.ctx, token)).auth!;
    expect([...bare.permissions]).toEqual([]);
    expect(scopeIds(bare.scope)).toEqual([csB]);

    await t.ctx.database.db
      .update(accounts)
      .set({ disabledAt: new Date() })
      .where(eq(accounts.id, made[1]!.id));
    const disabled = (await resolveSession(t.ctx, token)).auth!;
    expect(disabled.accountId).toBeNull();
    expect(disabled.memberType).toBeNull();
    expect([...disabled.permissions]).toEqual([]);
    expect(scopeIds(disabled.scope)).toEqual([]);
  });

  it('answers unknown for a token no session has', async () => {
    expect(await resolveSession(t.ctx, 'no-such-token')).toEqual({ auth: null, problem: 'unknown' });
  });
});
