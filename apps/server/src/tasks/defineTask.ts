import type { z } from 'zod';
import type { AppContext } from '../context.js';
import type { QueuedTask } from './taskQueue.js';

/** Which try of a task this is: pg-boss's retry count and limit (the last try has count = limit). */
export interface TaskAttempt {
  retryCount: number;
  retryLimit: number;
}

/**
 * A durable background task (documenso's pattern): an id, a version, a zod payload and a lazily
 * loaded handler, so the worker only loads the code of tasks it runs.
 */
export interface TaskDefinition<P extends z.ZodType = z.ZodType> extends QueuedTask<P> {
  /** How many of these tasks one worker process runs at once (default 1). */
  concurrency?: (ctx: AppContext) => number;
  handler: () => Promise<(ctx: AppContext, payload: z.infer<P>, attempt?: TaskAttempt) => Promise<void>>;
}

export function defineTask<P extends z.ZodType>(def: TaskDefinition<P>): TaskDefinition<P> {
  return def;
}
