import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { bookings } from '../../db/schema/index.js';
import { auditJob } from '../audit/auditJob.js';
import type { WopiCaller } from './resolveWopiToken.js';
import { extendedExpiry, requireLock, withFileLock } from './wopiLock.js';

/**
 * WOPI UnlockAndRelock (X-WOPI-Override: LOCK with X-WOPI-OldLock): the booking's lock `oldLock`
 * becomes `lock` and the booking is extended; any other state is 409 with the current lock.
 */
export async function unlockAndRelock(
  ctx: AppContext,
  caller: WopiCaller,
  fileId: string,
  locks: { oldLock: string; lock: string },
  ip: string | null,
) {
  return withFileLock(ctx, caller, fileId, true, async (tx, booking, job) => {
    requireLock(booking, job.id, caller.auth.accountId!, locks.oldLock);
    await tx
      .update(bookings)
      .set({ wopiLock: locks.lock, expiresAt: extendedExpiry(ctx) })
      .where(eq(bookings.jobId, job.id));
    await auditJob(ctx, caller.auth, job, 'wopi.relock', ip, {}, tx);
    return {};
  });
}
