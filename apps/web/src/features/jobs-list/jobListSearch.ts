import type { JobListRow } from '@quill/core/contract/jobList';
import { binaryBatchesOf } from '@quill/core/rules/jobListBinary';
import type { JobListColumn } from '@quill/core/rules/jobListColumns';
import type { JobListLabels } from '@quill/core/rules/jobListValues';
import type { SearchReply, SearchRequest } from './jobListSearchProtocol';
import { JobListSearchTexts } from './jobListSearchTexts';
import { runInSlices } from './slices';

/**
 * Spec 01 §5 search over one loaded list: the rows' search texts of the visible columns, built
 * ahead of need, and the rows a query matches. `close` stops the work and lets go of the texts;
 * the search starts again when it is next asked for something.
 */
export interface JobListSearch {
  /** Builds the texts of these columns ahead of need. */
  prepare(columns: readonly JobListColumn[]): void;
  /** 1 at each row position whose visible text contains the query; fails only when `signal` aborts. */
  matches(columns: readonly JobListColumn[], query: string, signal: AbortSignal): Promise<Uint8Array>;
  close(): void;
}

/**
 * The search of a loaded list: on a worker thread when the browser has workers and the rows are
 * binary batches as loaded (ARCHITECTURE §7: the ~100,000 texts are built on another core in a
 * few hundred ms, and the main thread's heap stays small), else on the main thread in slices.
 */
export function createJobListSearch(rows: readonly JobListRow[], labels: JobListLabels): JobListSearch {
  const batches = typeof Worker === 'function' ? binaryBatchesOf(rows) : null;
  return batches && batches.length > 0
    ? new WorkerSearch(batches, labels, () => new LocalSearch(rows, labels))
    : new LocalSearch(rows, labels);
}

function aborted(): DOMException {
  return new DOMException('The search was cancelled', 'AbortError');
}

/** The search on the main thread, its builds in short slices (tests, and a worker that failed). */
class LocalSearch implements JobListSearch {
  private readonly texts: JobListSearchTexts;
  private warming = new AbortController();

  constructor(rows: readonly JobListRow[], labels: JobListLabels) {
    this.texts = new JobListSearchTexts(rows, labels);
  }

  prepare(columns: readonly JobListColumn[]): void {
    if (this.warming.signal.aborted) this.warming = new AbortController();
    runInSlices(this.texts.steps(columns), this.warming.signal, 'background').catch(() => {
      // Closed: the texts are built when next needed.
    });
  }

  async matches(columns: readonly JobListColumn[], query: string, signal: AbortSignal): Promise<Uint8Array> {
    await runInSlices(this.texts.steps(columns), signal);
    if (signal.aborted) throw aborted();
    return this.texts.matches(columns, query);
  }

  close(): void {
    this.warming.abort();
  }
}

interface Pending {
  columns: readonly JobListColumn[];
  query: string;
  signal: AbortSignal;
  resolve: (matches: Uint8Array) => void;
  reject: (error: unknown) => void;
}

/**
 * The search on a worker (jobListSearch.worker.ts), started when first asked for something: it
 * is sent copies of the batches and decodes the same rows. Should the worker fail (it cannot
 * start, or answers an error), the search goes on on the main thread, pending queries included.
 */
class WorkerSearch implements JobListSearch {
  private worker: Worker | null = null;
  private fallback: JobListSearch | null = null;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;

  constructor(
    private readonly batches: readonly Uint8Array[],
    private readonly labels: JobListLabels,
    private readonly local: () => JobListSearch,
  ) {}

  prepare(columns: readonly JobListColumn[]): void {
    if (this.fallback) this.fallback.prepare(columns);
    else this.send({ kind: 'prepare', columns });
  }

  matches(columns: readonly JobListColumn[], query: string, signal: AbortSignal): Promise<Uint8Array> {
    if (this.fallback) return this.fallback.matches(columns, query, signal);
    return new Promise((resolve, reject) => {
      const id = this.nextId++;
      this.pending.set(id, { columns, query, signal, resolve, reject });
      signal.addEventListener(
        'abort',
        () => {
          // The worker's answer, when it comes, is dropped.
          if (this.pending.delete(id)) reject(aborted());
        },
        { once: true },
      );
      this.send({ kind: 'match', id, columns, query });
    });
  }

  close(): void {
    this.worker?.terminate();
    this.worker = null;
    this.fallback?.close();
    for (const p of this.pending.values()) p.reject(aborted());
    this.pending.clear();
  }

  private send(request: SearchRequest): void {
    try {
      this.started().postMessage(request);
    } catch {
      this.fail();
    }
  }

  private started(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(new URL('./jobListSearch.worker.ts', import.meta.url), { type: 'module' });
    worker.onmessage = (event: MessageEvent<SearchReply>) => this.answer(event.data);
    worker.onerror = (event) => {
      event.preventDefault();
      this.fail();
    };
    const { stat, patientWithheld } = this.labels;
    worker.postMessage({
      kind: 'rows',
      batches: this.batches,
      words: { stat, patientWithheld },
    } satisfies SearchRequest);
    this.worker = worker;
    return worker;
  }

  private answer(reply: SearchReply): void {
    if (!('matches' in reply)) {
      this.fail();
      return;
    }
    const pending = this.pending.get(reply.id);
    this.pending.delete(reply.id);
    pending?.resolve(reply.matches);
  }

  /** The worker failed: the search goes on here, with what was asked of the worker. */
  private fail(): void {
    this.worker?.terminate();
    this.worker = null;
    const fallback = this.local();
    this.fallback = fallback;
    for (const p of this.pending.values())
      fallback.matches(p.columns, p.query, p.signal).then(p.resolve, p.reject);
    this.pending.clear();
  }
}
