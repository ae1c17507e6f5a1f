// The job view's calls, timed one after another on a set of jobs (bench/distribution, bench/hl7-in).
import { fmt, stats } from './quill.mjs';

export const JOB_VIEW_CALLS = [
  ['GetJobDetails', (id) => `/api/job/GetJobDetails?jobId=${id}`],
  ['getjobdata', (id) => `/api/job/getjobdata?jobId=${id}`],
  ['getcda', (id) => `/api/job/getcda?jobId=${id}`],
  ['GetDocumentAvailability', (id) => `/api/job/GetDocumentAvailability?jobId=${id}`],
  ['deliveries', (id) => `/api/jobs/deliveries?jobId=${id}`],
];

/** The job view's calls one after another on `jobIds` (in turn) until `done()`; ms per call name. */
export async function timeJobView(client, jobIds, done) {
  const ms = Object.fromEntries(JOB_VIEW_CALLS.map(([name]) => [name, []]));
  let beat = Date.now();
  for (let i = 0; !(await done()); i++) {
    // The web app's heartbeat keeps the session (SESSION_IDLE_SECONDS); not timed.
    if (Date.now() - beat > 60_000) {
      await (await client.get('/api/heartbeat/Active')).arrayBuffer();
      beat = Date.now();
    }
    const id = jobIds[i % jobIds.length];
    for (const [name, url] of JOB_VIEW_CALLS) {
      const t0 = performance.now();
      const res = await client.get(url(id));
      await res.arrayBuffer();
      if (!res.ok) throw new Error(`${name} answered ${res.status}`);
      ms[name].push(performance.now() - t0);
    }
  }
  return ms;
}

/** Prints the calls' counts, medians and p99 of an idle run beside a busy one (`busy`: the busy run's name). */
export function printJobViewComparison(idle, busyMs, busy) {
  console.log(`\njob view calls (one after another), idle vs during ${busy}:`);
  console.log(
    'call                     |   n idle | idle p50 | idle p99 |   n busy | busy p50 | busy p99 | p50 ratio | p99 ratio',
  );
  for (const [name] of JOB_VIEW_CALLS) {
    const a = stats(idle[name]);
    const b = stats(busyMs[name]);
    console.log(
      `${name.padEnd(24)} | ${String(idle[name].length).padStart(8)} | ${fmt(a.median).padStart(8)} | ${fmt(a.p99).padStart(8)} | ${String(busyMs[name].length).padStart(8)} | ${fmt(b.median).padStart(8)} | ${fmt(b.p99).padStart(8)} | ${(b.median / a.median).toFixed(2).padStart(9)} | ${(b.p99 / a.p99).toFixed(2).padStart(9)}`,
    );
  }
}
