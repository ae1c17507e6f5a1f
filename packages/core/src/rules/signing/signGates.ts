import type { Gate } from '../jobList/actions/actionGates.js';
import { LIMITS, MEMBER_TYPES } from '../settings/constants.js';

/**
 * Whether the signed-in account signs documents (issue 43): the server says so in the user
 * settings (`maySign`: the account has a physician record or signs for one); until it does, a
 * dictator account (member type 1) is taken to sign. The server refuses every other signer (403).
 */
export function accountSigns(memberType: number, settings: { maySign?: boolean | undefined }): boolean {
  return settings.maySign ?? memberType === MEMBER_TYPES.dictator;
}

/**
 * Sign all selected: one job to LIMITS.maxBulkJobs (the sign request's own bounds); more, or none,
 * and the button says why.
 */
export function signSelectedGate(jobIds: readonly number[]): Gate {
  const count = new Set(jobIds).size;
  if (count === 0) return { shown: true, disabledBy: { key: 'toSign.actions.chooseJobs' } };
  if (count > LIMITS.maxBulkJobs)
    return {
      shown: true,
      disabledBy: { key: 'toSign.actions.tooMany', values: { max: LIMITS.maxBulkJobs, count } },
    };
  return { shown: true, disabledBy: null };
}

/** Return for correction acts on one job (the request names one, with its note). */
export function returnSelectedGate(jobIds: readonly number[]): Gate {
  return new Set(jobIds).size === 1
    ? { shown: true, disabledBy: null }
    : { shown: true, disabledBy: { key: 'toSign.actions.chooseOne' } };
}
