// temporary: CPU per request split between the server, PostgreSQL and this client
import { readFileSync, readdirSync } from 'node:fs';
import pg from 'pg';
import { requestBytes, runLoad } from './lib/load.mjs';
import { Client, startServer } from './lib/quill.mjs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
const url = 'postgres://postgres@127.0.0.1:5432/quill_bench_api';
const TICK = 100;
const cpuOf = (pid) => { try { const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' '); return (Number(f[11]) + Number(f[12])) * 1000 / TICK; } catch { return 0; } };
const pgPids = () => readdirSync('/proc').filter((d) => /^\d+$/.test(d)).filter((d) => { try { return readFileSync(`/proc/${d}/comm`, 'utf8').startsWith('postgres'); } catch { return false; } });
const pgCpu = () => pgPids().reduce((s, p) => s + cpuOf(p), 0);
const quill = process.env.QUILL_URL ? { url: process.env.QUILL_URL, pid: Number(process.env.QUILL_PID), stop: async () => process.kill(Number(process.env.QUILL_PID), 'SIGTERM') } : await startServer({ DATABASE_URL: url, DATA_DIR: join(tmpdir(), 'quill-bench-api-quill_bench_api'), ...(process.env.EXTRA ? JSON.parse(process.env.EXTRA) : {}) }, 18311);
const client = new Client(quill.url);
await client.signIn('transcriptionist', 'demo');
const headers = { cookie: client.headers().cookie };
const db = new pg.Client({ connectionString: url }); await db.connect();
const { rows } = await db.query(`select id::int as id from jobs where corporate_structure_id = any('{1,2}') and cleared_at is null order by id desc limit 3000`);
await db.end();
const paths = { GetJobDetails: (i) => `/api/job/GetJobDetails?jobId=${rows[i % rows.length].id}`, getjobversion: (i) => `/api/job/getjobversion?jobId=${rows[i % rows.length].id}`, getjobdata: (i) => `/api/job/getjobdata?jobId=${rows[i % rows.length].id}`, heartbeat: () => '/api/heartbeat/Idle' };
const host = new URL(quill.url).host;
for (const name of (process.env.ONLY ?? 'GetJobDetails,getjobversion').split(',')) {
  await runLoad({ origin: quill.url, connections: 50, durationMs: 3000, next: (i) => requestBytes(host, 'GET', paths[name](i), headers) });
  for (let r = 0; r < 2; r++) {
    const s0 = cpuOf(quill.pid), p0 = pgCpu(), c0 = process.cpuUsage();
    const m = await runLoad({ origin: quill.url, connections: 50, durationMs: 5000, next: (i) => requestBytes(host, 'GET', paths[name](i), headers) });
    const n = m.perSecond * 5; const c = process.cpuUsage(c0);
    console.log(name, Math.round(m.perSecond), 'req/s p99', m.p99.toFixed(1), 'ms/req server', ((cpuOf(quill.pid) - s0) / n).toFixed(3), 'pg', ((pgCpu() - p0) / n).toFixed(3), 'client', ((c.user + c.system) / 1000 / n).toFixed(3));
  }
}
await quill.stop();
