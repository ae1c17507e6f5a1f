import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiRequestError } from '../../../lib/api';
import {
  fetchClientFacilities,
  fetchJobCounts,
  fetchJobRows,
  jobListExportUrl,
  legacyJobDetailsUrl,
} from './jobListApi';
import { binaryJobList, jobRow, json } from '../testing/jobListFixtures';

afterEach(() => vi.useRealTimers());

/** A fetch mock answering by URL, recording the URLs asked for. */
function serve(answer: (url: URL) => Response | Promise<Response>) {
  const urls: URL[] = [];
  const fn = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://quill.test');
    urls.push(url);
    if (init?.signal?.aborted) throw new DOMException('aborted', 'AbortError');
    return answer(url);
  });
  vi.stubGlobal('fetch', fn);
  return urls;
}

const cfsOf = (url: URL) => url.searchParams.get('cfs')!.split(',').map(Number);

describe('job counts (spec 01 §7)', () => {
  it('asks getcounts per batch of client facilities and sums the answers', async () => {
    const urls = serve((url) => {
      const n = cfsOf(url).length;
      return json({ pending: n, hq: 1, failed: 2 * n, all: 10 * n });
    });
    const counts = await fetchJobCounts({
      csId: '7',
      facilities: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10],
      batchSize: 4,
    });
    expect(urls.map((u) => u.pathname)).toEqual(Array(3).fill('/api/jobs/getcounts'));
    expect(urls.map((u) => u.searchParams.get('cfs'))).toEqual(['1,2,3,4', '5,6,7,8', '9,10']);
    expect(urls.every((u) => u.searchParams.get('corpId') === '7')).toBe(true);
    expect(counts).toEqual({ pending: 10, hq: 3, failed: 20, all: 100 });
  });

  it('asks for one batch at a time, leaving the server to the list batches loaded beside', async () => {
    let inFlight = 0;
    let most = 0;
    serve(async () => {
      most = Math.max(most, ++inFlight);
      await new Promise((r) => setTimeout(r, 5));
      inFlight--;
      return json({ pending: 1, hq: 0, failed: 0, all: 1 });
    });
    const counts = await fetchJobCounts({ csId: '7', facilities: [1, 2, 3, 4, 5, 6, 7], batchSize: 2 });
    expect(counts.all).toBe(4);
    expect(most).toBe(1);
  });

  it('fails when any batch fails', async () => {
    serve((url) =>
      cfsOf(url)[0] === 5
        ? json({ error: { code: 'internal', message: 'boom' } }, 500)
        : json({ pending: 1, hq: 1, failed: 1, all: 1 }),
    );
    await expect(
      fetchJobCounts({ csId: '7', facilities: [1, 2, 3, 4, 5], batchSize: 4 }),
    ).rejects.toBeInstanceOf(ApiRequestError);
  });
});

describe('job rows (spec 01 §7)', () => {
  it('asks the queue call per batch and concatenates the rows in batch order', async () => {
    const urls = serve(async (url) => {
      const cfs = cfsOf(url);
      // Later batches answer first: the order must still be the batches' order.
      await new Promise((r) => setTimeout(r, 20 - cfs[0]!));
      return binaryJobList(cfs.map((cf) => jobRow(cf * 100)));
    });
    const rows = await fetchJobRows({
      csId: '3',
      queue: 'failed',
      facilities: [1, 2, 3, 4, 5, 6, 7],
      batchSize: 2,
    });
    expect(rows.map((r) => r.jobId)).toEqual([100, 200, 300, 400, 500, 600, 700]);
    expect(urls).toHaveLength(4);
    for (const url of urls) {
      expect(url.pathname).toBe('/api/jobs/dist');
      expect(url.searchParams.get('status')).toBe('FAILED');
      expect(url.searchParams.get('corpId')).toBe('3');
    }
  });

  it('uses dist PENDING, him and alljobs for the other queues', async () => {
    const urls = serve(() => binaryJobList([]));
    await fetchJobRows({ csId: '3', queue: 'pending', facilities: [1], batchSize: 4 });
    await fetchJobRows({ csId: '3', queue: 'hq', facilities: [1], batchSize: 4 });
    await fetchJobRows({ csId: '3', queue: 'all', facilities: [1], batchSize: 4 });
    expect(urls.map((u) => `${u.pathname}?${u.searchParams}`)).toEqual([
      '/api/jobs/dist?status=PENDING&corpId=3&cfs=1&format=binary',
      '/api/jobs/him?corpId=3&cfs=1&format=binary',
      '/api/jobs/alljobs?corpId=3&cfs=1&format=binary',
    ]);
  });

  it('cancels: the requests in flight are aborted and no further batch is asked for', async () => {
    const controller = new AbortController();
    const signals: AbortSignal[] = [];
    const fn = vi.fn(
      (_: RequestInfo | URL, init?: RequestInit) =>
        new Promise<Response>((_resolve, reject) => {
          signals.push(init!.signal!);
          init!.signal!.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    vi.stubGlobal('fetch', fn);
    const pending = fetchJobRows({
      csId: '3',
      queue: 'all',
      facilities: Array.from({ length: 40 }, (_, i) => i + 1),
      batchSize: 4,
      signal: controller.signal,
    });
    await Promise.resolve();
    controller.abort();
    const error = await pending.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiRequestError);
    expect((error as ApiRequestError).code).toBe('aborted');
    // 10 batches, at most 3 in flight: only those were ever asked for, and all were aborted.
    expect(fn.mock.calls.length).toBeLessThanOrEqual(3);
    expect(signals.every((s) => s.aborted)).toBe(true);
  });

  it("reports a failed batch with the server's code and message", async () => {
    serve(() =>
      json(
        { error: { code: 'forbidden', message: 'You do not have permission to view the hold queue.' } },
        403,
      ),
    );
    const error = await fetchJobRows({ csId: '3', queue: 'hq', facilities: [1], batchSize: 4 }).catch(
      (e) => e,
    );
    expect(error).toBeInstanceOf(ApiRequestError);
    expect([error.status, error.code, error.message]).toEqual([
      403,
      'forbidden',
      'You do not have permission to view the hold queue.',
    ]);
  });

  it('rejects a binary batch whose header does not keep the contract, or whose rows do not fit it', async () => {
    const rows = [jobRow(1), jobRow(2, { dictatorName: 'Ng, Ada' })];
    const fetchAll = () =>
      fetchJobRows({ csId: '3', queue: 'all', facilities: [1], batchSize: 4 }).catch((e: unknown) => e);
    for (const broken of [
      { format: 'binary-0' },
      { dictators: { 1: 7 } },
      { patients: { 1: 'not a pair' } },
      { notes: { 1: 7 } },
      { flags: [] },
      // More rows announced than sent.
      { count: 3 },
    ]) {
      serve(() => binaryJobList(rows, broken));
      expect(((await fetchAll()) as ApiRequestError).code, JSON.stringify(broken)).toBe('bad_response');
    }
    serve(() => binaryJobList(rows));
    const read = await fetchJobRows({ csId: '3', queue: 'all', facilities: [1], batchSize: 4 });
    expect(read.map((r) => r.dictatorName)).toEqual(['Walsh, Olivia', 'Ng, Ada']);
    expect(JSON.parse(JSON.stringify(read))).toEqual(rows);
  });

  it('rejects an answer that is not a binary batch', async () => {
    for (const answer of [json([{ jobId: 'x' }]), new Response(new Uint8Array([0, 0]))]) {
      serve(() => answer.clone());
      const error = await fetchJobRows({ csId: '3', queue: 'all', facilities: [1], batchSize: 4 }).catch(
        (e) => e,
      );
      expect((error as ApiRequestError).code).toBe('bad_response');
    }
  });
});

describe('other calls', () => {
  it('reads the client facility ids of a structure', async () => {
    const urls = serve(() => json([4, 5]));
    expect(await fetchClientFacilities('12')).toEqual([4, 5]);
    expect(urls[0]!.pathname).toBe('/api/settings/cfs/12');
  });

  it('builds the export and legacy job details addresses', () => {
    const columns = ['stat', 'filterJobId', 'workType'] as const;
    expect(jobListExportUrl('2', 'hq', { columns, search: ' ', sort: null, group: null })).toBe(
      '/api/file/JobList/2/hq?columns=stat,filterJobId,workType',
    );
    // Issue 39: the export follows the screen — its applied search, sort and grouping.
    const shown = {
      columns,
      search: ' Hoffman & co ',
      sort: { column: 'workType', ascending: false },
      group: 'stat',
    } as const;
    expect(jobListExportUrl('2', 'all', shown)).toBe(
      '/api/file/JobList/2/all?search=Hoffman%20%26%20co&sort=workType&order=desc&group=stat&columns=stat,filterJobId,workType',
    );
    expect(legacyJobDetailsUrl('https://legacy.example/', 42)).toBe(
      'https://legacy.example/search/job/jobdetails.aspx?ID=42',
    );
  });
});
