import { productivityWindow } from '@quill/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentVersions } from '../../db/schema/index.js';
import { databaseTargets } from '../../testing/databases.js';
import { buildJob, buildStructure, buildUser } from '../../testing/factories.js';
import { TestBrowser } from '../../testing/processes/browser.js';
import { createTestApp, type TestApp } from '../../testing/testContext.js';

const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

/**
 * A fixed-offset zone where it is now about noon, so "today" has a morning behind it whenever the
 * test runs (Etc/GMT-N is N hours ahead of UTC).
 */
function noonZone(nowMs: number): string {
  const ahead = 12 - new Date(nowMs).getUTCHours();
  return ahead === 0 ? 'Etc/GMT' : `Etc/GMT${ahead > 0 ? '-' : '+'}${Math.abs(ahead)}`;
}

/**
 * Issue 27: My productivity — jobs, saves and typed characters with known times written straight
 * into the database, and the figures the signed-in account gets for its own work only.
 */
describe.each(databaseTargets())('My productivity on $name', (target) => {
  let t: TestApp;
  let typist: TestBrowser;
  let colleague: TestBrowser;
  let zone: string;
  let today: ReturnType<typeof productivityWindow>;

  beforeAll(async () => {
    t = await createTestApp(target);
    zone = noonZone(Date.now());
    today = productivityWindow(Date.now(), zone);
    const D = today.dayStartMs;
    const at = (ms: number) => new Date(D + ms);
    const north = await buildStructure(t.ctx, { name: 'North', facilities: 1 });
    const cf = north.facilities[0]!;
    const cs = north.structure.id;
    const me = await buildUser(t.ctx, {
      username: 'typist',
      accounts: [{ companyId: cs, memberType: 2, permissions: ['jobView', 'jobEditText'] }],
    });
    const other = await buildUser(t.ctx, {
      username: 'colleague',
      accounts: [{ companyId: cs, memberType: 2 }],
    });
    const T = me.accounts[0]!.id;
    const O = other.accounts[0]!.id;
    let n = 0;
    const save = (jobId: number, by: number, when: Date, typedChars: number) =>
      t.ctx.database.db.insert(documentVersions).values({
        jobId,
        version: ++n,
        format: 'CDA',
        blobKey: `blob-${n}`,
        size: 1,
        source: 'save',
        typedChars,
        createdByAccountId: by,
        createdAt: when,
      });
    const job = (o: { by: number; dictated: Date; started?: Date; first: Date }) =>
      buildJob(t.ctx, cf, {
        dictatedAt: o.dictated,
        transcriptionStartedAt: o.started ?? null,
        firstTextAt: o.first,
        transcribedByAccountId: o.by,
      });

    // Today, 08:00–08:40: 1,300 characters (saved at 08:30, then again at 08:40).
    const a = await job({ by: T, dictated: at(7 * HOUR), started: at(8 * HOUR), first: at(8.5 * HOUR) });
    await save(a.id, T, at(8.5 * HOUR), 975);
    await save(a.id, T, at(8.5 * HOUR + 10 * MIN), 325);
    // Today, 08:30–08:50 (overlapping the first): 650 characters.
    const b = await job({
      by: T,
      dictated: at(6 * HOUR),
      started: at(8.5 * HOUR),
      first: at(8.5 * HOUR + 20 * MIN),
    });
    await save(b.id, T, at(8.5 * HOUR + 20 * MIN), 650);
    // A correction of the colleague's job: lines typed, not lines per hour nor jobs done.
    const c = await job({ by: O, dictated: at(-DAY), started: at(-DAY + HOUR), first: at(-DAY + 2 * HOUR) });
    await save(c.id, T, at(9 * HOUR), 325);
    // Typed yesterday: not today's.
    await save(c.id, T, at(-HOUR), 6500);
    // The colleague's work today: not the typist's.
    const g = await job({ by: O, dictated: at(HOUR), started: at(2 * HOUR), first: at(3 * HOUR) });
    await save(g.id, O, at(3 * HOUR), 9999);
    // Three days ago (in the week's average), ten days ago (not).
    await job({ by: T, dictated: at(-3 * DAY + HOUR), first: at(-3 * DAY + 3 * HOUR) });
    await job({ by: T, dictated: at(-10 * DAY), first: at(-10 * DAY + HOUR) });

    typist = new TestBrowser(t.app);
    await typist.signInAs('typist', me.password, T);
    colleague = new TestBrowser(t.app);
    await colleague.signInAs('colleague', other.password, O);
  }, 120_000);
  afterAll(async () => t?.close());

  const mine = (b: TestBrowser, tz: string) => b.get(`/api/productivity/me?tz=${encodeURIComponent(tz)}`);

  it('answers the account’s jobs done, lines, lines per hour and turnaround today', async () => {
    const res = await mine(typist, zone);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      day: today.day,
      timeZone: zone,
      jobsDone: 2,
      // (1,300 + 650 + 325) / 65
      linesTyped: 35,
      // 30 lines on today's jobs in the 50 minutes from 08:00 to 08:50
      linesPerHour: 36,
      timedLines: 30,
      typingMinutes: 50,
      // 90 and 170 minutes from dictation to first text
      averageTatMinutes: 130,
      // and 120 three days ago
      week: { jobsDone: 3, averageTatMinutes: 127 },
    });
  });

  it('answers each account its own work only', async () => {
    const res = await mine(colleague, zone);
    expect(res.json()).toMatchObject({
      jobsDone: 1,
      linesTyped: Math.round((9999 / 65) * 10) / 10,
      averageTatMinutes: 120,
      // Today's job and the one typed yesterday whose text the typist corrected.
      week: { jobsDone: 2 },
    });
  });

  it('takes "today" in the zone it is given, UTC without one', async () => {
    for (const tz of ['Etc/GMT+12', 'Pacific/Kiritimati', 'America/Chicago']) {
      const answer = (await mine(typist, tz)).json();
      expect(answer, tz).toMatchObject({ day: productivityWindow(Date.now(), tz).day, timeZone: tz });
    }
    expect((await typist.get('/api/productivity/me')).json().timeZone).toBe('UTC');
  });

  it('refuses an unknown time zone (400) and a caller without an account (403 / 401)', async () => {
    const bad = await mine(typist, 'Mars/Olympus_Mons');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toContain('tz must be a time zone such as America/Chicago.');
    const user = await buildUser(t.ctx, { username: 'noaccount-p' });
    const noAccount = new TestBrowser(t.app);
    await noAccount.signIn(user.user.username, user.password);
    expect((await noAccount.get('/api/productivity/me')).statusCode).toBe(403);
    expect((await new TestBrowser(t.app).get('/api/productivity/me')).statusCode).toBe(401);
  });
});
