import { message, type Physician } from '@quill/core';
import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { physicians } from '../../db/schema/index.js';
import { notFound } from '../../errors/domainErrors.js';
import { MAX_INT4 } from '../audio/requireCreateFacility.js';
import type { Auth } from '../auth/auth.js';
import { toPhysician } from '../jobEditor/jobRows.js';
import { inScopeOrShared } from '../tenantScope/inScope.js';

/**
 * GET /api/jobs/GetPhysician?userId and GET /api/jobs/physicians/{userId} (spec 02 §7): one
 * physician of the account's structures; another tenant's, a missing one and an id no physician
 * can have answer 404.
 */
export async function getPhysician(ctx: AppContext, auth: Auth, userId: number): Promise<Physician> {
  const [row] =
    userId <= MAX_INT4
      ? await ctx.database.db
          .select()
          .from(physicians)
          .where(and(eq(physicians.id, userId), inScopeOrShared(auth.scope, physicians.corporateStructureId)))
      : [];
  if (!row) throw notFound(message('job.physicianNotFound', { id: userId }));
  return toPhysician(row);
}
