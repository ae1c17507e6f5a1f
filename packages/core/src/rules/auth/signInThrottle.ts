import { SIGN_IN_THROTTLE, type SignInThrottleScope } from '../settings/constants.js';

/**
 * The wait before the next sign-in attempt of a user name or address, indexed by the failures
 * counted so far (issue 23): nothing for the free failures, then a delay doubling with each
 * failure, then the lock. The last entry holds for every count beyond it.
 */
export function signInDelaysMs(scope: SignInThrottleScope): number[] {
  const { freeFailures, firstDelayMs, lockFailures, lockMs } = SIGN_IN_THROTTLE[scope];
  return Array.from({ length: lockFailures + 1 }, (_, failures) => {
    if (failures >= lockFailures) return lockMs;
    if (failures < freeFailures) return 0;
    return Math.min(lockMs, firstDelayMs * 2 ** (failures - freeFailures));
  });
}

/** How long to wait, in words a person reads: "12 seconds", "1 minute", "15 minutes". */
export function waitInWords(ms: number): string {
  const seconds = Math.max(1, Math.ceil(ms / 1000));
  if (seconds < 60) return seconds === 1 ? '1 second' : `${seconds} seconds`;
  const minutes = Math.ceil(seconds / 60);
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
}
