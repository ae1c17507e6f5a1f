import { evaluateHoldQueueRules, type HoldQueueCheckRow, type HoldQueueFacts } from '@quill/core';
import type { AppContext } from '../../../context.js';
import type { Db } from '../../../db/client.js';
import type { jobs } from '../../../db/schema/index.js';
import { documentPatientRow } from './documentPatientFlag.js';
import { facilityRules, holdQueueFacts } from './holdQueueFacts.js';

/**
 * Runs the job's facility rules on the job as `db` sees it and on what its CDA text says
 * (readDocumentFacts); a job that carries the document-patient flag (issue 40) gets its row too.
 */
export async function evaluateJobRules(
  ctx: AppContext,
  db: Db,
  job: typeof jobs.$inferSelect,
  document: HoldQueueFacts['document'],
): Promise<HoldQueueCheckRow[]> {
  const rules = await facilityRules(db, job.clientFacilityId);
  const rows = rules.length ? evaluateHoldQueueRules(rules, await holdQueueFacts(db, job, document)) : [];
  const flagged = await documentPatientRow(ctx, db, job);
  return flagged ? [...rows, flagged] : rows;
}
