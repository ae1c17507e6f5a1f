// bench/hl7-in: an ADT replay (issue 44) of --messages HL7 v2 messages over MLLP into the built
// server on PostgreSQL, side by side with a bare MLLP echo server (@medplum/hl7's Hl7Server
// answering AA without work) in the same run, and the job view's calls timed meanwhile.
//
// Seeds (or reuses) a PostgreSQL database with the demo data (--seed jobs). The replay: one MLLP
// connection (@medplum/hl7's Hl7Client), each message sent when the previous one's ACK came back,
// as a hospital's interface engine sends a feed: A08 updates of demo patients that have jobs (so
// the jobs follow), A02/A03 on their visits, and A01 admissions of new patients, in turn. Each
// server gets the same messages (new control ids per run). Prints messages per second, ACK
// median / p99 for both, and the job view's calls' median / p95 while the feed runs against an
// idle run of the same calls.
//
//   node bench/hl7-in.mjs [--postgres postgres://postgres@127.0.0.1:5432/quill_hl7in_bench]
//                         [--messages 10000] [--seed 3000] [--seconds 15] [--port 18150]
import { writeFileSync } from 'node:fs';
import net from 'node:net';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { Hl7Message } from '@medplum/core';
import { Hl7Client, Hl7Server } from '@medplum/hl7';
import pg from 'pg';
import { printJobViewComparison, timeJobView } from './lib/jobView.mjs';
import { keptDataDir, preparePostgres } from './lib/postgres.mjs';
import { Client, ensureBuilt, fmt, loadAverage, startServer, stats } from './lib/quill.mjs';

const { values } = parseArgs({
  options: {
    postgres: { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/quill_hl7in_bench' },
    messages: { type: 'string', default: '10000' },
    seed: { type: 'string', default: '3000' },
    seconds: { type: 'string', default: '15' },
    port: { type: 'string', default: '18150' },
  },
});
const MESSAGES = Number(values.messages);
const port = Number(values.port);

ensureBuilt();
const dataDir = keptDataDir(values.postgres);
const env = await preparePostgres(values.postgres, dataDir, { jobs: Number(values.seed) });
const db = new pg.Client({ connectionString: values.postgres });
await db.connect();

// The facility with the most jobs linked to a patient and a visit: the feed's facility.
const [facility] = (
  await db.query(
    `select j.client_facility_id as id, count(*)::int as n from jobs j
     where j.patient_id is not null and j.visit_id is not null group by 1 order by 2 desc limit 1`,
  )
).rows;
const known = (
  await db.query(
    `select distinct p.mrn, p.last_name, p.first_name, v.visit_number from jobs j
     join patients p on p.id = j.patient_id join visits v on v.id = j.visit_id
     where j.client_facility_id = $1 order by p.mrn limit 2000`,
    [facility.id],
  )
).rows;
const viewed = (
  await db.query(
    `select j.id from jobs j where j.client_facility_id = $1 and exists
       (select 1 from document_versions d where d.job_id = j.id and d.format = 'CDA' and not d.is_draft)
     order by j.id limit 50`,
    [facility.id],
  )
).rows.map((r) => r.id);
await db.end();
if (!known.length || !viewed.length)
  throw new Error('no demo jobs with patients and documents: seed more (--seed)');

const hl7Time = (ms) => new Date(ms).toISOString().replace(/[-:T]/g, '').slice(0, 14);
/** The i-th message of a run: A08, A02, A03 on known patients' visits, A01 of a new patient, in turn. */
function message(i, run) {
  const p = known[i % known.length];
  const kind = ['A08', 'A02', 'A03', 'A01'][i % 4];
  const at = hl7Time(Date.UTC(2026, 0, 1) + i * 60_000);
  const patient =
    kind === 'A01'
      ? { mrn: `HL7B${run}${i}`, last: `Bench${i}`, first: 'Feed', visit: `HV${run}${i}` }
      : { mrn: p.mrn, last: p.last_name, first: p.first_name, visit: p.visit_number };
  const pv1 = [
    'PV1',
    '1',
    'I',
    `W${i % 9}^${i % 40}^A`,
    ...Array(40).fill(''),
    kind === 'A01' ? at : '',
    kind === 'A03' ? at : '',
  ];
  return [
    `MSH|^~\\&|BENCH|BENCHHOSP|QUILL|QUILL|${at}||ADT^${kind}^ADT_A01|${run}-${i}|P|2.5.1`,
    `EVN|${kind}|${at}`,
    `PID|1||${patient.mrn}^^^BENCHHOSP^MR||${patient.last}^${patient.first}||19700101|U||||||||||${patient.visit}`,
    pv1.join('|'),
  ].join('\r');
}

/** Replays the messages on one connection, each after the previous ACK; ms per ACK and codes. */
async function replay(mllpPort, run) {
  const client = new Hl7Client({ host: '127.0.0.1', port: mllpPort });
  const ms = [];
  const codes = {};
  const started = performance.now();
  try {
    for (let i = 0; i < MESSAGES; i++) {
      const msg = Hl7Message.parse(message(i, run));
      const t0 = performance.now();
      const ack = await client.sendAndWait(msg, { timeoutMs: 60_000 });
      ms.push(performance.now() - t0);
      const code = ack.getSegment('MSA')?.getField(1).toString() ?? '?';
      codes[code] = (codes[code] ?? 0) + 1;
    }
  } finally {
    await client.close();
  }
  const seconds = (performance.now() - started) / 1000;
  return { ms, codes, seconds, perSecond: MESSAGES / seconds, load: loadAverage() };
}

async function freePort() {
  const s = net.createServer();
  await new Promise((r) => s.listen(0, '127.0.0.1', r));
  const p = s.address().port;
  await new Promise((r) => s.close(r));
  return p;
}

const p99 = (ms) => [...ms].sort((a, b) => a - b)[Math.min(ms.length - 1, Math.floor(0.99 * ms.length))];
const run = Date.now().toString(36).toUpperCase();

// 1. The bare echo server: MLLP framing and parsing, an AA, nothing else.
const echoPort = await freePort();
const echo = new Hl7Server((connection) => {
  connection.addEventListener('message', ({ message: m }) => connection.send(m.buildAck({ ackCode: 'AA' })));
});
echo.start(echoPort);
await new Promise((r) => setTimeout(r, 200));
const bare = await replay(echoPort, `E${run}`);
await echo.stop({ forceDrainTimeoutMs: 100 });

// 2. Quill: idle job view, then the feed with the job view meanwhile.
const mllpPort = await freePort();
const file = join(dataDir, 'hl7-in-bench-interfaces.json');
writeFileSync(
  file,
  JSON.stringify({
    interfaces: [
      {
        name: 'bench-adt',
        direction: 'in',
        host: '127.0.0.1',
        port: mllpPort,
        facilities: [{ hl7Facility: 'BENCHHOSP', clientFacilityId: facility.id }],
        messageTypes: ['ADT'],
      },
    ],
  }),
);
// The job view's reads do not keep a session alive (spec 01's idle timeout): a long feed outlasts 240 s.
const server = await startServer(
  { ...env, HL7_INTERFACES_FILE: file, IN_PROCESS_WORKER: 'false', SESSION_IDLE_SECONDS: '86400' },
  port,
);
let quill;
let idle;
let busy;
try {
  const client = new Client(server.url);
  await client.signIn('manager', 'demo');
  const end = Date.now() + Number(values.seconds) * 1000;
  idle = { ms: await timeJobView(client, viewed, async () => Date.now() > end), load: loadAverage() };
  let feedDone = false;
  const feed = replay(mllpPort, `Q${run}`).finally(() => {
    feedDone = true;
  });
  busy = { ms: await timeJobView(client, viewed, async () => feedDone) };
  quill = await feed;
} finally {
  await server.stop();
}

const line = (label, r) => {
  const s = stats(r.ms);
  return `${label.padEnd(26)} | ${r.perSecond.toFixed(0).padStart(7)} msg/s | ACK median ${fmt(s.median).padStart(9)} | p99 ${fmt(p99(r.ms)).padStart(9)} | max ${fmt(s.max).padStart(9)} | ${Object.entries(
    r.codes,
  )
    .map(([c, n]) => `${c} ${n}`)
    .join(', ')}`;
};
console.log(
  `\nbench/hl7-in — ${MESSAGES} ADT messages (A08/A02/A03 on ${known.length} demo patients with jobs, A01 new), one MLLP connection, PostgreSQL`,
);
console.log(line('bare MLLP echo (AA)', bare));
console.log(line('Quill (log, apply, ACK)', quill));
console.log(`Quill / echo: ${(bare.perSecond / quill.perSecond).toFixed(1)}× the time per message`);
printJobViewComparison(idle.ms, busy.ms, 'the feed');
console.log(`\nload average: echo run ${bare.load}, idle job view ${idle.load}, feed run ${quill.load}`);
