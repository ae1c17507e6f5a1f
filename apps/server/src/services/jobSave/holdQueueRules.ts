import { type SaveMode, saveModeRunsRules } from '@quill/core';
import { evaluateJobRules } from '../jobEditor/holdQueue/evaluateJobRules.js';
import { triggeredFlags } from '../jobEditor/holdQueue/jobFlags.js';
import type { PreparedSave } from './prepareSave.js';
import type { Job, SaveStep } from './saveRequest.js';

/** What a save's rules found: every rule's row, and the flags of those that triggered. */
export type SaveRules = Awaited<ReturnType<typeof runSaveRules>>;

/**
 * Step 5 of a save's transaction: the hold-queue rules, where the mode runs them, on the job as
 * the save leaves it (its new ADT and recipients are written) and what its text says (read before
 * the transaction, prepareSave.ts). A mode that runs none: no rows, no flags.
 */
export async function runSaveRules(
  { ctx, tx }: Pick<SaveStep, 'ctx' | 'tx'>,
  mode: SaveMode,
  after: Job,
  document: PreparedSave['document'],
) {
  const rows = saveModeRunsRules(mode) ? await evaluateJobRules(ctx, tx, after, document) : [];
  return { rows, triggered: triggeredFlags(rows) };
}
