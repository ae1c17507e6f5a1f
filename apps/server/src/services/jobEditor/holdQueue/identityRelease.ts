import {
  type HoldQueueCheckRow,
  type IdentityConfirmation,
  identityRulesToConfirm,
  message,
} from '@quill/core';
import { conflict } from '../../../errors/domainErrors.js';

/** What the audit row of a confirmed release keeps: the failing rules and the reason given. */
export interface IdentityRelease {
  rules: string[];
  reason: string;
}

/**
 * Issue 39: a save that leaves the hold queue (`stageId`, the stage it gives) while a
 * patient-identity rule fails needs the caller's confirmation — without it 409 naming the rules
 * (thrown inside the save's transaction, so nothing it wrote stays); with it, what to audit. Null
 * when no identity rule fails or the job stays held.
 */
export function identityRelease(
  jobId: number,
  rows: readonly HoldQueueCheckRow[],
  stageId: number,
  confirmation: IdentityConfirmation | null | undefined,
): IdentityRelease | null {
  const failing = identityRulesToConfirm(rows, stageId);
  if (!failing.length) return null;
  if (!confirmation) {
    const rules = failing.map((r) => `${r.ruleCode} ${r.ruleDescription}`).join('; ');
    throw conflict(message('job.identityUnconfirmed', { jobId, rules }), 'identity_unconfirmed');
  }
  return { rules: failing.map((r) => r.ruleCode), reason: confirmation.reason };
}
