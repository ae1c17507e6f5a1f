// bench/hostile-documents: what the issue 23 and issue 41 probes sent, against the built server on
// PostgreSQL (a database `quill_bench_hostile` with a small demo, seeded the first time and reused
// after, --reseed to seed it again; --pglite for the embedded database). Two phases, each while a second call (the heartbeat) runs every 20 ms:
//  1. hostile uploads, each refused: issue 23's documents and issue 41's (a 7 MB paragraph, 99,950
//     paragraphs) through importDocument, the CSV with a 9.9 MB cell through validateheadings, the
//     corrupt dictations through createwithaudio, and the malformed multipart bodies on every
//     upload route of the endpoint table;
//  2. rendering: documents just within each of core's NARRATIVE_LIMITS are imported, opened
//     (getcda) and downloaded as PDF and RTF.
// Per call: status, time, the slowest heartbeat meanwhile, the server's RSS now and its peak in the
// phase; per phase its peak; at the end the server's peak resident memory against the 512 MB of
// ARCHITECTURE §7. The documents are the server test suite's generators (hence tsx). Usage:
//   node --import tsx bench/hostile-documents.mjs [--rounds 3] [--port 18401]
//        [--postgres postgres://postgres@127.0.0.1:5432/quill_bench_hostile] [--reseed] [--pglite]
import { parseArgs } from 'node:util';
import { allEndpoints } from '@quill/core';
import { corruptAudio, multipartBody } from '../apps/server/src/testing/audioTestKit.ts';
import { cdaFixture } from '../apps/server/src/testing/documents/documentTestKit.ts';
import {
  cdaAttributes,
  cdaDeep,
  cdaLarge,
  cdaParagraphs,
  cdaWith,
  docxBomb,
  fixtureWithNarrative,
  paragraphOfLength,
  paragraphsOf,
} from '../apps/server/src/testing/documents/hostileDocuments.ts';
import { documentsWithinNarrativeLimits } from '../apps/server/src/testing/documents/narrativeLimitDocuments.ts';
import { hugeCellCsv, MALFORMED_MULTIPART } from '../apps/server/src/testing/hostileUploads.ts';
import { keptDataDir, preparePostgres } from './lib/postgres.mjs';
import {
  Client,
  ensureBuilt,
  freshDataDir,
  loadAverage,
  removeDir,
  seed,
  startServer,
  watchMemory,
  withinBudget,
} from './lib/quill.mjs';

const { values } = parseArgs({
  options: {
    rounds: { type: 'string', default: '3' },
    port: { type: 'string', default: '18401' },
    postgres: { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/quill_bench_hostile' },
    pglite: { type: 'boolean', default: false },
    reseed: { type: 'boolean', default: false },
  },
});
const rounds = Number(values.rounds);
const JOBS = 50;
ensureBuilt();
// PGlite on a folder of its own; PostgreSQL's database kept between runs with its folder (the
// refused uploads store nothing, the documents at the limits are new versions of three jobs).
const dataDir = values.pglite ? freshDataDir('hostile') : null;
const env = dataDir
  ? { DATA_DIR: dataDir }
  : await preparePostgres(values.postgres, keptDataDir(values.postgres), {
      jobs: JOBS,
      reseed: values.reseed,
    });
if (dataDir) seed(env, JOBS);
const server = await startServer(env, Number(values.port));
const memory = watchMemory(server.pid);

/** A document as importDocument's form file. */
const documentForm = (bytes, filename, fields = { source: 'engine' }) =>
  multipartBody(fields, [{ filename, bytes }]);

/** The fixture CDA with `narrative` in its first section (issue 41's probe and the limits test). */
const aroundFixture = (narrative) => fixtureWithNarrative(cdaFixture(), narrative);

/** Calls the heartbeat every 20 ms until stopped; answers the slowest round trip. */
function heartbeat(client) {
  let running = true;
  let slowest = 0;
  const loop = (async () => {
    while (running) {
      const t0 = performance.now();
      await (await client.get('/api/heartbeat/Idle')).arrayBuffer();
      slowest = Math.max(slowest, performance.now() - t0);
      await new Promise((r) => setTimeout(r, 20));
    }
  })();
  return async () => {
    running = false;
    await loop;
    return slowest;
  };
}

/** POSTs a body (a form, or a malformed one) with the session's cookies and XSRF token. */
async function post(client, path, { payload, headers }) {
  const res = await fetch(client.base + path, {
    method: 'POST',
    headers: client.headers({ ...headers, 'x-xsrf-token': client.cookies.get('XSRF-TOKEN') }),
    body: payload,
  });
  return answerOf(res);
}

const answerOf = async (res) => ({ status: res.status, body: Buffer.from(await res.arrayBuffer()) });

let lastShown = '';
/**
 * Runs `call` while the heartbeat runs; prints its status, time, the slowest heartbeat and RSS, and
 * the start of a refusal's answer unless the call before answered the same.
 */
async function timed(beat, label, call) {
  const stop = heartbeat(beat);
  const t0 = performance.now();
  const r = await call();
  const ms = performance.now() - t0;
  const slowest = await stop();
  const rss = memory.read();
  console.log(
    `${label.padEnd(64)} ${r.status} in ${ms.toFixed(0).padStart(6)} ms; heartbeat slowest ${slowest.toFixed(0).padStart(5)} ms; RSS ${rss.now} MB (phase peak ${rss.peak} MB)`,
  );
  const shown = r.body.subarray(0, 200).toString();
  if (r.status >= 400 && shown !== lastShown) console.log(`  ${shown}`);
  lastShown = shown;
  return r;
}

function endPhase(name) {
  console.log(`${memory.phaseLine(name)}\n`);
}

try {
  const client = new Client(server.url);
  await client.signIn('manager', 'demo');
  const cs = (await (await client.get('/api/jobs/getusercs')).json())[0].id;
  const cfs = await (await client.get(`/api/settings/cfs/${cs}`)).json();
  const rows = await (await client.get(`/api/jobs/alljobs?corpId=${cs}&cfs=${cfs.join(',')}`)).json();
  const jobId = rows[0].jobId;
  const facility = (await (await client.get('/api/audio/createoptions')).json())[0].id;
  const choices = await (await client.get(`/api/audio/createoptions/${facility}`)).json();
  const audioFields = {
    clientFacilityId: String(facility),
    dictatorId: String(choices.dictators[0].id),
    workTypeId: String(choices.workTypes[0].id),
  };
  const importPath = `/api/job/importDocument/${jobId}`;
  const uploadRoutes = allEndpoints()
    .filter((e) => e.consumes === 'multipart/form-data')
    .map((e) => e.path.replace(/\{\w+\}/g, String(jobId)));

  const CASES = [
    [
      '.docx whose document.xml unpacks to 60 MB (60 KB)',
      importPath,
      () => documentForm(docxBomb(), 'document.docx'),
    ],
    ['CDA of 1,000,000 paragraphs (15 MB)', importPath, () => documentForm(cdaParagraphs(), 'document.xml')],
    ['CDA with 200,000 attributes', importPath, () => documentForm(cdaAttributes(), 'document.xml')],
    ['CDA nested 200,000 deep', importPath, () => documentForm(cdaDeep(), 'document.xml')],
    ['CDA of 15 MB', importPath, () => documentForm(cdaLarge(), 'document.xml')],
    // Issue 41's probe.
    [
      'CDA of one 7 MB paragraph',
      importPath,
      () => documentForm(aroundFixture(paragraphOfLength(7 * 1024 * 1024)), 'document.xml'),
    ],
    [
      'CDA of 99,950 paragraphs',
      importPath,
      () => documentForm(cdaWith(paragraphsOf(99_950)), 'document.xml'),
    ],
    [
      'CSV whose one cell holds 9.9 MB (validateheadings)',
      '/api/schedule/validateheadings',
      () =>
        multipartBody({ companyId: String(cfs[0]), mshActionType: '0' }, [
          { filename: 'schedule.csv', bytes: hugeCellCsv() },
        ]),
    ],
    ...corruptAudio().map((a) => [
      `${a.name} (createwithaudio)`,
      '/api/audio/createwithaudio',
      () => multipartBody(audioFields, [{ filename: 'dictation.wav', bytes: a.bytes }]),
    ]),
    ...MALFORMED_MULTIPART.flatMap((m) =>
      uploadRoutes.map((path) => [
        `${m.name} to ${path.replace(/^\/api\//, '')}`,
        path,
        () => ({ payload: m.body, headers: { 'content-type': m.type } }),
      ]),
    ),
  ];

  const idle = heartbeat(client);
  await new Promise((r) => setTimeout(r, 1000));
  console.log(`\nheartbeat alone: slowest ${(await idle()).toFixed(0)} ms over 1 s`);
  console.log(`server resident memory before: ${memory.read().now} MB\n`);

  // The same session calls the heartbeat (a second sign-in of the user would end the first).
  memory.phase();
  for (const [label, path, make] of CASES) {
    const body = make();
    for (let i = 0; i < rounds; i++) await timed(client, label, () => post(client, path, body));
  }
  endPhase('Phase 1, hostile uploads refused');

  memory.phase();
  const within = documentsWithinNarrativeLimits(cdaFixture());
  for (const [k, [limit, bytes]] of within.entries()) {
    const job = rows[k + 1].jobId;
    // The fixture names its own patient (issue 40): the import is confirmed.
    const form = documentForm(bytes, 'document.xml', {
      source: 'engine',
      confirmPatientReason: 'Bench of the narrative limits',
    });
    const label = `just within ${limit} (${(bytes.length / 1e6).toFixed(1)} MB)`;
    await timed(client, `${label}: import`, () => post(client, `/api/job/importDocument/${job}`, form));
    for (let i = 0; i < rounds; i++) {
      for (const [what, path] of [
        ['getcda', `/api/job/getcda?jobId=${job}`],
        ['PDF', `/api/file/download/${job}.pdf`],
        ['RTF', `/api/file/download/${job}.rtf`],
      ]) {
        await timed(client, `${label}: ${what}`, async () => answerOf(await client.get(path)));
      }
    }
  }
  endPhase('Phase 2, rendering documents at the narrative limits');

  console.log(
    `Server peak resident memory (${values.pglite ? 'PGlite' : 'PostgreSQL'}): ${withinBudget(memory.overallMB())}`,
  );
  console.log(`load average: ${loadAverage()}`);
} finally {
  memory.stop();
  await server.stop();
  if (dataDir) removeDir(dataDir);
}
