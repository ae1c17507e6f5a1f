import { message } from '@quill/core';
import { and, count, eq, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../../db/client.js';
import { jobs } from '../../../db/schema/index.js';
import { conflict } from '../../../errors/domainErrors.js';

/** The list whose row is used by jobs, as its catalogue keys name it. */
export type UsedList = 'workTypes' | 'departments' | 'locations';

/**
 * How many jobs name the row `id` in `column` (jobs.work_type_id, department_id, location_id).
 * `within` narrows the count to the jobs that may name it (the facility's, or the structure's for a
 * shared work type) so an index serves it; the foreign key catches any other (see deleteUnused).
 */
export async function countJobsUsing(db: Db, column: PgColumn, id: number, within?: SQL): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(jobs)
    .where(within ? and(eq(column, id), within) : eq(column, id));
  return Number(row?.n ?? 0);
}

/** 409: the row cannot be deleted while `n` jobs use it (the message says how many). */
export function inUse(list: UsedList, n: number) {
  return conflict(
    n === 1
      ? message(`reference.lists.${list}.inUseOne`)
      : message(`reference.lists.${list}.inUse`, { count: n }),
    'in_use',
  );
}

/** Whether `err` (or an error it wraps) is PostgreSQL's foreign key violation (23503). */
export function isForeignKeyViolation(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++)
    if ((e as { code?: unknown }).code === '23503') return true;
  return false;
}

/**
 * Runs a delete that checked its row unused; when a job took the row between the check and the
 * delete (a job save holds no reference lock), the foreign key refuses the delete and the caller
 * hears 409 with the jobs that use it now, counted over every job.
 */
export async function deleteUnused<T>(
  db: Db,
  list: UsedList,
  column: PgColumn,
  id: number,
  run: () => Promise<T>,
): Promise<T> {
  try {
    return await run();
  } catch (err) {
    if (!isForeignKeyViolation(err)) throw err;
    throw inUse(list, Math.max(1, await countJobsUsing(db, column, id)));
  }
}
