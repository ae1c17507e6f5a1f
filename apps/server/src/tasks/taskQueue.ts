import PgBoss from 'pg-boss';
import type { z } from 'zod';
import type { Database, ExecuteSql } from '../db/client.js';

type Log = { warn: (obj: object, msg: string) => void };

/**
 * A task as the queue sees it: its queue (id and version), its payload and its retry policy.
 * defineTask.ts adds the handler, which takes the AppContext that holds this queue: the queue
 * knows nothing of handlers, so that context.ts, the queue and the tasks do not import each other round.
 */
export interface QueuedTask<P extends z.ZodType = z.ZodType> {
  id: string;
  version: number;
  payload: P;
  /** pg-boss retry policy for this task. */
  retry: { limit: number; delaySeconds: number; backoff: boolean };
  expireInSeconds: number;
}

/** The queue name a task runs on: id and version, so a payload change never meets old workers. */
export function queueName(task: QueuedTask): string {
  return `${task.id}-v${task.version}`;
}

/** pg-boss on the application database: PostgreSQL directly, PGlite through its executeSql adapter. */
export class TaskQueue {
  readonly boss: PgBoss;
  private lastErrorLog = 0;

  /** `maintenanceIntervalSeconds`: how soon a task whose worker died is noticed and retried. */
  constructor(database: Database, log: Log, opts: { maintenanceIntervalSeconds?: number } = {}) {
    const common = {
      schema: 'pgboss',
      schedule: false,
      supervise: true,
      migrate: true,
      ...(opts.maintenanceIntervalSeconds
        ? { maintenanceIntervalSeconds: opts.maintenanceIntervalSeconds }
        : {}),
    } as const;
    this.boss =
      database.kind === 'postgres'
        ? new PgBoss({ ...common, connectionString: database.url!, max: 4 })
        : new PgBoss({ ...common, db: { executeSql: database.executeSql } });
    // pg-boss reports a lost database on every poll; one line per 30 s is enough.
    this.boss.on('error', (err) => {
      const now = Date.now();
      if (now - this.lastErrorLog < 30_000) return;
      this.lastErrorLog = now;
      log.warn({ err: { message: err.message } }, 'task queue error');
    });
  }

  /** Starts pg-boss (creating its schema on first use) and creates the queue of every task (tasks/registry.ts). */
  async start(tasks: readonly QueuedTask[]): Promise<void> {
    await this.boss.start();
    for (const task of tasks) {
      const name = queueName(task);
      if (!(await this.boss.getQueue(name))) await this.boss.createQueue(name);
    }
  }

  /**
   * Enqueues one task; answers the pg-boss id (null when a singleton key suppressed it).
   * `singletonSeconds` with a key: at most one such task per slot of that many seconds (throttling).
   */
  async send<P extends z.ZodType>(
    task: QueuedTask<P>,
    payload: z.infer<P>,
    opts: { singletonKey?: string; singletonSeconds?: number } = {},
  ): Promise<string | null> {
    const data = task.payload.parse(payload) as object;
    return this.boss.send(queueName(task), data, {
      retryLimit: task.retry.limit,
      retryDelay: task.retry.delaySeconds,
      retryBackoff: task.retry.backoff,
      expireInSeconds: task.expireInSeconds,
      ...(opts.singletonKey ? { singletonKey: opts.singletonKey } : {}),
      ...(opts.singletonSeconds ? { singletonSeconds: opts.singletonSeconds } : {}),
    });
  }

  /**
   * Enqueues several tasks in one statement. Each may carry its own id (a uuid: sending the same id
   * again is a no-op while pg-boss keeps the task). `db` runs the insert inside the caller's
   * transaction (see db/transactionSql.ts), so the tasks exist exactly when the caller's rows do.
   */
  async insert<P extends z.ZodType>(
    task: QueuedTask<P>,
    items: { id?: string; payload: z.infer<P> }[],
    opts: {
      db?: { executeSql: ExecuteSql };
      retryLimit?: number;
      retryDelaySeconds?: number;
      expireInSeconds?: number;
    } = {},
  ): Promise<void> {
    const name = queueName(task);
    const jobs = items.map((item) => ({
      ...(item.id ? { id: item.id } : {}),
      name,
      data: task.payload.parse(item.payload) as object,
      retryLimit: opts.retryLimit ?? task.retry.limit,
      retryDelay: opts.retryDelaySeconds ?? task.retry.delaySeconds,
      retryBackoff: task.retry.backoff,
      expireInSeconds: opts.expireInSeconds ?? task.expireInSeconds,
    }));
    await this.boss.insert(jobs, opts.db ? { db: opts.db } : {});
  }

  async stop(): Promise<void> {
    await this.boss.stop({ graceful: true, wait: true, timeout: 10_000 });
  }
}
