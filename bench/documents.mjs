// bench/documents: document downloads in a warm server. Seeds a small demo, imports one long CDA
// (≈ 20 pages) through POST /api/job/importDocument/{jobId}, then times over loopback: a one-page
// PDF, the 20-page PDF, FormatMultiplePdfJobs with cover sheets, and Jobs.zip of 10 documents (PDF
// and RTF); prints median and p95 and the server's peak resident memory. Usage:
//   node bench/documents.mjs [--jobs 300] [--rounds 30] [--postgres postgres://…/db]
// With --corpus it times rendering the corpus test's C-CDA documents instead, beside a baseline
// commit (bench/documents-corpus.mjs): node bench/documents.mjs --corpus [--baseline <commit>]
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { PDFDocument } from 'pdf-lib';
import {
  Client,
  ensureBuilt,
  fmt,
  freshDataDir,
  removeDir,
  residentMemoryMB,
  root,
  seed,
  startServer,
  stats,
} from './lib/quill.mjs';

if (process.argv.includes('--corpus')) {
  await import('./documents-corpus.mjs');
  process.exit(0);
}

const { values } = parseArgs({
  options: {
    jobs: { type: 'string', default: '300' },
    rounds: { type: 'string', default: '30' },
    postgres: { type: 'string' },
  },
});
const rounds = Number(values.rounds);
ensureBuilt();
const dataDir = freshDataDir('documents');
const env = { DATA_DIR: dataDir, ...(values.postgres ? { DATABASE_URL: values.postgres } : {}) };
const engine = values.postgres ? 'PostgreSQL' : 'PGlite';
console.log(`Seeding ${values.jobs} jobs on ${engine}…`);
seed(env, Number(values.jobs));
const server = await startServer(env, 18182);

const pagesOf = async (bytes) => (await PDFDocument.load(bytes, { updateMetadata: false })).getPageCount();

/** Times `rounds` calls after `warm` untimed ones; every answer must be 200. */
async function time(label, client, path, n = rounds, warm = 3) {
  const ms = [];
  let bytes = 0;
  for (let i = 0; i < warm + n; i++) {
    const t0 = performance.now();
    const res = await client.get(path);
    const body = Buffer.from(await res.arrayBuffer());
    const took = performance.now() - t0;
    if (res.status !== 200) throw new Error(`${label}: ${res.status} ${body.toString().slice(0, 200)}`);
    if (i >= warm) ms.push(took);
    bytes = body.length;
  }
  return { label, bytes, ...stats(ms) };
}

/** A CDA of about `pages` pages: the Progress Note fixture with its sections repeated. */
function longCda(repeat) {
  const xml = readFileSync(
    join(root, 'apps', 'server', 'src', 'testing', 'fixtures', 'cda', 'Progress_Note.xml'),
    'utf8',
  );
  const open = xml.indexOf('<structuredBody>') + '<structuredBody>'.length;
  const close = xml.indexOf('</structuredBody>');
  const sections = xml.slice(open, close);
  return xml.slice(0, open) + sections.repeat(repeat) + xml.slice(close);
}

async function importCda(client, jobId, xml) {
  const form = new FormData();
  // The fixture names its own patient, not the demo job's (issue 40): the import is confirmed.
  form.append('confirmPatientReason', 'Benchmark document');
  form.append('file', new Blob([xml], { type: 'text/xml' }), 'long.xml');
  const res = await fetch(`${client.base}/api/job/importDocument/${jobId}`, {
    method: 'POST',
    headers: client.headers({ 'x-xsrf-token': client.cookies.get('XSRF-TOKEN') }),
    body: form,
  });
  if (res.status !== 201) throw new Error(`import ${res.status} ${await res.text()}`);
}

try {
  const client = new Client(server.url);
  await client.signIn('manager', 'demo');
  const structures = await (await client.get('/api/jobs/getusercs')).json();
  const cs = structures[0].id;
  const cfs = await (await client.get(`/api/settings/cfs/${cs}`)).json();
  const rows = await (await client.get(`/api/jobs/alljobs?corpId=${cs}&cfs=${cfs.join(',')}`)).json();

  // Jobs whose PDF renders here (CDA; Word needs LibreOffice), with their page counts.
  const withPdf = [];
  for (const row of rows) {
    if (withPdf.length >= 40) break;
    const res = await client.get(`/api/file/download/${row.jobId}.pdf`);
    if (res.status !== 200) {
      await res.arrayBuffer();
      continue;
    }
    withPdf.push({ jobId: row.jobId, pages: await pagesOf(Buffer.from(await res.arrayBuffer())) });
  }
  const onePage = withPdf.find((j) => j.pages === 1);
  if (!onePage) throw new Error('no demo job renders to one page');
  const ten = withPdf.filter((j) => j !== onePage).slice(0, 10);

  // The long document goes into a job outside the ten.
  const target = rows.find((r) => !withPdf.some((j) => j.jobId === r.jobId)) ?? rows.at(-1);
  let repeat = 6;
  let longPages = 0;
  for (let attempt = 0; attempt < 6; attempt++) {
    await importCda(client, target.jobId, longCda(repeat));
    const res = await client.get(`/api/file/download/${target.jobId}.pdf`);
    longPages = await pagesOf(Buffer.from(await res.arrayBuffer()));
    if (longPages >= 19 && longPages <= 22) break;
    repeat = Math.max(1, Math.round((repeat * 20) / longPages));
  }

  const ids = ten.map((j) => `jobIds=${j.jobId}`).join('&');
  const results = [
    await time(`one-page PDF (job ${onePage.jobId})`, client, `/api/file/download/${onePage.jobId}.pdf`),
    await time(`one-page RTF (job ${onePage.jobId})`, client, `/api/file/Download/${onePage.jobId}.rtf`),
    await time(
      `${longPages}-page PDF (job ${target.jobId})`,
      client,
      `/api/file/download/${target.jobId}.pdf`,
      15,
    ),
    await time(
      `copies: 10 jobs, type 1, cover sheets, duplex`,
      client,
      `/api/file/FormatMultiplePdfJobs/1/true/true?${ids}`,
      15,
    ),
    await time(
      `Jobs.zip of 10 PDFs (${ten.reduce((n, j) => n + j.pages, 0)} pages)`,
      client,
      `/api/file/BulkDownload?${ids}&format=pdf`,
      15,
    ),
    await time('Jobs.zip of 10 RTFs', client, `/api/file/BulkDownload?${ids}&format=rtf`, 15),
  ];
  const rss = residentMemoryMB(server.pid);
  console.log(`\nbench/documents (${engine}, ${values.jobs} demo jobs; loopback round trips, warm server)`);
  for (const r of results) {
    console.log(
      `  ${r.label.padEnd(48)} median ${fmt(r.median).padStart(9)}, p95 ${fmt(r.p95).padStart(9)}  (${Math.round(r.bytes / 1024)} KiB)`,
    );
  }
  console.log(`  server resident memory: ${rss.now} MB now, ${rss.peak} MB peak`);
  console.log(
    `  load average during the run: ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' / ')} (1 / 5 / 15 min)`,
  );
} finally {
  await server.stop();
  removeDir(dataDir);
}
