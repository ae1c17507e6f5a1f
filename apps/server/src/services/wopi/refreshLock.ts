import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { bookings } from '../../db/schema/index.js';
import { auditJob } from '../audit/auditJob.js';
import type { WopiCaller } from './resolveWopiToken.js';
import { extendedExpiry, requireLock, withFileLock } from './wopiLock.js';

/**
 * WOPI RefreshLock (X-WOPI-Override: REFRESH_LOCK): the booking locked with `lock` lives
 * BOOKING_TTL_SECONDS from now, as extendbooking does; otherwise 409 with the current lock.
 */
export async function refreshLock(
  ctx: AppContext,
  caller: WopiCaller,
  fileId: string,
  lock: string,
  ip: string | null,
) {
  return withFileLock(ctx, caller, fileId, true, async (tx, booking, job) => {
    requireLock(booking, job.id, caller.auth.accountId!, lock);
    await tx
      .update(bookings)
      .set({ expiresAt: extendedExpiry(ctx) })
      .where(eq(bookings.jobId, job.id));
    await auditJob(ctx, caller.auth, job, 'wopi.lock.refresh', ip, {}, tx);
    return {};
  });
}
