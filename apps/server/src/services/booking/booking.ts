import { createHash, randomBytes } from 'node:crypto';
import { message } from '@quill/core';
import { and, eq, gt, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { bookings } from '../../db/schema/index.js';
import { conflict } from '../../errors/domainErrors.js';

/** A new random booking cookie (256 bits, URL-safe). */
export function newBookingCookie(): string {
  return randomBytes(32).toString('base64url');
}

/** Only the SHA-256 of a booking cookie is stored. */
export function hashBookingCookie(cookie: string): string {
  return createHash('sha256').update(cookie).digest('hex');
}

/**
 * The live booking of this account with this cookie, or 409: a write must present the cookie of
 * a booking that has not expired (run it inside the write's transaction, after locking the job).
 */
export async function requireLiveBooking(db: Db, jobId: number, accountId: number, cookie: string) {
  const [booking] = await db
    .select()
    .from(bookings)
    .where(
      and(
        eq(bookings.jobId, jobId),
        eq(bookings.accountId, accountId),
        eq(bookings.cookieHash, hashBookingCookie(cookie)),
        gt(bookings.expiresAt, sql`now()`),
      ),
    );
  if (!booking) throw conflict(message('job.bookingNotLive', { jobId }), 'booking_not_live');
  return booking;
}

/**
 * A list of whole numbers as ONE int[] parameter of a raw statement (`= any(…)`), written as an
 * array literal so that PGlite and node-postgres pass it alike.
 */
export function intArray(values: readonly number[]): SQL {
  return sql`${`{${values.map((v) => Math.trunc(v)).join(',')}}`}::int[]`;
}
