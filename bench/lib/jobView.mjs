// The job view's calls, timed one after another on a set of jobs (bench/distribution, bench/hl7-in).

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
  for (let i = 0; !(await done()); i++) {
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
