import { SIGN_IN_THROTTLE } from '@quill/core';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/index.js';
import { databaseTargets } from '../../testing/databases.js';
import { buildUser } from '../../testing/factories.js';
import { TestBrowser } from '../../testing/processes/browser.js';
import { createTestApp, type TestApp } from '../../testing/testContext.js';

const PASSWORD = 'secret-password';
const LOGIN = '/api/account/login';

/**
 * Issue 23, row 5: sign-in throttling per user name (a growing delay, then a lock a right password
 * does not lift) and per address (a much higher limit), counted atomically.
 */
describe.each(databaseTargets())('sign-in throttling on $name', (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(target);
    for (const username of ['alice', 'bob', 'carol', 'dave', 'erin']) await buildUser(t.ctx, { username });
  });
  afterAll(async () => t?.close());

  /** Lets the clock run past every wait the throttle set (the lock included). */
  const waitOutDelays = () =>
    t.ctx.database.executeSql(
      "update sign_in_throttle set next_allowed_at = now() - interval '1 second' where scope = 'user'",
      [],
    );
  const throttledAudits = async (ip: string) =>
    t.ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'signin'), eq(auditLog.outcome, 'throttled'), eq(auditLog.ip, ip)));

  it('lets a user name fail five times, then makes each attempt wait longer', async () => {
    const b = new TestBrowser(t.app, '10.0.3.1');
    for (let i = 0; i < SIGN_IN_THROTTLE.user.freeFailures; i++) {
      expect((await b.post(LOGIN, { username: 'dave', password: `bad${i}` })).statusCode).toBe(401);
    }
    const first = await b.post(LOGIN, { username: 'dave', password: 'bad' });
    expect(first.statusCode).toBe(429);
    expect(first.json().error.message).toBe(
      'Too many failed sign-in attempts for this user name or from this address. Please wait 1 second and try again.',
    );
    await waitOutDelays();
    expect((await b.post(LOGIN, { username: 'dave', password: 'bad' })).statusCode).toBe(401);
    const second = await b.post(LOGIN, { username: 'dave', password: 'bad' });
    expect(second.statusCode).toBe(429);
    expect(second.json().error.message).toContain('Please wait 2 seconds');
    // After the wait the right password works and the count starts over.
    await waitOutDelays();
    expect((await b.post(LOGIN, { username: 'dave', password: PASSWORD })).statusCode).toBe(200);
    expect((await b.post(LOGIN, { username: 'dave', password: 'bad' })).statusCode).toBe(401);
    expect((await throttledAudits('10.0.3.1')).length).toBe(2);
  });

  it('locks a user name after ten failures: the right password is refused too, from any address', async () => {
    const attacker = new TestBrowser(t.app, '10.0.1.1');
    for (let i = 0; i < SIGN_IN_THROTTLE.user.lockFailures; i++) {
      await waitOutDelays();
      expect((await attacker.post(LOGIN, { username: 'alice', password: `bad${i}` })).statusCode).toBe(401);
    }
    const owner = new TestBrowser(t.app, '10.0.1.2');
    const right = await owner.post(LOGIN, { username: 'alice', password: PASSWORD });
    expect(right.statusCode).toBe(429);
    expect(right.json().error.message).toContain('Please wait 15 minutes');
    expect(right.cookies.find((c) => c.name === 'quill_session')).toBeUndefined();
    // A user name nobody has reads the same once it is locked.
    for (let i = 0; i < SIGN_IN_THROTTLE.user.lockFailures; i++) {
      await t.ctx.database.executeSql(
        "update sign_in_throttle set next_allowed_at = now() - interval '1 second' where subject = 'ghost'",
        [],
      );
      await attacker.post(LOGIN, { username: 'ghost', password: `bad${i}` });
    }
    const ghost = await owner.post(LOGIN, { username: 'ghost', password: PASSWORD });
    expect(ghost.statusCode).toBe(429);
    expect(ghost.body).toBe(right.body);
    const audited = await throttledAudits('10.0.1.2');
    expect(audited.map((a) => a.detail)).toEqual([
      { method: 'password', throttledBy: 'user' },
      { method: 'password', throttledBy: 'user' },
    ]);
  });

  it('forgets counters past their window and wait at the next sign-in', async () => {
    const b = new TestBrowser(t.app, '10.0.5.1');
    expect((await b.post(LOGIN, { username: 'nobody-at-all', password: 'x' })).statusCode).toBe(401);
    const subjects = async () =>
      (await t.ctx.database.executeSql('select subject from sign_in_throttle', [])).rows.map(
        (r) => r.subject,
      );
    expect(await subjects()).toContain('nobody-at-all');
    await t.ctx.database.executeSql(
      "update sign_in_throttle set last_attempt_at = now() - interval '16 minutes', window_started_at = now() - interval '16 minutes' where subject = 'nobody-at-all'",
      [],
    );
    expect((await b.post(LOGIN, { username: 'carol', password: PASSWORD })).statusCode).toBe(200);
    expect(await subjects()).not.toContain('nobody-at-all');
  });

  it('never locks another user behind the same address', async () => {
    const nat = new TestBrowser(t.app, '10.0.2.1');
    for (let i = 0; i < 12; i++) {
      await waitOutDelays();
      await nat.post(LOGIN, { username: 'bob', password: `bad${i}` });
    }
    expect((await nat.post(LOGIN, { username: 'bob', password: PASSWORD })).statusCode).toBe(429);
    const colleague = new TestBrowser(t.app, '10.0.2.1');
    expect((await colleague.post(LOGIN, { username: 'carol', password: PASSWORD })).statusCode).toBe(200);
  });

  it('counts concurrent wrong attempts atomically: no more pass the check than the limit', async () => {
    const b = new TestBrowser(t.app, '10.0.4.1');
    await b.get('/api/account/authenticated');
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) => b.post(LOGIN, { username: 'erin', password: `bad${i}` })),
    );
    const checked = answers.filter((a) => a.statusCode === 401).length;
    const refused = answers.filter((a) => a.statusCode === 429).length;
    expect(checked + refused).toBe(30);
    expect(checked).toBeGreaterThan(0);
    expect(checked).toBeLessThanOrEqual(SIGN_IN_THROTTLE.user.lockFailures);
    expect((await throttledAudits('10.0.4.1')).length).toBe(refused);
  });
});

describe.each(databaseTargets())('sign-in throttling behind one trusted proxy on $name', (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(target, { TRUST_PROXY: '1' });
    await buildUser(t.ctx, { username: 'frank' });
  });
  afterAll(async () => t?.close());

  /** A browser at `client` reaching the server through the load balancer at 10.9.9.9. */
  const viaProxy = (client: string, forged?: string) => {
    const b = new TestBrowser(t.app, '10.9.9.9');
    const forwardedFor = forged ? `${forged}, ${client}` : client;
    return (body: object) => b.post(LOGIN, body, { headers: { 'x-forwarded-for': forwardedFor } });
  };

  it('counts the address the proxy saw: a forged X-Forwarded-For does not escape the address limit', async () => {
    const limit = SIGN_IN_THROTTLE.address.lockFailures;
    for (let batch = 0; batch < limit; batch += 10) {
      const answers = await Promise.all(
        Array.from({ length: 10 }, (_, i) => {
          const n = batch + i;
          return viaProxy('203.0.113.7', `198.51.100.${n % 250}`)({ username: `guess${n}`, password: 'x' });
        }),
      );
      expect(answers.map((a) => a.statusCode)).toEqual(Array(10).fill(401));
    }
    const next = await viaProxy('203.0.113.7', '192.0.2.99')({ username: 'frank', password: PASSWORD });
    expect(next.statusCode).toBe(429);
    const audited = await t.ctx.database.db
      .select({ ip: auditLog.ip })
      .from(auditLog)
      .where(eq(auditLog.action, 'signin'));
    expect(new Set(audited.map((a) => a.ip))).toEqual(new Set(['203.0.113.7']));
    // Another client behind the same proxy is not held up.
    expect((await viaProxy('203.0.113.8')({ username: 'frank', password: PASSWORD })).statusCode).toBe(200);
  });
});
