// bench/api: the job view's calls under load, side by side with a bare Fastify + pg read (issue 24).
//
// Seeds (or reuses) a PostgreSQL database with the 100,000-job demo data, starts the built Quill
// server and bench/baseline.mjs on it, signs in as the demo transcriptionist and runs alternating
// rounds at 50 connections: in each round the baseline, then every call, each for --seconds. It
// prints req/s, p50/p99 (ms) and the ratio to the same round's baseline, the median over the
// rounds, the save round trip (book out → savejob → release, 50 at a time on different jobs), the
// server's resident memory and the machine's load. With --pglite it measures the embedded database
// instead (one process, one connection; the baseline has no PGlite equivalent and is skipped).
//
//   node bench/api.mjs [--postgres postgres://postgres@127.0.0.1:5432/quill_bench_api] [--reseed]
//                      [--seconds 4] [--rounds 3] [--connections 50] [--only GetJobDetails,…]
//                      [--jobs 100000] [--port 18301 (the baseline on the next)]
//   node bench/api.mjs --pglite

import { spawn } from 'node:child_process';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { requestBytes, runLoad } from './lib/load.mjs';
import { keptDataDir, preparePostgres } from './lib/postgres.mjs';
import {
  Client,
  ensureBuilt,
  freshDataDir,
  removeDir,
  residentMemoryMB,
  root,
  seed,
  startServer,
} from './lib/quill.mjs';
import { bookableJobs, saveRound } from './lib/saveRound.mjs';

const { values } = parseArgs({
  options: {
    postgres: { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/quill_bench_api' },
    pglite: { type: 'boolean', default: false },
    reseed: { type: 'boolean', default: false },
    seconds: { type: 'string', default: '4' },
    rounds: { type: 'string', default: '3' },
    connections: { type: 'string', default: '50' },
    only: { type: 'string' },
    jobs: { type: 'string', default: '100000' },
    port: { type: 'string', default: '18301' },
  },
});
const seconds = Number(values.seconds);
const rounds = Number(values.rounds);
const connections = Number(values.connections);
const JOBS = Number(values.jobs);
const QUILL_PORT = Number(values.port);
const BASELINE_PORT = QUILL_PORT + 1;

/** Job ids of the signed-in account's corporate structures, and one the baseline reads the same way. */
async function jobsOf(url, username) {
  const db = new pg.Client({ connectionString: url });
  await db.connect();
  const { rows } = await db.query(
    `select j.id::int as id, j.corporate_structure_id as cs
       from jobs j
       join account_corporate_access a on a.corporate_structure_id = j.corporate_structure_id
       join accounts ac on ac.id = a.account_id
       join users u on u.id = ac.user_id
      where u.username = $1 and j.cleared_at is null
      order by j.id desc limit 3000`,
    [username],
  );
  await db.end();
  return rows;
}

function startBaseline(url) {
  const child = spawn(process.execPath, [join(root, 'bench', 'baseline.mjs')], {
    env: { ...process.env, DATABASE_URL: url, PORT: String(BASELINE_PORT) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve) => {
    child.stdout.on('data', (d) => {
      if (String(d).includes('listening')) {
        resolve({ url: `http://127.0.0.1:${BASELINE_PORT}`, stop: () => child.kill('SIGTERM') });
      }
    });
  });
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const f0 = (n) => (Number.isFinite(n) ? Math.round(n).toLocaleString('en-US') : 'n/a');
const f1 = (n) => (Number.isFinite(n) ? n.toFixed(1) : 'n/a');

/** The GET calls of the job view (and the shell's), each a function of the i-th job. */
function calls(jobs, cfsBatch) {
  const job = (i) => jobs[i % jobs.length].id;
  const all = [
    ['GetJobDetails', (i) => `/api/job/GetJobDetails?jobId=${job(i)}`],
    ['getjobdata', (i) => `/api/job/getjobdata?jobId=${job(i)}`],
    ['getcda', (i) => `/api/job/getcda?jobId=${job(i)}`],
    ['GetDocumentAvailability', (i) => `/api/job/GetDocumentAvailability?jobId=${job(i)}`],
    ['getjobversion', (i) => `/api/job/getjobversion?jobId=${job(i)}`],
    ['settings/user', () => '/api/settings/user'],
    ['getcounts', () => `/api/jobs/getcounts?${cfsBatch}`],
    ['heartbeat/Idle', () => '/api/heartbeat/Idle'],
  ];
  const only = values.only?.split(',');
  return only ? all.filter(([name]) => only.includes(name)) : all;
}

async function measure(origin, headers, pathOf) {
  const host = new URL(origin).host;
  return runLoad({
    origin,
    connections,
    durationMs: seconds * 1000,
    next: (i) => requestBytes(host, 'GET', pathOf(i), headers),
  });
}

/**
 * `editors` at once, each on its own jobs: book out → savejob (save only) → release, in a loop for
 * twice --seconds; while `beside` (a load of the other calls) runs, if given. Only jobs the account
 * can book take part (bench/lib/saveRound.mjs).
 */
async function saveRounds(client, jobs, editors, beside) {
  const mine = await bookableJobs(client, jobs, Math.max(editors * 4, 8));
  const rounds = [];
  const saves = [];
  const failures = new Map();
  const until = performance.now() + seconds * 2 * 1000;
  const editor = async (c) => {
    const own = mine.filter((_, k) => k % editors === c);
    for (let n = 0; performance.now() < until; n++) {
      const r = await saveRound(client, own[n % own.length]);
      for (const f of r.failures) failures.set(f, (failures.get(f) ?? 0) + 1);
      if (r.saveMs === undefined) continue;
      saves.push(r.saveMs);
      rounds.push(r.roundMs);
    }
  };
  const [besideLoad] = await Promise.all([
    beside?.(seconds * 2),
    ...Array.from({ length: editors }, (_, c) => editor(c)),
  ]);
  const pct = (xs, p) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(p * xs.length))];
  return {
    count: rounds.length,
    perSecond: rounds.length / (seconds * 2),
    saveP50: pct(saves, 0.5),
    saveP99: pct(saves, 0.99),
    roundP50: pct(rounds, 0.5),
    roundP99: pct(rounds, 0.99),
    failures: Object.fromEntries(failures),
    beside: besideLoad,
  };
}

async function main() {
  ensureBuilt();
  let env;
  let dataDir;
  if (values.pglite) {
    dataDir = freshDataDir('api');
    env = { DATA_DIR: dataDir };
    console.log(`Seeding PGlite with ${JOBS} jobs…`);
    seed(env, JOBS, 40);
  } else {
    // Kept between runs with its database, so that a second run skips the seed.
    env = await preparePostgres(values.postgres, keptDataDir(values.postgres), {
      jobs: JOBS,
      facilities: 40,
      reseed: values.reseed,
    });
  }
  const quill = await startServer(env, QUILL_PORT);
  const baseline = values.pglite ? null : await startBaseline(values.postgres);
  try {
    const client = new Client(quill.url);
    await client.signIn('transcriptionist', 'demo');
    const headers = { cookie: client.headers().cookie };
    const jobs = values.pglite
      ? await jobsFromApi(client)
      : await jobsOf(values.postgres, 'transcriptionist');
    const structures = await (await client.get('/api/jobs/getusercs')).json();
    const cs = structures[0];
    const cfs = await (await client.get(`/api/settings/cfs/${cs.id}`)).json();
    const cfsBatch = `corpId=${cs.id}&cfs=${cfs.slice(0, 4).join(',')}`;
    const list = calls(jobs, cfsBatch);
    const baseJob = (i) => jobs[i % jobs.length];

    console.log(
      `load average before: ${loadavg()
        .map((x) => x.toFixed(2))
        .join(' ')}`,
    );
    // Warm-up: JIT, prepared statements, the database's cache.
    if (baseline) await measure(baseline.url, {}, (i) => `/job?jobId=${baseJob(i).id}&cs=${baseJob(i).cs}`);
    for (const [, pathOf] of list) await measure(quill.url, headers, pathOf);

    const results = new Map(list.map(([name]) => [name, []]));
    const base = [];
    for (let r = 0; r < rounds; r++) {
      const b = baseline
        ? await measure(baseline.url, {}, (i) => `/job?jobId=${baseJob(i).id}&cs=${baseJob(i).cs}`)
        : null;
      if (b) base.push(b);
      for (const [name, pathOf] of list) {
        const m = await measure(quill.url, headers, pathOf);
        results.get(name).push({ ...m, ratio: b ? m.perSecond / b.perSecond : NaN });
      }
    }
    // The save round trip of one editor (the issue's "one save per round"), alone and while the
    // other connections read the job view; then 50 editors saving at once, none pausing.
    const host = new URL(quill.url).host;
    const detailsOf = (i) => `/api/job/GetJobDetails?jobId=${baseJob(i).id}`;
    const saves = [
      ['1 editor', await saveRounds(client, jobs, 1)],
      [
        `1 editor beside ${connections - 1} connections reading GetJobDetails`,
        await saveRounds(client, jobs, 1, (s) =>
          runLoad({
            origin: quill.url,
            connections: connections - 1,
            durationMs: s * 1000,
            next: (i) => requestBytes(host, 'GET', detailsOf(i), headers),
          }),
        ),
      ],
      [`${connections} editors at once`, await saveRounds(client, jobs, connections)],
    ];
    const memory = residentMemoryMB(quill.pid);

    const database = values.pglite ? 'PGlite (embedded)' : 'PostgreSQL';
    console.log(
      `\n${database}, ${connections} connections, ${rounds} rounds of ${seconds} s; medians over the rounds`,
    );
    console.log('| call | req/s | p50 ms | p99 ms | ratio to baseline | statuses |');
    console.log('|---|---|---|---|---|---|');
    if (base.length) {
      console.log(
        `| baseline (Fastify + pg, PK read) | ${f0(median(base.map((m) => m.perSecond)))} | ${f1(median(base.map((m) => m.p50)))} | ${f1(median(base.map((m) => m.p99)))} | 1 | ${JSON.stringify(base[0].statuses)} |`,
      );
    }
    for (const [name, ms] of results) {
      console.log(
        `| ${name} | ${f0(median(ms.map((m) => m.perSecond)))} | ${f1(median(ms.map((m) => m.p50)))} | ${f1(median(ms.map((m) => m.p99)))} | ${base.length ? median(ms.map((m) => m.ratio)).toFixed(2) : '—'} | ${JSON.stringify(ms[0].statuses)} |`,
      );
    }
    console.log(
      '\n| save round (book out → savejob → release) | rounds/s | savejob p50 / p99 ms | round p50 / p99 ms | rounds |',
    );
    console.log('|---|---|---|---|---|');
    for (const [name, save] of saves) {
      const beside = save.beside
        ? `; GetJobDetails beside it ${f0(save.beside.perSecond)} req/s, p99 ${f1(save.beside.p99)} ms`
        : '';
      console.log(
        `| ${name} | ${f1(save.perSecond)} | ${f1(save.saveP50)} / ${f1(save.saveP99)} | ${f1(save.roundP50)} / ${f1(save.roundP99)} | ${save.count}${Object.keys(save.failures).length ? `, failures ${JSON.stringify(save.failures)}` : ''}${beside} |`,
      );
    }
    console.log(`\nQuill resident memory: ${memory.now} MB (peak ${memory.peak} MB)`);
    console.log(
      `load average after: ${loadavg()
        .map((x) => x.toFixed(2))
        .join(' ')}`,
    );
  } finally {
    baseline?.stop();
    await quill.stop();
    if (dataDir) removeDir(dataDir);
  }
}

/** On PGlite the bench cannot open the database beside the server: the job ids come from the list. */
async function jobsFromApi(client) {
  const structures = await (await client.get('/api/jobs/getusercs')).json();
  const csId = structures[0].id;
  const cfs = await (await client.get(`/api/settings/cfs/${csId}`)).json();
  const rows = await (
    await client.get(`/api/jobs/alljobs?corpId=${csId}&cfs=${cfs.slice(0, 4).join(',')}`)
  ).json();
  const list = Array.isArray(rows) ? rows : (rows.rows ?? rows.jobs ?? []);
  return list.slice(0, 3000).map((r) => ({ id: r.jobId ?? r.id, cs: csId }));
}

await main();
