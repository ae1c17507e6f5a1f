import {
  message,
  PHYSICIAN_DIRECTORY_LIMITS,
  type PhysicianChoice,
  type PhysicianChoicesQuery,
  splitPhysicianSearch,
} from '@quill/core';
import { and, asc, eq, or, type SQL } from 'drizzle-orm';
import type { AppContext } from '../../../context.js';
import { startsWithIgnoringCase } from '../../../db/likePrefix.js';
import { physicians } from '../../../db/schema/index.js';
import { notFound } from '../../../errors/domainErrors.js';
import type { Auth } from '../../auth/auth.js';
import { requireInScope } from '../../tenantScope/mayAccess.js';
import { directoryName } from './directory.js';

const p = physicians;

/**
 * GET /api/reference/physicianChoices (dictatorView): the enabled physicians of a company (a
 * corporate structure the account may see; any other is 404) whose name starts as `q` does
 * ("Last, First"; without a comma either name), every facility's, at most
 * PHYSICIAN_DIRECTORY_LIMITS.linkChoicesMax by name — what the Users page links a dictator account to.
 */
export async function physicianLinkChoices(
  ctx: AppContext,
  auth: Auth,
  q: PhysicianChoicesQuery,
): Promise<PhysicianChoice[]> {
  requireInScope(auth.scope, q.companyId, () => notFound(message('reference.physicians.companyNotFound')));
  const { last, first, either } = splitPhysicianSearch(q.q);
  const where: (SQL | undefined)[] = [eq(p.corporateStructureId, q.companyId), eq(p.disabled, false)];
  if (either) {
    if (!last) return [];
    where.push(or(startsWithIgnoringCase(p.lastName, last), startsWithIgnoringCase(p.firstName, last)));
  } else {
    if (!last && !first) return [];
    if (last) where.push(startsWithIgnoringCase(p.lastName, last));
    if (first) where.push(startsWithIgnoringCase(p.firstName, first));
  }
  const rows = await ctx.database.db
    .select()
    .from(p)
    .where(and(...where))
    .orderBy(asc(p.lastName), asc(p.firstName), asc(p.id))
    .limit(PHYSICIAN_DIRECTORY_LIMITS.linkChoicesMax);
  return rows.map((r) => ({
    id: r.id,
    name: directoryName(r),
    accessCode: r.accessCode,
    specialty: r.specialty,
    isDictator: r.isDictator,
  }));
}
