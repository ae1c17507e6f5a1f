import { message } from '@quill/core';
import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { clientFacilities } from '../../db/schema/index.js';
import { notFound } from '../../errors/domainErrors.js';
import type { Auth } from '../auth/auth.js';
import { inScope } from '../tenantScope/inScope.js';
import { isEmptyScope } from '../tenantScope/tenantScope.js';

/** Largest value of an integer (int4) id column; a larger id cannot name a row. */
export const MAX_INT4 = 2_147_483_647;

/** The client facility, when it is in one of the account's corporate structures; 404 otherwise. */
export async function requireCreateFacility(ctx: AppContext, auth: Auth, clientFacilityId: number) {
  const [facility] =
    !isEmptyScope(auth.scope) && clientFacilityId <= MAX_INT4
      ? await ctx.database.db
          .select()
          .from(clientFacilities)
          .where(
            and(
              eq(clientFacilities.id, clientFacilityId),
              inScope(auth.scope, clientFacilities.corporateStructureId),
            ),
          )
      : [];
  if (!facility) throw notFound(message('audio.facilityNotFound', { id: clientFacilityId }));
  return facility;
}
