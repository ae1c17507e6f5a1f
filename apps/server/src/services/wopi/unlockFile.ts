import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { bookings } from '../../db/schema/index.js';
import { auditJob } from '../audit/auditJob.js';
import type { WopiCaller } from './resolveWopiToken.js';
import { requireLock, withFileLock } from './wopiLock.js';

/**
 * WOPI Unlock (X-WOPI-Override: UNLOCK): clears the booking's lock `lock`. The booking itself stays
 * until the editor's Cancel or Save releases it. Any other state is 409 with the current lock
 * (the empty string on an unlocked file).
 */
export async function unlockFile(
  ctx: AppContext,
  caller: WopiCaller,
  fileId: string,
  lock: string,
  ip: string | null,
) {
  return withFileLock(ctx, caller, fileId, true, async (tx, booking, job) => {
    requireLock(booking, job.id, caller.auth.accountId!, lock);
    await tx.update(bookings).set({ wopiLock: null }).where(eq(bookings.jobId, job.id));
    await auditJob(ctx, caller.auth, job, 'wopi.unlock', ip, {}, tx);
    return {};
  });
}
