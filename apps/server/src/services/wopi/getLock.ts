import type { AppContext } from '../../context.js';
import type { WopiCaller } from './resolveWopiToken.js';
import { currentLockOf, withFileLock } from './wopiLock.js';

/**
 * WOPI GetLock (X-WOPI-Override: GET_LOCK): the file's current lock — the live booking's WOPI
 * lock — or the empty string when it is unlocked. Any valid token may ask.
 */
export async function getLock(ctx: AppContext, caller: WopiCaller, fileId: string) {
  return withFileLock(ctx, caller, fileId, false, async (_tx, booking) => ({ lock: currentLockOf(booking) }));
}
