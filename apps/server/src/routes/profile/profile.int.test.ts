import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, sessions } from '../../db/schema/index.js';
import { addUser } from '../../services/users/manageUsers.js';
import { databaseTargets } from '../../testing/databases.js';
import { buildUser } from '../../testing/factories.js';
import { TestBrowser } from '../../testing/processes/browser.js';
import { createTestApp, type TestApp } from '../../testing/testContext.js';

/** Issue 26: My Profile — the signed-in user's details, password and sessions. */
describe.each(databaseTargets())('My Profile on $name', (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(target);
  });
  afterAll(async () => t?.close());

  /** A user signed in twice: `a` then `b`, both left open (as two servers' sign-ins racing could). */
  async function twoSessions(username: string) {
    const person = await buildUser(t.ctx, { username });
    const a = new TestBrowser(t.app);
    await a.signIn(username, 'secret-password');
    const b = new TestBrowser(t.app);
    await b.signIn(username, 'secret-password');
    expect((await a.get('/api/profile')).statusCode).toBe(401);
    await t.ctx.database.db
      .update(sessions)
      .set({ endedAt: null, endReason: null })
      .where(eq(sessions.userId, person.user.id));
    expect((await a.get('/api/profile')).statusCode).toBe(200);
    return { person, a, b };
  }

  it("shows the user's details and sessions, and saves the name and email", async () => {
    const { a, b } = await twoSessions('pat');
    const profile = (await b.get('/api/profile')).json();
    expect(profile).toMatchObject({ userName: 'pat', name: 'Test pat', email: null, hasPassword: true });
    expect(profile.sessions.map((s: { state: string }) => s.state)).toEqual(['current', 'open']);

    const saved = await b.post('/api/profile/details', {
      name: '  Pat Lee ',
      email: 'pat.lee@north.example',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ name: 'Pat Lee', email: 'pat.lee@north.example' });
    expect((await a.get('/api/profile')).json()).toMatchObject({ name: 'Pat Lee' });

    const badEmail = await b.post('/api/profile/details', { name: 'Pat Lee', email: 'pat at north' });
    expect(badEmail.statusCode).toBe(400);
    expect(badEmail.body).toContain('Enter an email address such as name@hospital.org, or leave it empty.');
    const noName = await b.post('/api/profile/details', { name: '   ', email: '' });
    expect(noName.statusCode).toBe(400);
    expect(noName.body).toContain('Enter your name: 1 to 100 characters.');
    expect((await b.post('/api/profile/details', { name: 'Pat Lee', email: '' })).json().email).toBeNull();
  });

  it('changes the password only with the current one and a password the rules allow', async () => {
    const { person, a, b } = await twoSessions('quinn');
    const change = (currentPassword: string, newPassword: string) =>
      b.post('/api/profile/password', { currentPassword, newPassword });

    const refusals: [string, string, string][] = [
      ['wrong password', 'lamp river stone ward', 'The current password is not right.'],
      ['secret-password', 'short one', 'The new password needs at least 12 characters.'],
      [
        'secret-password',
        'Password1234!',
        'This password is on a list of common or breached passwords. Choose another.',
      ],
      ['secret-password', 'quinn-at-the-ward', 'The new password contains your user name. Choose another.'],
      [
        'secret-password',
        'secret-password',
        'The new password is the same as the current one. Choose another.',
      ],
    ];
    for (const [current, next, text] of refusals) {
      const res = await change(current, next);
      expect(res.statusCode, next).toBe(400);
      expect(res.json().error.message).toBe(text);
    }
    // Nothing changed: both sessions still work, the old password still signs in.
    expect((await a.get('/api/profile')).statusCode).toBe(200);

    const ok = await change('secret-password', 'lamp river stone ward');
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toEqual({ ended: 1 });
    expect((await a.get('/api/profile')).statusCode).toBe(401);
    expect((await b.get('/api/profile')).json().sessions.map((s: { state: string }) => s.state)).toEqual([
      'current',
      'passwordChanged',
    ]);
    const old = await new TestBrowser(t.app).post('/api/account/login', {
      username: 'quinn',
      password: 'secret-password',
    });
    expect(old.statusCode).toBe(401);
    await new TestBrowser(t.app).signIn('quinn', 'lamp river stone ward');

    // Audited, outcome by outcome, and never with a password in the row.
    const rows = await t.ctx.database.db
      .select({ outcome: auditLog.outcome, detail: auditLog.detail })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'profile.password'), eq(auditLog.userId, person.user.id)));
    expect(rows.map((r) => r.outcome).sort()).toEqual([
      'failure',
      'failure',
      'failure',
      'failure',
      'failure',
      'success',
    ]);
    const text = JSON.stringify(rows);
    for (const secret of ['secret-password', 'lamp river', 'Password1234', 'wrong password']) {
      expect(text).not.toContain(secret);
    }
  });

  it('counts a wrong current password on the sign-in throttle', async () => {
    const { b } = await twoSessions('rowan');
    let status = 0;
    for (let i = 0; i < 12 && status !== 429; i++) {
      status = (
        await b.post('/api/profile/password', {
          currentPassword: `guess ${i}`,
          newPassword: 'lamp river stone ward',
        })
      ).statusCode;
    }
    expect(status).toBe(429);
    // Even the right password waits now.
    const right = await b.post('/api/profile/password', {
      currentPassword: 'secret-password',
      newPassword: 'lamp river stone ward',
    });
    expect(right.statusCode).toBe(429);
  });

  it('signs out the other sessions, not this one nor anyone else', async () => {
    const { a, b } = await twoSessions('sam');
    const other = new TestBrowser(t.app);
    await buildUser(t.ctx, { username: 'sky' });
    await other.signIn('sky', 'secret-password');

    const res = await b.post('/api/profile/sessions/endOthers');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ ended: 1 });
    expect((await a.get('/api/profile')).statusCode).toBe(401);
    expect((await b.get('/api/profile')).statusCode).toBe(200);
    expect((await other.get('/api/profile')).statusCode).toBe(200);
    expect((await b.post('/api/profile/sessions/endOthers')).json()).toEqual({ ended: 0 });
  });

  it('needs a signed-in user', async () => {
    const anonymous = new TestBrowser(t.app);
    expect((await anonymous.get('/api/profile')).statusCode).toBe(401);
    expect((await anonymous.post('/api/profile/sessions/endOthers')).statusCode).toBe(401);
  });

  it('npm run users adds a user only with a password the same rules allow', async () => {
    await expect(
      addUser(t.ctx, { username: 'tess', displayName: 'Tess', password: 'qwerty123456' }),
    ).rejects.toThrow('This password is on a list of common or breached passwords. Choose another.');
    const n = await t.ctx.database.db.execute(
      sql`select count(*)::int as n from users where username = 'tess'`,
    );
    expect(JSON.stringify(n)).toContain('"n":0');
  });
});
