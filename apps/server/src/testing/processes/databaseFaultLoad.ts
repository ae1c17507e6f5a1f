import { openDatabase } from '../../db/client.js';
import type { buildEditorWorld } from '../jobEditorTestKit.js';
import { createTestApp, type TestApp } from '../testContext.js';
import type { TestBrowser } from './browser.js';
import { createPrivatePostgres, type PrivatePostgres } from './privatePostgres.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** One answer of the load: which call, its status, and when it was asked and answered. */
export interface FaultAnswer {
  call: 'save' | 'read' | 'health';
  status: number;
  started: number;
  ended: number;
  body?: string;
}

/** The health check's Database result, asked and answered when. */
export interface DatabaseCheck {
  asked: number;
  answered: number;
  passed: boolean;
  detail: string;
}

export interface FaultLoad {
  answers: FaultAnswer[];
  /** The physicians whose save answered 200: each must be found afterwards. */
  acknowledged: number[];
  databaseChecks: DatabaseCheck[];
  /** Waits (up to 10 s) for a save or read asked at or after `since` to succeed; the answer or undefined. */
  recovery(since: number): Promise<FaultAnswer | undefined>;
  stop(): Promise<void>;
  /** The acknowledged saves that cannot be read back. */
  missing(): Promise<number[]>;
}

/**
 * The load of the database fault tests (issues 23 and 41): `loops` editors in turn save a
 * physician, read the last acknowledged one back and ask the health check, until stopped.
 */
export function startFaultLoad(
  w: Awaited<ReturnType<typeof buildEditorWorld>>,
  editor: TestBrowser,
  jobId: number,
  loops = 3,
): FaultLoad {
  const answers: FaultAnswer[] = [];
  const acknowledged: number[] = [];
  const databaseChecks: DatabaseCheck[] = [];
  let running = true;
  let n = 0;
  const timed = async (call: FaultAnswer['call'], request: () => ReturnType<TestBrowser['get']>) => {
    const started = performance.now();
    const res = await request();
    const ended = performance.now();
    answers.push({
      call,
      status: res.statusCode,
      started,
      ended,
      ...(res.statusCode >= 500 && res.statusCode !== 503 ? { body: res.body } : {}),
    });
    return res;
  };
  const loop = async () => {
    while (running) {
      const lastName = `Load${n++}`;
      const saved = await timed('save', () =>
        editor.post('/api/job/SavePhysician', { clientFacilityId: w.cf.id, jobId, physician: { lastName } }),
      );
      if (saved.statusCode === 200) acknowledged.push((saved.json() as { userId: number }).userId);
      const last = acknowledged.at(-1);
      if (last !== undefined) await timed('read', () => editor.get(`/api/jobs/physicians/${last}`));
      const asked = performance.now();
      const health = await timed('health', () => editor.get('/api/healthcheck/results'));
      if (health.statusCode === 200) {
        const [database] = (health.json() as { results: { result: boolean; detail: string }[] }).results;
        databaseChecks.push({
          asked,
          answered: performance.now(),
          passed: database!.result,
          detail: database!.detail,
        });
      }
      await sleep(10);
    }
  };
  const running$ = Array.from({ length: loops }, loop);
  const succeededSince = (since: number) =>
    answers.find((a) => a.call !== 'health' && a.started >= since && a.status === 200);
  return {
    answers,
    acknowledged,
    databaseChecks,
    async recovery(since) {
      const until = since + 10_000;
      while (performance.now() < until && !succeededSince(since)) await sleep(50);
      return succeededSince(since);
    },
    async stop() {
      running = false;
      await Promise.all(running$);
    },
    async missing() {
      const missing: number[] = [];
      for (const userId of acknowledged) {
        const res = await editor.get(`/api/jobs/physicians/${userId}`);
        if (res.statusCode !== 200) missing.push(userId);
      }
      return missing;
    },
  };
}

/**
 * The fault tests' server: a test app on a private PostgreSQL cluster of the test's own (which the
 * test stops, freezes or destroys), with the app's settings `env`.
 */
export async function privateClusterApp(
  bin: string,
  env: Record<string, string> = {},
): Promise<{ pg: PrivatePostgres; t: TestApp }> {
  const pg = await createPrivatePostgres(bin);
  const t = await createTestApp(
    {
      name: 'postgres',
      create: async () => ({ database: await openDatabase({ url: pg.url }), dispose: async () => undefined }),
    },
    env,
  );
  return { pg, t };
}
