import type { CreateAudioChoicesSchema } from '@quill/core';
import { and, asc, eq, isNull, or, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import { physicians, workTypes } from '../../db/schema/index.js';
import type { Auth } from '../auth/auth.js';
import { requireCreateFacility } from './requireCreateFacility.js';

type Facility = { id: number; corporateStructureId: number };

/**
 * Dictators of a facility a new job may name: enabled physicians marked as dictators (a disabled
 * one is offered for no new choice, issue 26), of the facility or the whole structure.
 */
export function dictatorOf(facility: Facility): SQL {
  return and(
    eq(physicians.corporateStructureId, facility.corporateStructureId),
    eq(physicians.isDictator, true),
    eq(physicians.disabled, false),
    or(isNull(physicians.clientFacilityId), eq(physicians.clientFacilityId, facility.id)),
  )!;
}

/** Work types of a facility: its own and the structure-wide ones (clientFacilityId null). */
export function workTypeOf(facility: Facility): SQL {
  return and(
    eq(workTypes.corporateStructureId, facility.corporateStructureId),
    or(isNull(workTypes.clientFacilityId), eq(workTypes.clientFacilityId, facility.id)),
  )!;
}

/**
 * GET /api/audio/createoptions/{clientFacilityId}: the dictators ('Last, First') and work types
 * Create with Audio offers for a facility. Another tenant's facility is 404.
 */
export async function getCreateAudioChoices(
  ctx: AppContext,
  auth: Auth,
  clientFacilityId: number,
): Promise<z.infer<typeof CreateAudioChoicesSchema>> {
  const facility = await requireCreateFacility(ctx, auth, clientFacilityId);
  const dictators = await ctx.database.db
    .select({ id: physicians.id, lastName: physicians.lastName, firstName: physicians.firstName })
    .from(physicians)
    .where(dictatorOf(facility))
    .orderBy(asc(physicians.lastName), asc(physicians.firstName), asc(physicians.id));
  const types = await ctx.database.db
    .select({ id: workTypes.id, name: workTypes.name })
    .from(workTypes)
    .where(workTypeOf(facility))
    .orderBy(asc(workTypes.name), asc(workTypes.id));
  return {
    dictators: dictators.map((d) => ({ id: d.id, name: `${d.lastName}, ${d.firstName}` })),
    workTypes: types,
  };
}
