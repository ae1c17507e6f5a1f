import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configWith } from '../../config.js';
import { closeContext, createContext } from '../../createContext.js';
import { auditLog, documentVersions, jobs } from '../../db/schema/index.js';
import { readCda } from '../../documents/cda/readCda.js';
import { createLogger } from '../../system/logger.js';
import { createPostgresDatabase } from '../../testing/databases.js';
import { replaceableWhole } from '../../testing/documents/cdaFixtures.js';
import { waitFor } from '../../testing/faxTestKit.js';
import { buildEditorWorld, jobDataBody } from '../../testing/jobEditorTestKit.js';
import { type Child, httpClient, serverOrigin, start, stop } from '../../testing/processes/childProcess.js';
import { buildServerBundle } from '../../testing/processes/serverBundle.js';

/**
 * The crash test of issue 7: the built server saves several booked-out jobs over and over; it is
 * killed with SIGKILL while saves are under way; after a restart every job is either fully saved
 * (document version row, readable blob holding that save's text, job data, version and stage of
 * that save) or fully unchanged — never half of a save.
 */
const JOBS = 6;
const KILL_AFTER_ACKS = 15;

describe('savejob survives a killed server', () => {
  let bundle: Awaited<ReturnType<typeof buildServerBundle>>;
  let dataDir: string;
  const children: Child[] = [];
  const baseUrl = process.env.TEST_DATABASE_URL;

  beforeAll(async () => {
    bundle = await buildServerBundle();
    dataDir = await mkdtemp(join(tmpdir(), 'quill-crash-'));
  }, 120_000);
  afterAll(async () => {
    for (const c of children) await stop(c, 'SIGKILL');
    await bundle?.dispose();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it(`SIGKILL while saves are under way, restart: each job fully saved or unchanged (${baseUrl ? 'PostgreSQL' : 'PGlite'})`, {
    timeout: 240_000,
  }, async () => {
    const database = baseUrl ? await createPostgresDatabase(baseUrl) : null;
    const env: Record<string, string> = {
      LOG_LEVEL: 'warn',
      DEMO_SEED: 'false',
      DATA_DIR: dataDir,
      HOST: '127.0.0.1',
      PORT: '0',
      ...(database ? { DATABASE_URL: database.url } : {}),
    };
    const config = configWith({ ...env, LOG_LEVEL: 'silent' });
    try {
      // Set up with the server down (the embedded database has one owner).
      let ctx = await createContext(config, createLogger(config));
      const world = await buildEditorWorld(ctx);
      const jobIds: number[] = [];
      for (let i = 0; i < JOBS; i++) jobIds.push((await world.makeJob({ jobNote: 'original note' })).id);
      const editor = world.editors[0]!;
      await closeContext(ctx);

      const first = start(join(bundle.dir, 'main.js'), env);
      children.push(first);
      const call = httpClient(await serverOrigin(first));
      await call('GET', '/api/account/authenticated');
      expect(
        (
          await call('POST', '/api/account/login', {
            username: editor.user.username,
            password: editor.password,
          })
        ).status,
      ).toBe(200);
      expect((await call('POST', `/api/Account/SetUserSummary/${editor.accounts[0]!.id}`)).status).toBe(200);

      const acked = new Map<number, number>(jobIds.map((id) => [id, 1]));
      const setup = await Promise.all(
        jobIds.map(async (jobId) => {
          const booked = (await (await call('POST', '/api/job/bookoutjob', { jobId })).json()) as {
            bookingCookie: string;
          };
          const { model } = (await (await call('GET', `/api/job/getcda?jobId=${jobId}`)).json()) as {
            model: { sections: { key: string; editable: boolean; blocks: unknown }[] };
          };
          const data = (await (await call('GET', `/api/job/getjobdata?jobId=${jobId}`)).json()) as Record<
            string,
            unknown
          >;
          const jobData = jobDataBody(data);
          return {
            jobId,
            cookie: booked.bookingCookie,
            key: model.sections.find(replaceableWhole)!.key,
            jobData,
          };
        }),
      );
      let acks = 0;
      let inFlight = 0;
      let inFlightAtKill = 0;
      let failures = 0;
      const saveLoop = async (s: (typeof setup)[number]) => {
        for (;;) {
          const base = acked.get(s.jobId)!;
          const next = base + 1;
          let res: Response;
          try {
            inFlight++;
            res = await call('POST', '/api/job/savejob', {
              jobId: s.jobId,
              version: base,
              bookingCookie: s.cookie,
              saveMode: 0,
              setJobDataRequest: {
                ...s.jobData,
                jobNote: `note of version ${next}`,
                stat: next % 2 ? 'U' : 'M',
              },
              cda: {
                sections: [
                  {
                    key: s.key,
                    blocks: [
                      { kind: 'paragraph', runs: [{ text: `Text of job ${s.jobId} version ${next}.` }] },
                    ],
                  },
                ],
              },
            });
          } catch {
            inFlight--;
            return; // the server is gone
          }
          inFlight--;
          if (res.status !== 200) {
            failures++;
            return;
          }
          const body = (await res.json()) as { version: number };
          expect(body.version).toBe(next);
          acked.set(s.jobId, next);
          if (++acks === KILL_AFTER_ACKS) {
            // A few milliseconds later, so the kill lands inside the other jobs' saves.
            setTimeout(
              () => {
                inFlightAtKill = inFlight;
                first.proc.kill('SIGKILL');
              },
              Math.floor(Math.random() * 25),
            );
          }
        }
      };
      await Promise.all(setup.map(saveLoop));
      await stop(first, 'SIGKILL');
      expect(failures).toBe(0);

      ctx = await createContext(config, createLogger(config));
      let inFlightCommitted = 0;
      try {
        for (const jobId of jobIds) {
          const [job] = await ctx.database.db.select().from(jobs).where(eq(jobs.id, jobId));
          const ack = acked.get(jobId)!;
          // A save whose answer was lost in the kill may have committed: one more, never half.
          expect([ack, ack + 1]).toContain(job!.version);
          if (job!.version === ack + 1) inFlightCommitted++;
          const docs = await ctx.database.db
            .select()
            .from(documentVersions)
            .where(eq(documentVersions.jobId, jobId))
            .orderBy(documentVersions.version);
          expect(docs.map((d) => d.version)).toEqual(Array.from({ length: job!.version }, (_, i) => i + 1));
          const newest = docs.at(-1)!;
          const xml = (await ctx.blobs.get(newest.blobKey)).toString('utf8');
          expect(() => readCda(xml)).not.toThrow();
          const saves = await ctx.database.db
            .select()
            .from(auditLog)
            .where(and(eq(auditLog.jobId, jobId), eq(auditLog.action, 'job.save')));
          expect(saves).toHaveLength(job!.version - 1);
          if (job!.version === 1) {
            expect(job).toMatchObject({ jobNote: 'original note', stat: null, stageId: 410 });
            expect(newest.source).toBe('import');
          } else {
            expect(xml).toContain(`Text of job ${jobId} version ${job!.version}.`);
            expect(job).toMatchObject({
              jobNote: `note of version ${job!.version}`,
              stat: job!.version % 2 ? 'U' : 'M',
              stageId: 410,
              edited: true,
            });
          }
        }
      } finally {
        await closeContext(ctx);
      }

      // The restarted server serves the saved state and takes the next save.
      const second = start(join(bundle.dir, 'main.js'), env);
      children.push(second);
      const again = httpClient(await serverOrigin(second));
      await again('GET', '/api/account/authenticated');
      expect(
        (
          await again('POST', '/api/account/login', {
            username: editor.user.username,
            password: editor.password,
          })
        ).status,
      ).toBe(200);
      expect((await again('POST', `/api/Account/SetUserSummary/${editor.accounts[0]!.id}`)).status).toBe(200);
      const s = setup[0]!;
      const { version } = (await (await again('GET', `/api/job/getjobversion?jobId=${s.jobId}`)).json()) as {
        version: number;
      };
      const res = await again('POST', '/api/job/savejob', {
        jobId: s.jobId,
        version,
        bookingCookie: s.cookie,
        saveMode: 1,
        setJobDataRequest: s.jobData,
      });
      expect(res.status, await res.clone().text()).toBe(200);
      expect(await res.json()).toMatchObject({ version: version + 1, stageId: 8 });
      await stop(second, 'SIGTERM');
      console.info(
        `crash test: killed after ${acks} acknowledged saves on ${JOBS} jobs with ${inFlightAtKill} save(s) in flight; ` +
          `${inFlightCommitted} of them had committed`,
      );
      await waitFor(
        async () => second.proc.exitCode !== null || second.proc.signalCode !== null,
        'the server to stop',
      );
    } finally {
      await database?.drop();
    }
  });
});
