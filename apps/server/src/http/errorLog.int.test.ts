import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseTargets } from '../testing/databases.js';
import { buildEditorWorld, jobDataBody } from '../testing/jobEditorTestKit.js';
import type { TestBrowser } from '../testing/processes/browser.js';
import { createTestApp, type TestApp } from '../testing/testContext.js';

/**
 * Issue 23 "Logging": calls that fail at the database log the statement and the error code, never
 * the job note, search terms or names they carried (drizzle's error holds them in its parameters
 * and message; PostgreSQL's detail quotes them).
 */
describe.each(databaseTargets())('failed queries in the log on $name', (target) => {
  let t: TestApp;
  let w: Awaited<ReturnType<typeof buildEditorWorld>>;
  let ed: TestBrowser;
  const lines: Record<string, unknown>[] = [];
  const raw: string[] = [];
  const sql = (text: string) => t.ctx.database.executeSql(text);

  beforeAll(async () => {
    const sink = new Writable({
      write(chunk, _enc, done) {
        for (const line of String(chunk).split('\n').filter(Boolean)) {
          raw.push(line);
          lines.push(JSON.parse(line));
        }
        done();
      },
    });
    t = await createTestApp(target, { LOG_LEVEL: 'info' }, sink);
    w = await buildEditorWorld(t.ctx);
    ed = await w.browser(t.app, 0);
  }, 60_000);
  afterAll(async () => t?.close());

  const expectNotLogged = (...secrets: string[]) => {
    const log = raw.join('\n');
    for (const secret of secrets) expect(log, secret).not.toContain(secret);
  };
  const errorsLogged = () =>
    lines.filter((l) => l.level === 50).map((l) => l.err as Record<string, unknown> | undefined);

  it('a job note that fails to save: the statement and code are logged, the note is not', async () => {
    const job = await w.makeJob();
    const booked = await ed.post('/api/job/bookoutjob', { jobId: job.id });
    expect(booked.statusCode, booked.body).toBe(200);
    const data = jobDataBody((await ed.get(`/api/job/getjobdata?jobId=${job.id}`)).json());
    await sql(`create function quill_test_refuse() returns trigger language plpgsql as $$
      begin raise exception 'writes to jobs refused by the test'; end $$`);
    await sql(
      'create trigger quill_test_refuse before update on jobs for each row execute function quill_test_refuse()',
    );
    try {
      const res = await ed.post('/api/job/setjobdata', {
        bookingCookie: booked.json().bookingCookie,
        jobData: { ...data, jobNote: 'Roe-Patient, Jane: HIV positive, call 555-0199' },
      });
      expect(res.statusCode).toBeGreaterThanOrEqual(500);
    } finally {
      await sql('drop trigger quill_test_refuse on jobs');
    }
    expect(errorsLogged()).toContainEqual(
      expect.objectContaining({ statement: 'update jobs', code: 'P0001' }),
    );
    expectNotLogged('Roe-Patient', 'HIV', '555-0199');
  });

  it('search terms and a user name that fail at the database are not logged', async () => {
    await sql('alter table physicians rename to physicians_away');
    await sql('alter table patients rename to patients_away');
    try {
      const dictators = await ed.get(`/api/jobs/Dictators?q=Zebulonsky&csid=${w.north.structure.id}`);
      const physicians = await ed.get(`/api/jobs/SearchPhysicians?cfId=${w.cf.id}&q=Zebulonsky`);
      const jobs = await ed.get('/api/jobs/search?patient=Quartermaine');
      for (const res of [dictators, physicians, jobs]) expect(res.statusCode).toBeGreaterThanOrEqual(500);
    } finally {
      await sql('alter table physicians_away rename to physicians');
      await sql('alter table patients_away rename to patients');
    }
    await sql('alter table users rename to users_away');
    try {
      const login = await ed.post('/api/account/login', { username: 'Ottoline.Vandersnoot', password: 'x' });
      expect(login.statusCode).toBeGreaterThanOrEqual(500);
    } finally {
      await sql('alter table users_away rename to users');
    }
    expect(errorsLogged()).toContainEqual(expect.objectContaining({ code: '42P01' }));
    expectNotLogged('Zebulonsky', 'Quartermaine', 'Ottoline');
  });
});
