// bench/physician-search: SearchPhysicians by search type (spec 02 §7, issue 21) on 100,000
// physicians in one corporate structure. Creates its own PostgreSQL database on the given server,
// seeds the demo (200 jobs), adds --physicians physicians to the big structure (80 % spread over
// its client facilities, 20 % structure-wide; 65 % dictate), then times the searches the Physician
// modal and the Document Details card make through the API: the server's own time (Server-Timing)
// and the loopback round trip, median and p95 of --runs rounds that call every search in turn.
// getjobversion, called in the same rounds, is the baseline. Drops its database at the end (--keep leaves it, for EXPLAIN). Usage:
//   node bench/physician-search.mjs [--postgres postgres://postgres@127.0.0.1:5432/postgres]
//     [--physicians 100000] [--runs 30] [--keep]
import { randomBytes } from 'node:crypto';
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { Client, ensureBuilt, fmt, freshDataDir, removeDir, seed, startServer, stats } from './lib/quill.mjs';

const { values } = parseArgs({
  options: {
    postgres: { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/postgres' },
    physicians: { type: 'string', default: '100000' },
    runs: { type: 'string', default: '30' },
    keep: { type: 'boolean', default: false },
  },
});
const total = Number(values.physicians);
const runs = Number(values.runs);

// 60 stems × 20 endings: 1,200 surnames, about 83 physicians each at 100,000.
const STEMS = `Abb Ad Al And Ash Bak Bar Bel Ben Bl Br Cal Car Ch Cl Col Cr Dal Dan Den Dr Ed El Em Fa Fl
  Fr Gar Gl Gr Hal Har Hen Hol Hu Jac Jen Kel Kow Lan Lar Mac Mar Mil Mor Nel Nor Ol Par Pet Ro Sal Sch
  Sh St Tay Th Val Wal Wil`.split(/\s+/);
const ENDINGS = 'son sen er ley ton man ford ez ini ski ova ard well ing ick ett ham ore by ens'.split(' ');
const FIRST = `Anna Ben Carla David Elena Frank Grace Henry Iris Jack Karen Leo Maria Noah Olivia Paul Quinn
  Rosa Sam Tara Uma Victor Wendy Xavier Yara Zoe`.split(/\s+/);
const SPECIALTIES =
  `Internal Medicine|Family Medicine|Cardiology|General Surgery|Orthopedic Surgery|Pulmonology|
  Gastroenterology|Nephrology|Endocrinology|Neurology|Psychiatry|Obstetrics and Gynecology|Pediatrics|
  Radiology|Oncology|Dermatology|Urology|Emergency Medicine|Anesthesiology|Rheumatology`
    .split('|')
    .map((s) => s.trim());
const sqlArray = (xs) => `array[${xs.map((x) => `'${x}'`).join(',')}]`;

/** Inserts `count` physicians into the structure in one INSERT … SELECT. */
async function addPhysicians(db, structureId, count) {
  const t0 = performance.now();
  const facilities = (
    await db.query('select id from client_facilities where corporate_structure_id = $1 order by id', [
      structureId,
    ])
  ).rows.map((r) => Number(r.id));
  // A multiplicative hash of the row number picks the stem, the ending, the first name and the
  // specialty from independent parts of it, so every combination occurs and neighbours differ.
  await db.query(
    `insert into physicians (corporate_structure_id, client_facility_id, first_name, last_name,
       access_code, specialty, fax, is_dictator, distribution_method)
     select $1,
       case when g % 5 = 0 then null else (${sqlArray(facilities)}::int[])[1 + g % ${facilities.length}] end,
       (${sqlArray(FIRST)})[1 + (h / ${STEMS.length * ENDINGS.length}) % ${FIRST.length}],
       (${sqlArray(STEMS)})[1 + h % ${STEMS.length}] || (${sqlArray(ENDINGS)})[1 + (h / ${STEMS.length}) % ${ENDINGS.length}],
       'BX' || lpad(g::text, 6, '0'),
       (${sqlArray(SPECIALTIES)})[1 + (h / 7919) % ${SPECIALTIES.length}],
       '201 555 ' || lpad((g % 10000)::text, 4, '0'),
       g % 20 < 13,
       'fax'
     from generate_series(1, $2) g, lateral (select (g::bigint * 2654435761) % 4294967296 as h) hash`,
    [structureId, count],
  );
  return (performance.now() - t0) / 1000;
}

/** The server's own time of an answer (its `Server-Timing: app;dur=…` header), in ms. */
function serverTime(res) {
  const dur = /app;dur=([\d.]+)/.exec(res.headers.get('server-timing') ?? '');
  if (!dur) throw new Error('the answer has no Server-Timing header');
  return Number(dur[1]);
}

/**
 * `runs` rounds (after 3 warm-up rounds), each calling every case once in turn, so the machine's
 * load drifts over all of them alike: per case the server and round-trip times and the last answer.
 */
async function timeInTurn(calls) {
  const out = calls.map(() => ({ server: [], roundTrip: [], body: undefined }));
  for (let round = 0; round < runs + 3; round++) {
    for (const [i, call] of calls.entries()) {
      const t0 = performance.now();
      const res = await call();
      const body = await res.json();
      if (!res.ok) throw new Error(`${res.status} ${JSON.stringify(body)}`);
      out[i].body = body;
      if (round < 3) continue;
      out[i].roundTrip.push(performance.now() - t0);
      out[i].server.push(serverTime(res));
    }
  }
  return out.map((o) => ({ server: stats(o.server), roundTrip: stats(o.roundTrip), body: o.body }));
}

const dbName = `quill_bench_physicians_${randomBytes(4).toString('hex')}`;
const admin = new pg.Client({ connectionString: values.postgres });
await admin.connect();
await admin.query(`create database ${dbName}`);
const url = new URL(values.postgres);
url.pathname = `/${dbName}`;
const dataDir = freshDataDir('physiciansearch');
const env = { DATA_DIR: dataDir, DATABASE_URL: url.toString() };
const db = new pg.Client({ connectionString: url.toString() });
let server;
try {
  ensureBuilt();
  console.log(`Seeding the demo (200 jobs) into ${dbName}…`);
  const seedSeconds = seed(env, 200);
  await db.connect();
  const [big] = (
    await db.query(
      'select corporate_structure_id id, count(*)::int n from physicians group by 1 order by n desc limit 1',
    )
  ).rows;
  console.log(`Adding ${total} physicians to structure ${big.id}…`);
  const bulkSeconds = await addPhysicians(db, big.id, total);
  const vacuumT0 = performance.now();
  await db.query('vacuum analyze physicians');
  const vacuumSeconds = (performance.now() - vacuumT0) / 1000;
  const inStructure = Number(
    (await db.query('select count(*) n from physicians where corporate_structure_id = $1', [big.id])).rows[0]
      .n,
  );
  const { rows } = await db.query(
    'select id, client_facility_id cf from jobs where corporate_structure_id = $1 order by id limit 1',
    [big.id],
  );
  // bigint ids come back from pg as text.
  const [job, cf] = [Number(rows[0].id), Number(rows[0].cf)];
  const mid = (
    await db.query(`select last_name, first_name, access_code from physicians where access_code = $1`, [
      `BX${String(Math.floor(total / 2)).padStart(6, '0')}`,
    ])
  ).rows[0];

  server = await startServer(env, 18184);
  const client = new Client(server.url);
  await client.signIn('manager', 'demo');
  const search = (type, query) => () =>
    client.get(
      `/api/jobs/SearchPhysicians?${new URLSearchParams({ physicianSearchType: String(type), companyId: String(cf), ...query })}`,
    );
  const cases = [
    [
      `DICTATOR 0, last name "${mid.last_name.slice(0, 1)}" (1 letter)`,
      search(0, { lastName: mid.last_name.slice(0, 1) }),
    ],
    [
      `DICTATOR 0, last name "${mid.last_name.slice(0, 2)}" (2 letters)`,
      search(0, { lastName: mid.last_name.slice(0, 2) }),
    ],
    [
      `CCLIST 3, last name "${mid.last_name.slice(0, 1)}" (1 letter)`,
      search(3, { lastName: mid.last_name.slice(0, 1) }),
    ],
    [
      `CCLIST 3, text "${mid.last_name.slice(0, 1)}" (1 letter, any field)`,
      search(3, { q: mid.last_name.slice(0, 1) }),
    ],
    [
      `CCLIST 3, text "${mid.last_name.slice(0, 2)}" (2 letters, any field)`,
      search(3, { q: mid.last_name.slice(0, 2) }),
    ],
    [
      `ADT 2, text "${mid.last_name}, ${mid.first_name.slice(0, 2)}"`,
      search(2, { q: `${mid.last_name}, ${mid.first_name.slice(0, 2)}` }),
    ],
    [`NAME_INSERT 4, text "${mid.access_code}" (access code)`, search(4, { q: mid.access_code })],
    ['DICTATED_FOR 1, access code "BX0500" (prefix)', search(1, { accessCode: 'BX0500' })],
    ['CCLIST 3, specialty "card"', search(3, { specialty: 'card' })],
    ['CCLIST 3, text "card" (any field)', search(3, { q: 'card' })],
  ];
  const timed = await timeInTurn([
    () => client.get(`/api/job/getjobversion?jobId=${job}`),
    ...cases.map(([, call]) => call),
  ]);
  const version = timed[0];
  const measured = cases.map(([name], i) => ({ name, r: timed[i + 1] }));
  const load = loadavg()
    .map((x) => x.toFixed(2))
    .join(' / ');

  console.log(`\nbench/physician-search (PostgreSQL; ${inStructure} physicians in structure ${big.id})`);
  console.log(
    `  demo seed ${seedSeconds.toFixed(1)} s; bulk physicians ${bulkSeconds.toFixed(1)} s; vacuum analyze ${vacuumSeconds.toFixed(1)} s; load average (1/5/15 min) ${load}`,
  );
  console.log(
    `  ${runs} rounds of every call in turn after 3 warm-up rounds; server time (Server-Timing) median / p95, round trip median`,
  );
  console.log('  | search | physicians answered | server median / p95 | round trip median |');
  for (const { name, r } of measured) {
    console.log(
      `  | ${name} | ${r.body.length} | ${fmt(r.server.median)} / ${fmt(r.server.p95)} | ${fmt(r.roundTrip.median)} |`,
    );
  }
  console.log(
    `  | getjobversion (baseline) | — | ${fmt(version.server.median)} / ${fmt(version.server.p95)} | ${fmt(version.roundTrip.median)} |`,
  );
} finally {
  await server?.stop();
  await db.end().catch(() => undefined);
  removeDir(dataDir);
  if (values.keep) console.log(`Kept database ${dbName}`);
  else await admin.query(`drop database if exists ${dbName} with (force)`);
  await admin.end();
}
