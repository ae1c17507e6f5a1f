// bench/distribution: signing and automatic distribution (issue 43). Signing: --signing-rounds
// calls of POST /api/signing/sign, each signing 10 of the demo dictator's jobs with the password
// (time per call and per job). Distribution: --jobs signed jobs through the outbox transports (fax
// outbox and electronic outbox; print onto the manual list), with the job view's calls timed
// meanwhile, side by side with an idle run of the same calls.
//
// Seeds (or reuses) a PostgreSQL database with the demo data (--seed jobs). Idle run: the built
// server (with its in-process worker) starts with nothing to distribute and the job view's calls
// (GetJobDetails, getjobdata, getcda, GetDocumentAvailability, the job's deliveries) are timed one
// after another on demo jobs for --seconds. Then --jobs jobs with a CDA are made signed jobs in
// Pending Fax whose distribution was started at an earlier version (one fax, one print and one
// electronic recipient each), so the worker's distribution sweep, offered at its start, starts
// them all — as it starts a job left in a distribution stage — and the same calls are timed until
// every job is Finished. Prints time per job (wall time / jobs, and each job's start → Finished)
// and the calls' p50, p95 and p99 for both runs. Signing last, on a server without a worker: jobs
// of neither set are made the dictator's, waiting in ES without live recipients (so that signing
// moves them on and queues nothing), and signed 10 per call.
//
//   node bench/distribution.mjs [--postgres postgres://postgres@127.0.0.1:5432/quill_bench_distribution]
//                               [--jobs 1000] [--seed 3000] [--seconds 20] [--signing-rounds 8] [--port 18401]
import { execSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { printJobViewComparison, timeJobView } from './lib/jobView.mjs';
import { keptDataDir, preparePostgres } from './lib/postgres.mjs';
import { Client, ensureBuilt, fmt, loadAverage, startServer, stats } from './lib/quill.mjs';

const { values } = parseArgs({
  options: {
    postgres: { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/quill_bench_distribution' },
    jobs: { type: 'string', default: '1000' },
    seed: { type: 'string', default: '3000' },
    seconds: { type: 'string', default: '20' },
    'signing-rounds': { type: 'string', default: '8' },
    port: { type: 'string', default: '18401' },
  },
});
const JOBS = Number(values.jobs);
const SIGN_ROUNDS = Number(values['signing-rounds']);
const SIGN_BATCH = 10;
const port = Number(values.port);

ensureBuilt();
const dataDir = keptDataDir(values.postgres);
const env = await preparePostgres(values.postgres, dataDir, { jobs: Number(values.seed) });
const db = new pg.Client({ connectionString: values.postgres });
await db.connect();

/** Jobs with a CDA document: the first --jobs to distribute, 50 others for the job view's calls. */
const withCda = (
  await db.query(
    `select j.id from jobs j
     where exists (select 1 from document_versions d where d.job_id = j.id and d.format = 'CDA' and not d.is_draft)
     order by j.id limit $1`,
    [JOBS + 50],
  )
).rows.map((r) => r.id);
if (withCda.length < JOBS + 50) throw new Error(`only ${withCda.length} jobs with a CDA: seed more (--seed)`);
const toDistribute = withCda.slice(0, JOBS);
const viewed = withCda.slice(JOBS);

/** The demo dictator's physician and structure, and jobs of that structure with a CDA to sign. */
const [signer] = (
  await db.query(
    `select a.physician_id, p.corporate_structure_id from accounts a join users u on u.id = a.user_id
     join physicians p on p.id = a.physician_id where u.username = 'dictator' limit 1`,
  )
).rows;
const toSign = (
  await db.query(
    `select j.id from jobs j
     where j.corporate_structure_id = $1 and not j.is_protected and j.id <> all($2)
       and exists (select 1 from document_versions d where d.job_id = j.id and d.format = 'CDA' and not d.is_draft)
       and not exists (select 1 from work_type_signing w where w.work_type_id = j.work_type_id)
     order by j.id desc limit $3`,
    [signer.corporate_structure_id, withCda, SIGN_ROUNDS * SIGN_BATCH],
  )
).rows.map((r) => Number(r.id));
if (toSign.length < SIGN_ROUNDS * SIGN_BATCH)
  throw new Error(`only ${toSign.length} jobs to sign: seed more`);

/** Makes the jobs signed jobs in Pending Fax whose distribution was started at an earlier version. */
async function prepareJobs() {
  for (const dir of ['fax-outbox', 'electronic-outbox'])
    rmSync(join(dataDir, dir), { recursive: true, force: true });
  await db.query('begin');
  await db.query(
    `delete from fax_record_jobs where fax_record_id in
       (select id from fax_records where job_id = any($1) and idempotency_key like 'j%-v%')`,
    [toDistribute],
  );
  await db.query(`delete from fax_records where job_id = any($1) and idempotency_key like 'j%-v%'`, [
    toDistribute,
  ]);
  await db.query('delete from distributions where job_id = any($1) and delivery_key is not null', [
    toDistribute,
  ]);
  await db.query(
    `update jobs set stage_id = 8, signed = true, force_resign = false, skip_print = false,
       skip_export = false, distributed_at = null, version = version + 1 where id = any($1)`,
    [toDistribute],
  );
  await db.query('update recipients set removed = true where job_id = any($1)', [toDistribute]);
  await db.query(
    `insert into recipients (job_id, custom, distribution_method, ordinal)
     select j, jsonb_build_object('firstName', 'Bench', 'lastName', m, 'fax', '201555' || lpad((j % 10000)::text, 4, '0')), m, o
     from unnest($1::int[]) j, (values ('fax', 1), ('print', 2), ('electronic', 3)) as x(m, o)`,
    [toDistribute],
  );
  await db.query(
    `insert into distributions (job_id, method, status, job_version, delivery_key, completed_at)
     select j.id, 'print', 'sent', j.version - 1, 'bench-' || j.id || '-v' || (j.version - 1), now()
     from jobs j where j.id = any($1)`,
    [toDistribute],
  );
  await db.query('commit');
}

/** The machine's load as `uptime` tells it. */
const uptime = () => execSync('uptime').toString().trim();

async function run(label, prepare, until) {
  if (prepare) await prepare();
  const started = Date.now();
  const server = await startServer({ ...env, IN_PROCESS_WORKER: 'true', FAX_TRANSPORT: 'outbox' }, port);
  try {
    const client = new Client(server.url);
    await client.signIn('manager', 'demo');
    const ms = await timeJobView(client, viewed, until());
    return { label, ms, seconds: (Date.now() - started) / 1000, load: loadAverage(), uptime: uptime() };
  } finally {
    await server.stop();
  }
}

/**
 * Makes the jobs to sign the dictator's, waiting in ES for a first signature at a new version,
 * without live recipients, then signs them SIGN_BATCH per call on a server without a worker.
 * Answers each call's milliseconds.
 */
async function signing() {
  await db.query('begin');
  await db.query('update signatures set voided_at = now() where job_id = any($1) and voided_at is null', [
    toSign,
  ]);
  await db.query('update recipients set removed = true where job_id = any($1)', [toSign]);
  await db.query(
    `update jobs set stage_id = 11, signed = false, signed_at = null, force_resign = false, resign_reason = null,
       dictator_id = $2, dictated_for_id = $2, version = version + 1 where id = any($1)`,
    [toSign, signer.physician_id],
  );
  await db.query('commit');
  const versions = new Map(
    (await db.query('select id, version from jobs where id = any($1)', [toSign])).rows.map((r) => [
      Number(r.id),
      Number(r.version),
    ]),
  );
  const server = await startServer({ ...env, IN_PROCESS_WORKER: 'false', FAX_TRANSPORT: 'outbox' }, port);
  try {
    const client = new Client(server.url);
    await client.signIn('dictator', 'demo');
    const ms = [];
    for (let round = 0; round < SIGN_ROUNDS; round++) {
      const batch = toSign.slice(round * SIGN_BATCH, (round + 1) * SIGN_BATCH);
      const t0 = performance.now();
      const res = await client.post('/api/signing/sign', {
        jobs: batch.map((jobId) => ({ jobId, version: versions.get(jobId) })),
        password: 'demo',
      });
      const body = await res.json();
      if (!res.ok || body.signed.length !== batch.length)
        throw new Error(`sign answered ${res.status}: ${JSON.stringify(body).slice(0, 300)}`);
      ms.push(performance.now() - t0);
    }
    return { ms, uptime: uptime() };
  } finally {
    await server.stop();
  }
}

/** For the idle run: --seconds from the first call. */
const idleUntil = () => {
  const end = Date.now() + Number(values.seconds) * 1000;
  return async () => Date.now() > end;
};
const finished = async () =>
  (await db.query('select count(*)::int as n from jobs where id = any($1) and stage_id = 13', [toDistribute]))
    .rows[0].n === JOBS;

const idle = await run('idle', null, idleUntil);
const busy = await run(`distributing ${JOBS} jobs`, prepareJobs, () => finished);
const signed = await signing();

const perJob = (
  await db.query(
    `select extract(epoch from (j.distributed_at - min(d.created_at))) * 1000 as ms,
            extract(epoch from min(d.created_at)) * 1000 as started, extract(epoch from j.distributed_at) * 1000 as ended
     from jobs j join distributions d on d.job_id = j.id and d.job_version = j.version
     where j.id = any($1) group by j.id, j.distributed_at`,
    [toDistribute],
  )
).rows.map((r) => ({ ms: Number(r.ms), started: Number(r.started), ended: Number(r.ended) }));
const wall = Math.max(...perJob.map((r) => r.ended)) - Math.min(...perJob.map((r) => r.started));
const counts = (
  await db.query(
    `select method, status, count(*)::int as n from distributions
     where job_id = any($1) and job_version is not null and delivery_key not like 'bench-%' group by 1, 2 order by 1, 2`,
    [toDistribute],
  )
).rows;
await db.end();

const each = stats(perJob.map((r) => r.ms));
console.log(
  `\nbench/distribution — ${JOBS} jobs (1 fax, 1 print, 1 electronic each; outbox transports), PostgreSQL`,
);
console.log(`deliveries: ${counts.map((c) => `${c.method} ${c.status} ${c.n}`).join(', ')}`);
console.log(
  `wall time ${(wall / 1000).toFixed(1)} s from the first delivery written to the last job Finished: ${fmt(wall / JOBS)} per job`,
);
console.log(
  `each job, deliveries written → Finished: median ${fmt(each.median)}, p95 ${fmt(each.p95)}, max ${fmt(each.max)}`,
);
printJobViewComparison(idle.ms, busy.ms, 'distribution');
const sign = stats(signed.ms);
console.log(
  `\nsigning ${SIGN_BATCH} jobs per call (POST /api/signing/sign with the password), ${SIGN_ROUNDS} calls:`,
);
console.log(`  per call: ${signed.ms.map((m) => fmt(m)).join(', ')}`);
console.log(
  `  per call median ${fmt(sign.median)}, max ${fmt(sign.max)}; per job median ${fmt(sign.median / SIGN_BATCH)}`,
);
console.log(`\nload average: idle run ${idle.load}, distribution run ${busy.load}`);
console.log(`uptime after idle run:    ${idle.uptime}`);
console.log(`uptime after distribution: ${busy.uptime}`);
console.log(`uptime after signing:     ${signed.uptime}`);
