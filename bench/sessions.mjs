// bench/sessions: the server's resident memory with 200 signed-in sessions at once (issue 41,
// ARCHITECTURE §7: under 512 MB) on PostgreSQL with 5,000 demo jobs.
//
// Seeds (or reuses) `quill_bench_sessions` and adds the users bench001… like the demo
// transcriptionist (through the user administration service; a user signing in twice would end
// their first session), starts the built server and signs every session in. Then each session
// loops for --seconds as the web app would: the job list (getcounts and the row batches, three in
// flight), a job opened (GetJobDetails, getjobdata, GetDocumentAvailability, and getcda when it has
// a CDA), the heartbeat, now and then the job's PDF; --savers of them also save a job (book out → savejob → release) each loop. The server's
// RSS is sampled every 250 ms. Prints req/s and p50/p99 per call, the answers that failed by
// status, and the server's peak resident memory per phase and overall against 512 MB.
//
//   node --import tsx bench/sessions.mjs [--sessions 200] [--seconds 60] [--savers 5] [--port 18402]
//        [--postgres postgres://postgres@127.0.0.1:5432/quill_bench_sessions] [--reseed]
import { parseArgs } from 'node:util';
import { facilityBatches } from '@quill/core/rules/jobList/jobListBatches';
import { keptDataDir, preparePostgres } from './lib/postgres.mjs';
import { Client, ensureBuilt, loadAverage, startServer, watchMemory, withinBudget } from './lib/quill.mjs';
import { bookableJobs, saveRound } from './lib/saveRound.mjs';
import { BENCH_PASSWORD, ensureUsers } from './lib/users.mjs';

const { values } = parseArgs({
  options: {
    postgres: { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/quill_bench_sessions' },
    reseed: { type: 'boolean', default: false },
    sessions: { type: 'string', default: '200' },
    seconds: { type: 'string', default: '60' },
    savers: { type: 'string', default: '5' },
    port: { type: 'string', default: '18402' },
  },
});
const SESSIONS = Number(values.sessions);
const SECONDS = Number(values.seconds);
const SAVERS = Number(values.savers);
const JOBS = 5000;
/** Every how many loops a session downloads its job's PDF (staggered over the sessions). */
const PDF_EVERY = 10;
/** Sign-ins at once (each verifies an argon2 hash: 19 MiB and a thread of the server's pool). */
const SIGN_INS_AT_ONCE = 10;
/** Row batches in flight at once, as the web app's list (ROW_BATCHES_IN_FLIGHT). */
const ROW_BATCHES_IN_FLIGHT = 3;

/** Answer times and statuses per call, across the sessions. */
const calls = new Map();
function record(name, ms, status) {
  const c = calls.get(name) ?? { ms: [], statuses: new Map() };
  calls.set(name, c);
  c.ms.push(ms);
  c.statuses.set(status, (c.statuses.get(status) ?? 0) + 1);
}

/** GETs `path` as the session, reads the whole answer and records it under `name`. */
async function timedGet(session, name, path) {
  const t0 = performance.now();
  try {
    const res = await session.client.get(path);
    const body = await res.arrayBuffer();
    record(name, performance.now() - t0, res.status);
    return { ok: res.ok, body };
  } catch (err) {
    record(name, performance.now() - t0, `network error (${err.cause?.code ?? err.message})`);
    return { ok: false };
  }
}

/** Signs a session in and reads what the web app reads once: its structure, facilities and batch sizes. */
async function signIn(url, username) {
  const client = new Client(url);
  await client.signIn(username, BENCH_PASSWORD);
  const cs = (await (await client.get('/api/jobs/getusercs')).json())[0].id;
  const cfs = await (await client.get(`/api/settings/cfs/${cs}`)).json();
  const settings = await (await client.get('/api/settings/user')).json();
  return {
    client,
    cs,
    cfs,
    countBatches: facilityBatches(cfs, settings.jobListCountBatchSize),
    rowBatches: facilityBatches(cfs, settings.jobListDataBatchSize),
  };
}

/** The jobs of the list (every bench user sees the same), as { id }. */
async function jobsOf({ client, cs, cfs }) {
  const rows = await (await client.get(`/api/jobs/alljobs?corpId=${cs}&cfs=${cfs.join(',')}`)).json();
  return rows.map((r) => ({ id: r.jobId }));
}

/** The job list as the web app loads it: the counts batch by batch, the rows three batches at a time. */
async function jobList(s) {
  for (const batch of s.countBatches) {
    await timedGet(s, 'getcounts', `/api/jobs/getcounts?corpId=${s.cs}&cfs=${batch.join(',')}`);
  }
  const queue = [...s.rowBatches];
  await Promise.all(
    Array.from({ length: Math.min(ROW_BATCHES_IN_FLIGHT, queue.length) }, async () => {
      for (let batch = queue.shift(); batch; batch = queue.shift()) {
        await timedGet(s, 'alljobs', `/api/jobs/alljobs?corpId=${s.cs}&cfs=${batch.join(',')}&format=binary`);
      }
    }),
  );
}

/** One session's loop until `until`: list, open a job, heartbeat, now and then a PDF and a save. */
async function loop(s, index, jobs, until) {
  for (let n = 0; performance.now() < until; n++) {
    await jobList(s);
    // The job view: its details and data, and the document as the editor opens it (if it has one).
    const job = jobs[(index * 17 + n) % jobs.length].id;
    await timedGet(s, 'GetJobDetails', `/api/job/GetJobDetails?jobId=${job}`);
    await timedGet(s, 'getjobdata', `/api/job/getjobdata?jobId=${job}`);
    const available = await timedGet(
      s,
      'GetDocumentAvailability',
      `/api/job/GetDocumentAvailability?jobId=${job}`,
    );
    const has = available.ok ? JSON.parse(Buffer.from(available.body).toString()) : {};
    if (has.hasCDA) await timedGet(s, 'getcda', `/api/job/getcda?jobId=${job}`);
    await timedGet(s, 'heartbeat/Idle', '/api/heartbeat/Idle');
    if (has.documentType && (n + index) % PDF_EVERY === 0) {
      await timedGet(s, 'download .pdf', `/api/file/download/${job}.pdf`);
    }
    if (s.saveJob) {
      const r = await saveRound(s.client, s.saveJob);
      const status = r.failures.length ? r.failures.join(', ') : 200;
      record('save round (book out → savejob → release)', r.roundMs ?? 0, status);
    }
  }
}

const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))];
const f1 = (n) => (Number.isFinite(n) ? n.toFixed(1) : 'n/a');

function printCalls(seconds) {
  console.log('\n| call | calls | req/s | p50 ms | p99 ms | statuses |');
  console.log('|---|---|---|---|---|---|');
  const failed = new Map();
  for (const [name, c] of calls) {
    const sorted = [...c.ms].sort((a, b) => a - b);
    console.log(
      `| ${name} | ${sorted.length} | ${f1(sorted.length / seconds)} | ${f1(pct(sorted, 0.5))} | ${f1(pct(sorted, 0.99))} | ${JSON.stringify(Object.fromEntries(c.statuses))} |`,
    );
    for (const [status, n] of c.statuses) {
      if (status !== 200) failed.set(status, (failed.get(status) ?? 0) + n);
    }
  }
  console.log(
    `\nanswers that failed, by status: ${failed.size ? JSON.stringify(Object.fromEntries(failed)) : 'none'}`,
  );
}

ensureBuilt();
const env = await preparePostgres(values.postgres, keptDataDir(values.postgres), {
  jobs: JOBS,
  reseed: values.reseed,
});
const usernames = await ensureUsers(values.postgres, { count: SESSIONS, like: 'transcriptionist' });
const server = await startServer(env, Number(values.port));
const memory = watchMemory(server.pid);
try {
  console.log(`\nserver resident memory after start: ${memory.read().now} MB`);
  memory.phase();
  const t0 = performance.now();
  const sessions = [];
  const waiting = [...usernames];
  await Promise.all(
    Array.from({ length: SIGN_INS_AT_ONCE }, async () => {
      for (let u = waiting.shift(); u; u = waiting.shift()) sessions.push(await signIn(server.url, u));
    }),
  );
  console.log(
    memory.phaseLine(
      `Phase 1, ${sessions.length} sessions signed in (${SIGN_INS_AT_ONCE} at once) in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
    ),
  );
  const jobs = await jobsOf(sessions[0]);
  // The savers' jobs: each its own, bookable, from its own part of the list.
  for (const [k, s] of sessions.slice(0, SAVERS).entries()) {
    [s.saveJob] = await bookableJobs(s.client, jobs.slice(k * 40), 1);
  }

  memory.phase();
  const started = performance.now();
  const until = started + SECONDS * 1000;
  await Promise.all(sessions.map((s, i) => loop(s, i, jobs, until)));
  const seconds = (performance.now() - started) / 1000;
  console.log(
    memory.phaseLine(
      `Phase 2, ${sessions.length} sessions working for ${seconds.toFixed(0)} s (${SAVERS} of them saving)`,
    ),
  );
  printCalls(seconds);
  console.log(
    `\nServer peak resident memory (PostgreSQL, ${sessions.length} sessions, ${JOBS} jobs): ${withinBudget(memory.overallMB())}`,
  );
  console.log(`load average: ${loadAverage()}`);
} finally {
  memory.stop();
  await server.stop();
}
