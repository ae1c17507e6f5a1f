import type { WorkTypeTemplate } from '@quill/core';
import type { AppContext } from '../../../context.js';
import type { Auth } from '../../auth/auth.js';
import { requireFacility } from '../requireFacility.js';
import { requireWorkType } from './facilityWorkTypes.js';
import { toWorkTypeTemplate } from './workTypeTemplates.js';

/**
 * GET /api/reference/{cfId}/workTypes/{workTypeId}/template (dictatorView): the template a new
 * document of the work type starts from at the facility, and whether it is the facility's own,
 * its structure's or the default. A work type the facility does not see is 404.
 */
export async function getWorkTypeTemplate(
  ctx: AppContext,
  auth: Auth,
  cfId: number,
  workTypeId: number,
): Promise<WorkTypeTemplate> {
  const db = ctx.database.db;
  const facility = await requireFacility(ctx, auth, cfId);
  const workType = await requireWorkType(db, facility, workTypeId);
  return toWorkTypeTemplate(db, facility, workType);
}
