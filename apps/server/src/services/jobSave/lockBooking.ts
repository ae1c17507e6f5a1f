import { message } from '@quill/core';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { bookings, jobs } from '../../db/schema/index.js';
import { conflict, notFound } from '../../errors/domainErrors.js';
import type { Auth } from '../auth/auth.js';
import { hashBookingCookie, requireLiveBooking } from '../booking/booking.js';
import { mayAccessJob, requireVisibleJob } from '../tenantScope/requireJob.js';
import { bookingOf, requireLock } from '../wopi/wopiLock.js';
import type { SaveHolder, SaveRequest } from './saveRequest.js';

/**
 * The live booking of this account a save writes under (inside the save's transaction, after the
 * job row is locked): by the job view's cookie (409 otherwise), or by the WOPI lock of PutFile
 * (409 with the current lock otherwise).
 */
export async function holdingBooking(tx: Db, jobId: number, accountId: number, holder: SaveHolder) {
  if ('bookingCookie' in holder) return requireLiveBooking(tx, jobId, accountId, holder.bookingCookie);
  return requireLock(await bookingOf(tx, jobId), jobId, accountId, holder.wopiLock);
}

/**
 * The first statement of a save's transaction: the job row locked with the booking it writes
 * under. By the job view's cookie, the job and its live booking are read and locked by ONE
 * statement — both rows locked, so a booking released or replaced while the statement waited on
 * the lock is read as it is now, not as it was; null when there is no such live booking (or no
 * job). By a WOPI lock (PutFile) the job is locked first and the booking read after
 * ({@link holdingBooking}: 409 with the current lock).
 */
export async function lockJobAndBooking(tx: Db, jobId: number, accountId: number, holder: SaveHolder) {
  if ('bookingCookie' in holder) {
    const [row] = await tx
      .select({ job: jobs, booking: bookings })
      .from(jobs)
      .innerJoin(
        bookings,
        and(
          eq(bookings.jobId, jobs.id),
          eq(bookings.accountId, accountId),
          eq(bookings.cookieHash, hashBookingCookie(holder.bookingCookie)),
          gt(bookings.expiresAt, sql`now()`),
        ),
      )
      .where(eq(jobs.id, jobId))
      .for('update', { of: [jobs, bookings] });
    return row ? { locked: row.job, booking: row.booking } : null;
  }
  const [locked] = await tx.select().from(jobs).where(eq(jobs.id, jobId)).for('update');
  if (!locked) throw notFound(message('job.notFound', { jobId }));
  return { locked, booking: await holdingBooking(tx, jobId, accountId, holder) };
}

/**
 * Step 1 of a save's transaction: the job locked with the account's live booking it writes under.
 * Not the account's job: 404 as requireJob; its job but no live booking with this cookie: 409
 * (as requireLiveBooking).
 */
export async function lockSaveBooking(tx: Db, auth: Auth, req: Pick<SaveRequest, 'jobId' | 'holder'>) {
  const { jobId } = req;
  const held = await lockJobAndBooking(tx, jobId, auth.accountId!, req.holder);
  if (held && mayAccessJob(auth.scope, held.locked)) return held;
  const [job] = held ? [held.locked] : await tx.select().from(jobs).where(eq(jobs.id, jobId));
  requireVisibleJob(auth.scope, jobId, job);
  throw conflict(message('job.bookingNotLive', { jobId }), 'booking_not_live');
}
