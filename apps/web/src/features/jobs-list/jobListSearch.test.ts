import type { JobListRow } from '@quill/core/contract/jobList';
import { decodeBinaryJobList } from '@quill/core/rules/jobListBinary';
import type { JobListColumn } from '@quill/core/rules/jobListColumns';
import { jobListLabels } from '@quill/core/rules/jobListValues';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createJobListSearch } from './jobListSearch';
import { type SearchReply, type SearchRequest, searchRequestHandler } from './jobListSearchProtocol';
import { JobListSearchTexts } from './jobListSearchTexts';
import { binaryJobList, jobRow } from './testing/jobListFixtures';

const labels = jobListLabels({ stat: 'STAT', patientWithheld: 'Patient Name' });
const columns: readonly JobListColumn[] = ['stat', 'filterJobId', 'patientName', 'workType', 'stageName'];

const plain = [
  jobRow(1, { patientName: 'Núñez, Leah', workType: 'Consultation', stat: true }),
  jobRow(2, { patientName: 'Cruz, José', workType: 'Progress Note', stageId: 5, stageName: 'Fax Failed' }),
  jobRow(3, { patientName: null, workType: 'Consultation' }),
  jobRow(4, { patientName: 'Young, Camila', workType: 'Discharge Summary' }),
  jobRow(5, { patientName: 'Cruz, Ana', workType: 'Consultation' }),
];

async function bytesOf(rows: readonly JobListRow[]): Promise<Uint8Array> {
  return new Uint8Array(await binaryJobList(rows).arrayBuffer());
}

/** The list as loaded: two binary batches, decoded. */
async function loaded() {
  const batches = [await bytesOf(plain.slice(0, 3)), await bytesOf(plain.slice(3))];
  return { batches, rows: batches.flatMap((b) => decodeBinaryJobList(b)) };
}

const positions = (matches: Uint8Array) => [...matches.keys()].filter((i) => matches[i] === 1);

describe('the search worker (jobListSearchProtocol)', () => {
  it('decodes the batches into the same rows and matches as the main thread would', async () => {
    const { batches } = await loaded();
    const handle = searchRequestHandler();
    const words = { stat: 'STAT', patientWithheld: 'Patient Name' };
    expect(handle({ kind: 'rows', batches, words })).toBeNull();
    expect(handle({ kind: 'prepare', columns })).toBeNull();
    const here = new JobListSearchTexts(plain, labels);
    for (const query of ['cruz', 'CONSULT', 'patient name', 'stat', 'failed distribution', 'nobody', '']) {
      const reply = handle({ kind: 'match', id: 7, columns, query }) as { id: number; matches: Uint8Array };
      expect(reply.id).toBe(7);
      expect(positions(reply.matches)).toEqual(positions(here.matches(columns, query)));
    }
    expect(
      positions(
        (handle({ kind: 'match', id: 8, columns, query: 'cruz' }) as { matches: Uint8Array }).matches,
      ),
    ).toEqual([1, 4]);
  });

  it('answers an error to a match without rows, or with rows it could not read', async () => {
    const handle = searchRequestHandler();
    expect(handle({ kind: 'match', id: 1, columns, query: 'a' })).toEqual({
      id: 1,
      error: 'No rows to search',
    });
    const broken = (await bytesOf(plain)).subarray(0, 20);
    expect(handle({ kind: 'rows', batches: [broken], words: labels })).toBeNull();
    const reply = handle({ kind: 'match', id: 2, columns, query: 'a' });
    expect(reply).toMatchObject({ id: 2, error: expect.stringMatching(/binary job list/) });
  });
});

/**
 * Tests only: a browser worker running the search worker's handler in this thread, a task later,
 * as a real one answers from its own thread.
 */
class FakeWorker {
  static made: FakeWorker[] = [];
  static failing = false;
  readonly requests: SearchRequest[] = [];
  onmessage: ((event: { data: SearchReply }) => void) | null = null;
  onerror: ((event: { preventDefault(): void }) => void) | null = null;
  terminated = false;
  private readonly handle = searchRequestHandler();

  constructor(readonly url: URL) {
    FakeWorker.made.push(this);
  }

  postMessage(request: SearchRequest): void {
    // Sent by copy, as structured cloning does.
    const sent = structuredClone(request);
    this.requests.push(sent);
    setTimeout(() => {
      if (this.terminated) return;
      if (FakeWorker.failing) return this.onerror?.({ preventDefault() {} });
      const reply = this.handle(sent);
      if (reply) this.onmessage?.({ data: reply });
    }, 0);
  }

  terminate(): void {
    this.terminated = true;
  }
}

describe('createJobListSearch', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    FakeWorker.made = [];
    FakeWorker.failing = false;
  });
  const signal = () => new AbortController().signal;

  it('searches on a worker when the rows are binary batches as loaded', async () => {
    vi.stubGlobal('Worker', FakeWorker);
    const { rows, batches } = await loaded();
    const search = createJobListSearch(rows, labels);
    search.prepare(columns);
    expect(positions(await search.matches(columns, 'consult', signal()))).toEqual([0, 2, 4]);
    const [worker] = FakeWorker.made;
    expect(FakeWorker.made).toHaveLength(1);
    expect(worker!.url.pathname).toMatch(/jobListSearch\.worker/);
    expect(worker!.requests.map((r) => r.kind)).toEqual(['rows', 'prepare', 'match']);
    // The worker answered: the search did not fall back to the main thread.
    expect(worker!.requests.filter((r) => r.kind === 'match')).toHaveLength(1);
    const sent = worker!.requests[0] as Extract<SearchRequest, { kind: 'rows' }>;
    expect(sent.batches.map((b) => b.length)).toEqual(batches.map((b) => b.length));
    expect(sent.words).toEqual({ stat: 'STAT', patientWithheld: 'Patient Name' });
    // Closed with the rows: the worker goes, and comes back when asked again.
    search.close();
    expect(worker!.terminated).toBe(true);
    expect(positions(await search.matches(columns, 'young', signal()))).toEqual([3]);
    expect(FakeWorker.made).toHaveLength(2);
  });

  it('drops a cancelled query', async () => {
    vi.stubGlobal('Worker', FakeWorker);
    const search = createJobListSearch((await loaded()).rows, labels);
    const controller = new AbortController();
    const asked = search.matches(columns, 'cruz', controller.signal);
    controller.abort();
    await expect(asked).rejects.toThrow(/cancelled/);
    expect(positions(await search.matches(columns, 'cruz', signal()))).toEqual([1, 4]);
  });

  it('goes on on the main thread when the worker fails, the pending query included', async () => {
    vi.stubGlobal('Worker', FakeWorker);
    FakeWorker.failing = true;
    const search = createJobListSearch((await loaded()).rows, labels);
    expect(positions(await search.matches(columns, 'cruz', signal()))).toEqual([1, 4]);
    expect(FakeWorker.made[0]!.terminated).toBe(true);
    expect(positions(await search.matches(columns, 'stat', signal()))).toEqual([0]);
    expect(FakeWorker.made).toHaveLength(1);
  });

  it('searches here without workers, or for rows that are not batches as loaded', async () => {
    const { rows } = await loaded();
    expect(positions(await createJobListSearch(rows, labels).matches(columns, 'cruz', signal()))).toEqual([
      1, 4,
    ]);
    vi.stubGlobal('Worker', FakeWorker);
    const some = createJobListSearch(rows.slice(1), labels);
    expect(positions(await some.matches(columns, 'cruz', signal()))).toEqual([0, 3]);
    expect(positions(await createJobListSearch(plain, labels).matches(columns, 'cruz', signal()))).toEqual([
      1, 4,
    ]);
    expect(FakeWorker.made).toHaveLength(0);
  });
});
