import { SIGN_IN_THROTTLE, type SignInThrottleScope, signInDelaysMs } from '@quill/core';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { signInThrottle } from '../../db/schema/index.js';

/** One throttle counter: a user name as typed, or a client address. */
export interface ThrottleKey {
  scope: SignInThrottleScope;
  subject: string;
}

const t = signInThrottle;

/** The wait after `failures` failures, as an SQL interval, from the schedule of @quill/core. */
function delayAfter(scope: SignInThrottleScope, failures: SQL): SQL {
  const delays = signInDelaysMs(scope);
  const schedule = `{${delays.join(',')}}`;
  return sql`((${schedule}::int[])[least(${failures}, ${delays.length - 1}) + 1] * interval '1 millisecond')`;
}

/**
 * Claims one sign-in attempt on a counter, in one statement: when the counter's wait is over it
 * counts the attempt as a failure (given back by {@link forgiveAttempt} or {@link clearThrottle} if
 * the password was right) and sets the next wait; otherwise it changes nothing. Answers the time the
 * caller must wait when refused, null when the attempt may go ahead. Concurrent claims on the same
 * row are serialised by PostgreSQL's row lock, so no more pass than the schedule allows. The times
 * are clock_timestamp(), not now(): a claim that waited for another's row lock compares against
 * the time it got the row, not the earlier start of its own transaction.
 */
export async function claimAttempt(ctx: AppContext, key: ThrottleKey): Promise<Date | null> {
  const windowSeconds = SIGN_IN_THROTTLE[key.scope].windowMs / 1000;
  const expired = sql`${t.windowStartedAt} <= clock_timestamp() - make_interval(secs => ${windowSeconds})`;
  const failures = sql`(CASE WHEN ${expired} THEN 1 ELSE ${t.failures} + 1 END)`;
  const delayMs = (n: SQL) => delayAfter(key.scope, n);
  const claimed = await ctx.database.db
    .insert(t)
    .values({ ...key, failures: 1, nextAllowedAt: sql`clock_timestamp() + ${delayMs(sql`1`)}` })
    .onConflictDoUpdate({
      target: [t.scope, t.subject],
      set: {
        failures,
        windowStartedAt: sql`CASE WHEN ${expired} THEN clock_timestamp() ELSE ${t.windowStartedAt} END`,
        lastAttemptAt: sql`clock_timestamp()`,
        nextAllowedAt: sql`clock_timestamp() + ${delayMs(failures)}`,
      },
      setWhere: sql`${t.nextAllowedAt} <= clock_timestamp()`,
    })
    .returning({ failures: t.failures });
  if (claimed.length > 0) return null;
  const [row] = await ctx.database.db
    .select({ until: t.nextAllowedAt })
    .from(t)
    .where(and(eq(t.scope, key.scope), eq(t.subject, key.subject)));
  return row?.until ?? new Date();
}

/** A right password on an address: its claimed attempt was no failure. */
export async function forgiveAttempt(ctx: AppContext, key: ThrottleKey): Promise<void> {
  await ctx.database.db
    .update(t)
    .set({
      failures: sql`greatest(${t.failures} - 1, 0)`,
      nextAllowedAt: sql`${t.lastAttemptAt} + ${delayAfter(key.scope, sql`greatest(${t.failures} - 1, 0)`)}`,
    })
    .where(and(eq(t.scope, key.scope), eq(t.subject, key.subject)));
}

/** A right password for a user name: its count starts over. */
export async function clearThrottle(ctx: AppContext, key: ThrottleKey): Promise<void> {
  await ctx.database.db.delete(t).where(and(eq(t.scope, key.scope), eq(t.subject, key.subject)));
}

/**
 * Removes counters that no longer hold anything back: past both their window and their wait they
 * read as no counter at all. Keeps the table small however many user names were tried.
 */
export async function forgetStaleCounters(ctx: AppContext): Promise<void> {
  const longest = Math.max(
    ...Object.values(SIGN_IN_THROTTLE).flatMap((limits) => [limits.windowMs, limits.lockMs]),
  );
  await ctx.database.db
    .delete(t)
    .where(sql`${t.lastAttemptAt} < clock_timestamp() - make_interval(secs => ${longest / 1000})`);
}
