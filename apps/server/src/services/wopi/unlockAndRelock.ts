import type { AppContext } from '../../context.js';
import type { WopiCaller } from './resolveWopiToken.js';
import { changeLockedBooking, extendedExpiry } from './wopiLock.js';

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
  const change = { wopiLock: locks.lock, expiresAt: extendedExpiry(ctx) };
  return changeLockedBooking(ctx, caller, fileId, locks.oldLock, change, 'wopi.relock', ip);
}
