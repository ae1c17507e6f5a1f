import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { DOCUMENT_LIMIT_DEFAULTS as DOC } from '@quill/core';
import type { Config } from '../../config.js';
import { type DocumentLimits, documentLimitsOf } from '../limits.js';
import type { DocumentTaskName, DocumentTasks } from './documentTasks.js';
import {
  DocumentMemoryError,
  DocumentTimeoutError,
  deserializeError,
  type SerializedError,
} from './poolErrors.js';

/** What a task takes, less the limits the pool adds. */
export type TaskInput<N extends DocumentTaskName> = Omit<Parameters<DocumentTasks[N]>[0], 'limits'>;
/** What a task answers. */
export type TaskResult<N extends DocumentTaskName> = Awaited<ReturnType<DocumentTasks[N]>>;

export interface DocumentPoolOptions {
  /** Threads at most (started when first needed). */
  size: number;
  /** One job's limit; past it the thread is stopped and the job fails with DocumentTimeoutError. */
  timeoutMs: number;
  /** The heap of one thread; a job that needs more fails with DocumentMemoryError. */
  memoryMb: number;
  limits: DocumentLimits;
  /** Told when a thread fails on its own (not a job's error): it could not start, or it crashed. */
  onThreadError?: (err: Error) => void;
}

interface Job {
  id: number;
  name: DocumentTaskName;
  input: unknown;
  resolve: (value: unknown) => void;
  reject: (err: Error) => void;
}

interface Thread {
  worker: Worker;
  job: Job | null;
  timer: NodeJS.Timeout | null;
  /** The thread has loaded the tasks and said so. */
  ready: boolean;
}

type Reply = { id: number; ok: true; value: unknown } | { id: number; ok: false; error: SerializedError };

/**
 * How to start a document thread the way this server runs: from the bundle (dist/documentWorker.js
 * next to the chunk this code is in), or from the TypeScript sources (tests) through tsx's loader,
 * registered inside the thread (Node 20 does not pass loader flags on to worker threads).
 */
function workerEntry(): { source: URL | string; eval: boolean } {
  const here = import.meta.url;
  if (!here.endsWith('.ts')) return { source: new URL('./documentWorker.js', here), eval: false };
  const tsxDir = dirname(createRequire(here).resolve('tsx/package.json'));
  const tsx = pathToFileURL(join(tsxDir, 'dist', 'esm', 'api', 'index.mjs')).href;
  const entry = new URL('../../documentWorker.ts', here).href;
  return {
    source: `import(${JSON.stringify(tsx)}).then((m) => { m.register(); return import(${JSON.stringify(entry)}); });`,
    eval: true,
  };
}

/**
 * Threads by default: the cores less one (the event loop keeps one), at least one, at most
 * DOCUMENT_LIMIT_DEFAULTS.maxThreads — each thread's heap counts in the process's memory budget;
 * a bigger machine runs more server processes (docs/decisions.md "Server memory").
 */
export function defaultPoolSize(): number {
  return Math.min(DOC.maxThreads, Math.max(1, availableParallelism() - 1));
}

/**
 * A pool of worker threads that read, check and render documents (documents/pool/documentTasks.ts)
 * so that a heavy document never holds the event loop that answers everyone else. Each thread
 * runs one job at a time; jobs wait in order for a free thread. A job that runs past its time, or
 * needs more heap than its thread has, stops that thread (a fresh one replaces it) and fails with
 * DocumentTimeoutError / DocumentMemoryError; the errors a task throws come back as their own
 * classes (poolErrors.ts). Idle threads do not keep the process alive.
 */
export class DocumentPool {
  private readonly threads = new Set<Thread>();
  private readonly queue: Job[] = [];
  private nextId = 1;
  private closed = false;

  constructor(readonly options: DocumentPoolOptions) {}

  static fromConfig(config: Config, onThreadError?: (err: Error) => void): DocumentPool {
    return new DocumentPool({
      onThreadError,
      size: config.DOCUMENT_WORKERS ?? defaultPoolSize(),
      timeoutMs: config.DOCUMENT_JOB_TIMEOUT_SECONDS * 1000,
      memoryMb: config.DOCUMENT_WORKER_MEMORY_MB,
      limits: documentLimitsOf(config),
    });
  }

  /** Runs a task on a thread with the pool's limits; resolves with its value or rejects with its error. */
  run<N extends DocumentTaskName>(name: N, input: TaskInput<N>): Promise<TaskResult<N>> {
    if (this.closed) return Promise.reject(new Error('the document pool is closed'));
    return new Promise((resolve, reject) => {
      this.queue.push({
        id: this.nextId++,
        name,
        input: { ...input, limits: this.options.limits },
        resolve: resolve as (value: unknown) => void,
        reject,
      });
      this.dispatch();
    });
  }

  /**
   * Starts every thread now (the server at start-up), so the first document does not wait for a
   * thread to load the readers and renderers.
   */
  warm(): void {
    while (!this.closed && this.threads.size < this.options.size) this.spawn();
  }

  /** Stops every thread; jobs still waiting or running fail. */
  async close(): Promise<void> {
    this.closed = true;
    for (const job of this.queue.splice(0)) job.reject(new Error('the document pool is closed'));
    await Promise.all([...this.threads].map((t) => this.stop(t, new Error('the document pool is closed'))));
  }

  private dispatch(): void {
    while (this.queue.length) {
      // A job's clock starts on a thread that has loaded: a starting thread's load is not the job's.
      const thread = [...this.threads].find((t) => t.ready && t.job === null);
      if (!thread) {
        const starting = [...this.threads].filter((t) => !t.ready).length;
        if (this.queue.length > starting && this.threads.size < this.options.size) this.spawn();
        return;
      }
      const job = this.queue.shift()!;
      thread.job = job;
      thread.worker.ref();
      thread.timer = setTimeout(
        () => void this.stop(thread, new DocumentTimeoutError(Math.round(this.options.timeoutMs / 1000))),
        this.options.timeoutMs,
      );
      thread.worker.postMessage({ id: job.id, name: job.name, input: job.input });
    }
  }

  private spawn(): Thread {
    const entry = workerEntry();
    const worker = new Worker(entry.source, {
      eval: entry.eval,
      resourceLimits: { maxOldGenerationSizeMb: this.options.memoryMb },
      // Keep patient data out of the server's output: a thread writes nothing of its own.
      stdout: false,
      stderr: false,
    });
    const thread: Thread = { worker, job: null, timer: null, ready: false };
    this.threads.add(thread);
    // Referenced while it starts (a command-line run waits for it), unreferenced when idle.
    worker.on('message', (reply: Reply | { ready: true }) => {
      if ('ready' in reply) {
        thread.ready = true;
        worker.unref();
        this.dispatch();
      } else this.settle(thread, reply);
    });
    worker.on('error', (err: Error & { code?: string }) => {
      const outOfMemory = err.code === 'ERR_WORKER_OUT_OF_MEMORY';
      if (!outOfMemory) this.options.onThreadError?.(err);
      void this.stop(thread, outOfMemory ? new DocumentMemoryError(this.options.memoryMb) : err);
    });
    worker.on('exit', () => {
      if (!this.threads.delete(thread)) return;
      const stopped = new Error('a document thread stopped');
      this.fail(thread, stopped);
      // A thread that could not even start would fail the same way again: fail what waits.
      if (!thread.ready) for (const job of this.queue.splice(0)) job.reject(stopped);
      this.dispatch();
    });
    return thread;
  }

  private settle(thread: Thread, reply: Reply): void {
    const job = thread.job;
    if (!job || job.id !== reply.id) return;
    if (thread.timer) clearTimeout(thread.timer);
    thread.job = null;
    thread.timer = null;
    thread.worker.unref();
    if (reply.ok) job.resolve(reply.value);
    else job.reject(deserializeError(reply.error));
    this.dispatch();
  }

  private fail(thread: Thread, err: Error): void {
    if (thread.timer) clearTimeout(thread.timer);
    const job = thread.job;
    thread.job = null;
    thread.timer = null;
    job?.reject(err);
  }

  /** Ends a thread and fails its job with `err`; a fresh thread takes the next job. */
  private async stop(thread: Thread, err: Error): Promise<void> {
    this.fail(thread, err);
    this.threads.delete(thread);
    await thread.worker.terminate();
    if (!this.closed) this.dispatch();
  }
}
