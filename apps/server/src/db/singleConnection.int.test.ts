import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DocumentTaskName } from '../documents/pool/documentTasks.js';
import { buildAdtWorld } from '../testing/adtTestKit.js';
import { databaseTargets } from '../testing/databases.js';
import { replaceableWhole } from '../testing/documents/cdaFixtures.js';
import { jobDataBody } from '../testing/jobEditorTestKit.js';
import type { TestBrowser } from '../testing/processes/browser.js';
import { createTestApp, type TestApp } from '../testing/testContext.js';

/**
 * Issue 24: PGlite is ONE connection, and a transaction holds it until it ends. A call that waits
 * on anything but the database (here: a document thread parsing or editing the job's CDA text)
 * must do so outside its transaction, or every other call — the session heartbeat included —
 * waits behind it. Each test holds a document task open and asks whether the heartbeat answers
 * meanwhile (waiting up to a bound), then lets the slow call finish.
 */
const pglite = databaseTargets().filter((target) => target.name === 'pglite');

describe.each(pglite)(
  'the embedded database is not held while a call waits on a document thread ($name)',
  (target) => {
    let t: TestApp;
    let w: Awaited<ReturnType<typeof buildAdtWorld>>;
    let other: TestBrowser;

    beforeAll(async () => {
      t = await createTestApp(target);
      w = await buildAdtWorld(t.ctx, t.app);
      other = await w.browser(t.app, 1);
    }, 120_000);
    afterAll(async () => t?.close());

    /** Holds the next run of the document task `name` until released; `begun` settles when it starts. */
    function holdDocumentTask(name: DocumentTaskName) {
      const pool = t.ctx.documents;
      const run = pool.run.bind(pool);
      let started!: () => void;
      let release!: () => void;
      const begun = new Promise<void>((resolve) => {
        started = resolve;
      });
      const released = new Promise<void>((resolve) => {
        release = resolve;
      });
      pool.run = (async (task: DocumentTaskName, input: never) => {
        if (task === name) {
          pool.run = run;
          started();
          await released;
        }
        return run(task, input);
      }) as typeof pool.run;
      return { begun, release };
    }

    /** What the heartbeat answered within the bound, or 'still waiting'. */
    async function heartbeatWithin(ms: number) {
      const answer = other.get('/api/heartbeat/Idle').then((res) => res.statusCode);
      const bound = new Promise<'still waiting'>((resolve) => setTimeout(() => resolve('still waiting'), ms));
      return { outcome: await Promise.race([answer, bound]), answer };
    }

    /** Runs `slow` with document task `name` held; the heartbeat must answer before it is let go. */
    async function heartbeatAnswersDuring(
      name: DocumentTaskName,
      slow: () => Promise<{ statusCode: number; body: string }>,
    ) {
      const held = holdDocumentTask(name);
      const call = slow();
      await held.begun;
      const { outcome, answer } = await heartbeatWithin(5000);
      held.release();
      const res = await call;
      await answer;
      expect(res.statusCode, res.body).toBe(200);
      return outcome;
    }

    const book = async (jobId: number) => {
      const res = await w.editor.post('/api/job/bookoutjob', { jobId });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().bookingCookie as string;
    };

    it('Accept ADT on a hold-queue job: the rules read the text before the transaction', async () => {
      const job = await w.makeJob();
      const cookie = await book(job.id);
      const outcome = await heartbeatAnswersDuring('cdaFacts', () =>
        w.editor.post('/api/job/acceptadt', {
          jobId: job.id,
          companyId: w.cf.id,
          bookingCookie: cookie,
          adtSearchResult: { patientId: w.grace.id },
        }),
      );
      expect(outcome).toBe(200);
    });

    /** A booked job, and savejob of its job data with `extra` while document task `name` is held. */
    async function saveDuring(name: DocumentTaskName, extra: (jobId: number) => Promise<object>) {
      const job = await w.makeJob();
      const cookie = await book(job.id);
      const data = jobDataBody((await w.editor.get(`/api/job/getjobdata?jobId=${job.id}`)).json());
      const body = {
        jobId: job.id,
        version: job.version,
        bookingCookie: cookie,
        saveMode: 0,
        setJobDataRequest: data,
      };
      const more = await extra(job.id);
      return heartbeatAnswersDuring(name, () => w.editor.post('/api/job/savejob', { ...body, ...more }));
    }

    it('savejob with text edits: the edited document is built and stored before the transaction', async () => {
      const outcome = await saveDuring('applyCdaEdits', async (jobId) => {
        const { model } = (await w.editor.get(`/api/job/getcda?jobId=${jobId}`)).json();
        type Section = { key: string; editable: boolean; blocks: unknown; sections: Section[] };
        const flat = (ss: Section[]): Section[] => ss.flatMap((s) => [s, ...flat(s.sections)]);
        const key = flat(model.sections).find(replaceableWhole)!.key;
        const blocks = [{ kind: 'paragraph', runs: [{ text: 'Edited while others call.' }] }];
        return { cda: { sections: [{ key, blocks }] } };
      });
      expect(outcome).toBe(200);
    });

    it('savejob that re-runs the hold-queue rules (recheck): the text is read before the transaction', async () => {
      const outcome = await saveDuring('cdaFacts', async () => ({ saveMode: 3 }));
      expect(outcome).toBe(200);
    });
  },
);
