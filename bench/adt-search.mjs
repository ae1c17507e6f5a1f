// bench/adt-search: searchadt (spec 02 §7) on 1,000,000 patients. Seeds the demo into an empty
// PostgreSQL database, adds --patients patients (1–3 visits each, an order on every other visit)
// to the large corporate structure and 10,000 to the small one with the same make-up, then times
// searches by last-name prefix, MRN, date of birth and visit number through the API on both: the
// server's own time (Server-Timing) and the loopback round trip, medians of --runs calls. The
// 10,000-patient structure and getjobversion are the baselines of the same run. Usage:
//   node bench/adt-search.mjs --postgres postgres://postgres@127.0.0.1:5432/an_empty_db [--patients 1000000]
import { parseArgs } from 'node:util';
import pg from 'pg';
import { Client, ensureBuilt, fmt, freshDataDir, removeDir, seed, startServer, stats } from './lib/quill.mjs';

const { values } = parseArgs({
  options: {
    postgres: { type: 'string' },
    patients: { type: 'string', default: '1000000' },
    runs: { type: 'string', default: '30' },
  },
});
if (!values.postgres) throw new Error('--postgres postgres://…/an_empty_database is required');
const total = Number(values.patients);
const runs = Number(values.runs);
const SMALL = 10_000;

// 60 stems × 20 endings: 1,200 surnames, about 830 patients each at 1,000,000.
const STEMS = `Abb Ad Al And Ash Bak Bar Bel Ben Bl Br Cal Car Ch Cl Col Cr Dal Dan Den Dr Ed El Em Fa Fl
  Fr Gar Gl Gr Hal Har Hen Hol Hu Jac Jen Kel Kow Lan Lar Mac Mar Mil Mor Nel Nor Ol Par Pet Ro Sal Sch
  Sh St Tay Th Val Wal Wil`.split(/\s+/);
const ENDINGS = 'son sen er ley ton man ford ez ini ski ova ard well ing ick ett ham ore by ens'.split(' ');
const FIRST = `Anna Ben Carla David Elena Frank Grace Henry Iris Jack Karen Leo Maria Noah Olivia Paul Quinn
  Rosa Sam Tara Uma Victor Wendy Xavier Yara Zoe`.split(/\s+/);
const sqlArray = (xs) => `array[${xs.map((x) => `'${x}'`).join(',')}]`;

/** Inserts `count` patients into a structure, with visits and orders, in three INSERT … SELECTs. */
async function addPatients(db, structureId, count, tag) {
  const t0 = performance.now();
  // A multiplicative hash of the row number picks the stem, the ending, the first name and the
  // birthday from independent parts of it, so every combination occurs and neighbours differ.
  await db.query(
    `insert into patients (corporate_structure_id, mrn, last_name, first_name, date_of_birth, sex)
     select $1, $2 || lpad(g::text, 8, '0'),
       (${sqlArray(STEMS)})[1 + h % ${STEMS.length}] || (${sqlArray(ENDINGS)})[1 + (h / ${STEMS.length}) % ${ENDINGS.length}],
       (${sqlArray(FIRST)})[1 + (h / ${STEMS.length * ENDINGS.length}) % ${FIRST.length}],
       date '1925-01-01' + ((h / ${STEMS.length * ENDINGS.length * FIRST.length}) % 36500)::int,
       case when g % 2 = 0 then 'F' else 'M' end
     from generate_series(1, $3) g, lateral (select (g::bigint * 2654435761) % 4294967296 as h) hash`,
    [structureId, `${tag}M`, count],
  );
  await db.query(
    `insert into visits (patient_id, visit_number, patient_class, admitted_at, discharged_at)
     select p.id, $2 || p.id || '-' || n, (array['I','O','E'])[1 + (p.id + n) % 3],
       timestamptz '2026-01-01' - make_interval(days => ((p.id * 31 + n * 97) % 900)),
       timestamptz '2026-01-01' - make_interval(days => ((p.id * 31 + n * 97) % 900) - 2)
     from patients p cross join lateral generate_series(1, 1 + p.id % 3) n
     where p.corporate_structure_id = $1 and p.mrn like $3`,
    [structureId, `${tag}V`, `${tag}M%`],
  );
  await db.query(
    `insert into orders (visit_id, order_number, description, ordered_at)
     select v.id, $2 || v.id, (array['Chest X-ray','Complete blood count','MRI brain','Echocardiogram'])[1 + v.id % 4],
       v.admitted_at + interval '3 hours'
     from visits v join patients p on p.id = v.patient_id
     where p.corporate_structure_id = $1 and p.mrn like $3 and v.id % 2 = 0`,
    [structureId, `${tag}O`, `${tag}M%`],
  );
  return (performance.now() - t0) / 1000;
}

/** The server's own time of an answer (its `Server-Timing: app;dur=…` header), in ms. */
function serverTime(res) {
  const dur = /app;dur=([\d.]+)/.exec(res.headers.get('server-timing') ?? '');
  if (!dur) throw new Error('the answer has no Server-Timing header');
  return Number(dur[1]);
}

/** `runs` calls (after 3 warm-ups): medians of server and round-trip time, and the last answer. */
async function time(call) {
  let body;
  const server = [];
  const roundTrip = [];
  for (let i = 0; i < runs + 3; i++) {
    const t0 = performance.now();
    const res = await call();
    body = await res.json();
    if (!res.ok) throw new Error(`${res.status} ${JSON.stringify(body)}`);
    if (i < 3) continue;
    roundTrip.push(performance.now() - t0);
    server.push(serverTime(res));
  }
  return { server: stats(server), roundTrip: stats(roundTrip), body };
}

const dataDir = freshDataDir('adtsearch');
const env = { DATA_DIR: dataDir, DATABASE_URL: values.postgres };
ensureBuilt();
console.log('Seeding the demo (200 jobs)…');
const seedSeconds = seed(env, 200);
const db = new pg.Client({ connectionString: values.postgres });
await db.connect();
const structures = (
  await db.query(
    `select p.corporate_structure_id id, count(*)::int n from patients p group by 1 order by n desc`,
  )
).rows;
const [big, small] = structures;
console.log(`Adding ${total} patients to structure ${big.id} and ${SMALL} to structure ${small.id}…`);
const bulkSeconds =
  (await addPatients(db, big.id, total, 'B')) + (await addPatients(db, small.id, SMALL, 'S'));
const vacuumT0 = performance.now();
await db.query('vacuum analyze patients, visits, orders');
const vacuumSeconds = (performance.now() - vacuumT0) / 1000;
const counts = (
  await db.query(
    `select (select count(*) from patients)::int patients, (select count(*) from visits)::int visits,
       (select count(*) from orders)::int orders`,
  )
).rows[0];

/** A job of the structure whose facility offers searches, and the searches by their fields. */
async function setUp(structureId, tag) {
  const { rows } = await db.query(
    `select j.id job, j.client_facility_id cf from jobs j
     where j.corporate_structure_id = $1
       and exists (select 1 from adt_search_configurations c where c.client_facility_id = j.client_facility_id)
     order by j.id limit 1`,
    [structureId],
  );
  // bigint ids come back from pg as text.
  const [job, cf] = [Number(rows[0].job), Number(rows[0].cf)];
  const searches = (
    await db.query(
      'select identifier, search_fields from adt_search_configurations where client_facility_id = $1',
      [cf],
    )
  ).rows;
  const searchOf = (key) => {
    for (const s of searches) {
      const f = s.search_fields.find(
        (x) => `${x.hl7Identifier.segment}.${x.hl7Identifier.field}.${x.hl7Identifier.component}` === key,
      );
      if (f) return { identifier: s.identifier, hl7Identifier: f.hl7Identifier };
    }
    throw new Error(`facility ${cf} has no search with ${key}`);
  };
  // A patient halfway through the bulk rows, and one of its visits.
  const { rows: p } = await db.query(
    `select p.mrn, p.last_name, p.date_of_birth::text dob, v.visit_number from patients p
     join visits v on v.patient_id = p.id where p.mrn = $1 limit 1`,
    [`${tag}M${String(Math.floor((tag === 'B' ? total : SMALL) / 2)).padStart(8, '0')}`],
  );
  return { job, cf, searchOf, patient: p[0] };
}

const server = await startServer(env, 18183);
try {
  const client = new Client(server.url);
  await client.signIn('manager', 'demo');
  const search = (ctx, key, value) => {
    const { identifier, hl7Identifier } = ctx.searchOf(key);
    return () =>
      client.post('/api/job/searchadt', {
        companyId: ctx.cf,
        jobId: ctx.job,
        identifier,
        inputAdtData: [{ hl7Identifier, value }],
      });
  };
  const cases = (ctx) => [
    [
      `last-name prefix "${ctx.patient.last_name.slice(0, 5)}"`,
      search(ctx, 'PID.5.1', ctx.patient.last_name.slice(0, 5)),
    ],
    [
      `last-name prefix "${ctx.patient.last_name.slice(0, 2)}" (2 letters)`,
      search(ctx, 'PID.5.1', ctx.patient.last_name.slice(0, 2)),
    ],
    ['MRN', search(ctx, 'PID.3.1', ctx.patient.mrn)],
    ['date of birth', search(ctx, 'PID.7.1', ctx.patient.dob)],
    ['visit number', search(ctx, 'PID.18.1', ctx.patient.visit_number)],
  ];
  const bigCtx = await setUp(big.id, 'B');
  const smallCtx = await setUp(small.id, 'S');
  const version = await time(() => client.get(`/api/job/getjobversion?jobId=${bigCtx.job}`));
  const rows = [];
  for (const [[name, bigCall], [, smallCall]] of cases(bigCtx).map((c, i) => [c, cases(smallCtx)[i]])) {
    const b = await time(bigCall);
    const s = await time(smallCall);
    rows.push({ name, b, s });
  }
  const found = (r) => `${r.body.patient.length}${r.body.truncated ? '+' : ''}`;
  console.log(
    `\nbench/adt-search (PostgreSQL; ${counts.patients} patients, ${counts.visits} visits, ${counts.orders} orders)`,
  );
  console.log(
    `  demo seed ${seedSeconds.toFixed(1)} s; bulk patients ${bulkSeconds.toFixed(1)} s; vacuum analyze ${vacuumSeconds.toFixed(1)} s`,
  );
  console.log(
    `  ${runs} calls each after 3 warm-ups; server time (Server-Timing) median / p95, round trip median`,
  );
  console.log(
    `  | search | patients found | ${big.n + total} patients: server | round trip | ${small.n + SMALL} patients: server | round trip |`,
  );
  for (const { name, b, s } of rows) {
    console.log(
      `  | ${name} | ${found(b)} / ${found(s)} | ${fmt(b.server.median)} / ${fmt(b.server.p95)} | ${fmt(b.roundTrip.median)} | ${fmt(s.server.median)} / ${fmt(s.server.p95)} | ${fmt(s.roundTrip.median)} |`,
    );
  }
  console.log(
    `  | getjobversion (baseline) | — | ${fmt(version.server.median)} / ${fmt(version.server.p95)} | ${fmt(version.roundTrip.median)} | | |`,
  );
} finally {
  await server.stop();
  await db.end();
  removeDir(dataDir);
}
