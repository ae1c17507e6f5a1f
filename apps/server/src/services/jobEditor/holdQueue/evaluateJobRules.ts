import { evaluateHoldQueueRules, type HoldQueueCheckRow } from '@quill/core';
import type { Db } from '../../../db/client.js';
import type { jobs } from '../../../db/schema/index.js';
import { facilityRules, holdQueueFacts } from './holdQueueFacts.js';

/** Runs the job's facility rules on the job as `db` sees it and on the given CDA text. */
export async function evaluateJobRules(
  db: Db,
  job: typeof jobs.$inferSelect,
  xml: string | null,
): Promise<HoldQueueCheckRow[]> {
  const rules = await facilityRules(db, job.clientFacilityId);
  if (!rules.length) return [];
  return evaluateHoldQueueRules(rules, await holdQueueFacts(db, job, xml));
}
