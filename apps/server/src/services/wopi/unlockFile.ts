import type { AppContext } from '../../context.js';
import type { WopiCaller } from './resolveWopiToken.js';
import { changeLockedBooking } from './wopiLock.js';

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
  return changeLockedBooking(ctx, caller, fileId, lock, { wopiLock: null }, 'wopi.unlock', ip);
}
