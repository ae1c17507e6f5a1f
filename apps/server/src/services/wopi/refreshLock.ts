import type { AppContext } from '../../context.js';
import type { WopiCaller } from './resolveWopiToken.js';
import { changeLockedBooking, extendedExpiry } from './wopiLock.js';

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
  return changeLockedBooking(
    ctx,
    caller,
    fileId,
    lock,
    { expiresAt: extendedExpiry(ctx) },
    'wopi.lock.refresh',
    ip,
  );
}
