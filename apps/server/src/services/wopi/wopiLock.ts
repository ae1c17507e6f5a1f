import { message } from '@quill/core';
import { eq, getTableColumns, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/client.js';
import { bookings, jobs } from '../../db/schema/index.js';
import { DomainError } from '../../errors/domainErrors.js';
import { auditJob } from '../audit/auditJob.js';
import type { WopiCaller } from './resolveWopiToken.js';
import { itemVersionOf, openWordFile, requireWriteToken } from './wordFile.js';

/**
 * A WOPI lock refusal (409): besides its message it carries the file's current lock, which the
 * HTTP layer answers in X-WOPI-Lock (the empty string when the file is unlocked), and whether the
 * job is held by another account (X-WOPI-LockedByOtherInterface).
 */
export class WopiLockConflict extends DomainError {
  constructor(
    message: string,
    readonly currentLock: string,
    readonly lockedByOther = false,
  ) {
    super('conflict', message, 'wopi_lock_mismatch');
  }
}

/** The job's booking as the WOPI locks see it (read inside the transaction, after locking the job row). */
export async function bookingOf(tx: Db, jobId: number) {
  const [row] = await tx
    .select({ ...getTableColumns(bookings), live: sql<boolean>`${bookings.expiresAt} > now()` })
    .from(bookings)
    .where(eq(bookings.jobId, jobId));
  return row;
}
type BookingState = Awaited<ReturnType<typeof bookingOf>>;

/** The lock a WOPI client sees: the live booking's WOPI lock, else none (''). */
export const currentLockOf = (booking: BookingState): string =>
  booking?.live ? (booking.wopiLock ?? '') : '';

/** 409 unless the job has a live booking of this account (the lock IS the booking). */
export function requireOwnBooking(booking: BookingState, jobId: number, accountId: number) {
  if (booking?.live && booking.accountId === accountId) return booking;
  const other = Boolean(booking?.live);
  throw new WopiLockConflict(
    message(other ? 'wopi.bookedByOther' : 'wopi.notBooked', { jobId }),
    currentLockOf(booking),
    other,
  );
}

/** 409 with the current lock unless the account's live booking holds exactly `lock`. */
export function requireLock(booking: BookingState, jobId: number, accountId: number, lock: string) {
  const own = requireOwnBooking(booking, jobId, accountId);
  if (own.wopiLock !== null && own.wopiLock === lock) return own;
  throw new WopiLockConflict(
    message(own.wopiLock === null ? 'wopi.notLocked' : 'wopi.lockMismatch', { jobId }),
    own.wopiLock ?? '',
  );
}

/** The booking lives BOOKING_TTL_SECONDS from now (a WOPI lock refresh keeps the booking too). */
export const extendedExpiry = (ctx: AppContext) =>
  sql`now() + make_interval(secs => ${ctx.config.BOOKING_TTL_SECONDS})`;

/**
 * Runs a lock operation on the file: its job and Word document checked (401/404), an edit token
 * required when `write`, then `act` in one transaction with the job row locked and its booking
 * read. Answers what `act` answers with the file's X-WOPI-ItemVersion.
 */
export async function withFileLock<T>(
  ctx: AppContext,
  caller: WopiCaller,
  fileId: string,
  write: boolean,
  act: (tx: Db, booking: BookingState, job: typeof jobs.$inferSelect) => Promise<T>,
): Promise<T & { itemVersion: string }> {
  const { job, doc } = await openWordFile(ctx, caller, fileId);
  if (write) requireWriteToken(caller);
  const result = await ctx.database.db.transaction(async (tx) => {
    await tx.select({ id: jobs.id }).from(jobs).where(eq(jobs.id, job.id)).for('update');
    return act(tx, await bookingOf(tx, job.id), job);
  });
  return { ...result, itemVersion: itemVersionOf(doc) };
}

/**
 * A lock operation on the booking locked with `lock` (RefreshLock, Unlock, UnlockAndRelock): 409
 * with the current lock unless this account's live booking holds it; then `change` is written to
 * the booking and audited as `action`.
 */
export async function changeLockedBooking(
  ctx: AppContext,
  caller: WopiCaller,
  fileId: string,
  lock: string,
  change: PgUpdateSetSource<typeof bookings>,
  action: string,
  ip: string | null,
) {
  return withFileLock(ctx, caller, fileId, true, async (tx, booking, job) => {
    requireLock(booking, job.id, caller.auth.accountId!, lock);
    await tx.update(bookings).set(change).where(eq(bookings.jobId, job.id));
    await auditJob(ctx, caller.auth, job, action, ip, {}, tx);
    return {};
  });
}
