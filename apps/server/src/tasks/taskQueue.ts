import PgBoss from 'pg-boss';
import type { z } from 'zod';
import type { Database } from '../db/client.js';
import { queueName, type TaskDefinition } from './defineTask.js';
import { TASKS } from './registry.js';

type Log = { warn: (obj: object, msg: string) => void };

/** pg-boss on the application database: PostgreSQL directly, PGlite through its executeSql adapter. */
export class TaskQueue {
  readonly boss: PgBoss;
  private lastErrorLog = 0;

  constructor(database: Database, log: Log) {
    const common = { schema: 'pgboss', schedule: false, supervise: true, migrate: true } as const;
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

  /** Starts pg-boss (creating its schema on first use) and creates every task's queue. */
  async start(): Promise<void> {
    await this.boss.start();
    for (const task of TASKS) {
      const name = queueName(task);
      if (!(await this.boss.getQueue(name))) await this.boss.createQueue(name);
    }
  }

  /** Enqueues one task; answers the pg-boss id (null when a singleton key suppressed it). */
  async send<P extends z.ZodType>(
    task: TaskDefinition<P>,
    payload: z.infer<P>,
    opts: { singletonKey?: string } = {},
  ): Promise<string | null> {
    const data = task.payload.parse(payload) as object;
    return this.boss.send(queueName(task), data, {
      retryLimit: task.retry.limit,
      retryDelay: task.retry.delaySeconds,
      retryBackoff: task.retry.backoff,
      expireInSeconds: task.expireInSeconds,
      ...(opts.singletonKey ? { singletonKey: opts.singletonKey } : {}),
    });
  }

  async stop(): Promise<void> {
    await this.boss.stop({ graceful: true, wait: true, timeout: 10_000 });
  }
}
