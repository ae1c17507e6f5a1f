import { message } from '@quill/core';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { bookings } from '../../db/schema/index.js';
import { auditJob } from '../audit/auditJob.js';
import type { WopiCaller } from './resolveWopiToken.js';
import { extendedExpiry, requireOwnBooking, WopiLockConflict, withFileLock } from './wopiLock.js';

/**
 * WOPI Lock (X-WOPI-Override: LOCK): the lock IS the job's booking, so only the account holding
 * the live booking (bookoutjob first) may lock, and the lock id is kept on that booking. An
 * unlocked booking takes the lock; the same lock again refreshes it (WOPI: "treat it as a
 * RefreshLock"); both extend the booking. Another lock, another account's booking or none: 409
 * with the current lock. Needs an edit token (401).
 */
export async function lockFile(
  ctx: AppContext,
  caller: WopiCaller,
  fileId: string,
  lock: string,
  ip: string | null,
) {
  return withFileLock(ctx, caller, fileId, true, async (tx, booking, job) => {
    const own = requireOwnBooking(booking, job.id, caller.auth.accountId!);
    if (own.wopiLock !== null && own.wopiLock !== lock)
      throw new WopiLockConflict(message('wopi.lockMismatch', { jobId: job.id }), own.wopiLock);
    await tx
      .update(bookings)
      .set({ wopiLock: lock, expiresAt: extendedExpiry(ctx) })
      .where(eq(bookings.jobId, job.id));
    await auditJob(
      ctx,
      caller.auth,
      job,
      own.wopiLock === null ? 'wopi.lock' : 'wopi.lock.refresh',
      ip,
      {},
      tx,
    );
    return {};
  });
}
