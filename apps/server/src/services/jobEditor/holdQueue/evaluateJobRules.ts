import { evaluateHoldQueueRules, type HoldQueueCheckRow, type HoldQueueFacts } from '@quill/core';
import type { Db } from '../../../db/client.js';
import type { jobs } from '../../../db/schema/index.js';
import { facilityRules, holdQueueFacts } from './holdQueueFacts.js';

/** Runs the job's facility rules on the job as `db` sees it and on what its CDA text says (readDocumentFacts). */
export async function evaluateJobRules(
  db: Db,
  job: typeof jobs.$inferSelect,
  document: HoldQueueFacts['document'],
): Promise<HoldQueueCheckRow[]> {
  const rules = await facilityRules(db, job.clientFacilityId);
  if (!rules.length) return [];
  return evaluateHoldQueueRules(rules, await holdQueueFacts(db, job, document));
}
