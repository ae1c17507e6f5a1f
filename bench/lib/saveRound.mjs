// The save round trip of the job editor (book out → savejob → release), for the benches that save.

/** The fields of getjobdata's answer that savejob does not take back. */
const DERIVED_JOB_DATA = [
  'stageId',
  'companyId',
  'componentType',
  'isPreTranscription',
  'version',
  'workType',
  'holdQueueFlags',
  'recipients',
];

/** Releases a booking; the release names the job as cancelbooking requires (without it: 400, booked still). */
const release = (client, jobId, bookingCookie) =>
  client.post(`/api/job/cancelbooking?jobId=${jobId}&bookingCookie=${encodeURIComponent(bookingCookie)}`);

/**
 * Up to `count` of `jobs` ({ id }) that the client's account can book, each with what savejob takes
 * back: its job data (as the web app posts it) and version. A Finished or Cancelled job answers 409
 * by design and is passed over.
 */
export async function bookableJobs(client, jobs, count) {
  const mine = [];
  for (const j of jobs) {
    if (mine.length === count) break;
    const probe = await client.post('/api/job/bookoutjob', { jobId: j.id });
    if (probe.status === 409) {
      await probe.arrayBuffer();
      continue;
    }
    if (!probe.ok) throw new Error(`bookoutjob ${j.id} answered ${probe.status}`);
    const released = await release(client, j.id, (await probe.json()).bookingCookie);
    if (!(await released.json()).success)
      throw new Error(`cancelbooking ${j.id} answered ${released.status}`);
    const d = await (await client.get(`/api/job/getjobdata?jobId=${j.id}`)).json();
    const body = Object.fromEntries(Object.entries(d).filter(([k]) => !DERIVED_JOB_DATA.includes(k)));
    mine.push({ ...j, body, version: d.version });
  }
  return mine;
}

/**
 * One save round on a job of {@link bookableJobs} (its version kept up to date): book out →
 * savejob (save only) → release. Answers the save's and the round's milliseconds, and the
 * failures met (`bookout 409`, …).
 */
export async function saveRound(client, job) {
  const failures = [];
  const t0 = performance.now();
  const booked = await client.post('/api/job/bookoutjob', { jobId: job.id });
  if (!booked.ok) {
    await booked.arrayBuffer();
    return { failures: [`bookout ${booked.status}`] };
  }
  const { bookingCookie } = await booked.json();
  const t1 = performance.now();
  const saved = await client.post('/api/job/savejob', {
    jobId: job.id,
    version: job.version,
    bookingCookie,
    saveMode: 0,
    setJobDataRequest: job.body,
  });
  const t2 = performance.now();
  const answer = await saved.json();
  if (saved.ok) job.version = answer.version;
  else failures.push(`savejob ${saved.status}`);
  const released = await release(client, job.id, bookingCookie);
  if (!(await released.json()).success) failures.push(`cancelbooking ${released.status}`);
  return { saveMs: t2 - t1, roundMs: performance.now() - t0, failures };
}
