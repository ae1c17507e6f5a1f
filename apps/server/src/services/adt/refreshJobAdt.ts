import type { JobAdt, JobDataRequest } from '@quill/core';
import type { Db } from '../../db/client.js';
import type { jobs } from '../../db/schema/index.js';
import type { AdtDefinition } from './adtDefinitions.js';
import { jobAdtOf } from './jobAdtAnswer.js';
import type { JobAdtPlan } from './planJobAdt.js';

type Job = typeof jobs.$inferSelect;

/**
 * Spec 02 §4 "changing dictator, dictated-for, department, location or work type refreshes the
 * ADT": the physician-type items that follow the dictator or dictated-for take the posted one
 * when it differs from the job's stored one (an unchanged dictator keeps a physician chosen by
 * hand in the item); a posted null empties the item. Other items keep their posted or stored
 * value: Quill has no feed to recompute a refresh-on-edit value from (docs/decisions.md).
 */
export function followDetails(
  physicianDefs: readonly AdtDefinition[],
  physicians: Record<string, number>,
  job: Pick<Job, 'dictatorId' | 'dictatedForId'>,
  request: Pick<JobDataRequest, 'dictator' | 'dictatedFor'>,
): Record<string, number> {
  const out = { ...physicians };
  for (const def of physicianDefs) {
    const follows = def.row.follows;
    if (follows !== 'dictator' && follows !== 'dictatedFor') continue;
    const [posted, stored] =
      follows === 'dictator' ? [request.dictator, job.dictatorId] : [request.dictatedFor, job.dictatedForId];
    if (posted === stored) continue;
    if (posted === null) delete out[def.key];
    else out[def.key] = posted;
  }
  return out;
}

/**
 * The job's ADT as it would be after posted job data (RefreshJobData), from its checked plan:
 * the posted values, physician items and orders, with the items that follow the dictator or
 * dictated-for following them. Reads only; the plan is never written.
 */
export async function refreshedJobAdt(
  db: Db,
  job: Job,
  request: JobDataRequest,
  plan: JobAdtPlan,
): Promise<JobAdt> {
  const adtPhysicians = followDetails(plan.defs.physicians, plan.physicians, job, request);
  return jobAdtOf(db, { ...job, adt: plan.adt, adtPhysicians }, plan.orders ?? undefined);
}
