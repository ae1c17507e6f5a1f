import { GROUPED_PERMISSIONS, type Grantable } from '@quill/core';
import { asc } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { corporateStructures } from '../../db/schema/index.js';
import type { Auth } from '../auth/auth.js';
import { inScope } from '../tenantScope/inScope.js';

/** GET /api/users/grantable: what the manager may give: their own account's permissions and structures (their company first). */
export async function getGrantable(ctx: AppContext, auth: Auth): Promise<Grantable> {
  const structures = await ctx.database.db
    .select({ id: corporateStructures.id, name: corporateStructures.name })
    .from(corporateStructures)
    .where(inScope(auth.scope, corporateStructures.id))
    .orderBy(asc(corporateStructures.name));
  // The manager's own company first: the one a new account most often belongs to.
  const own = structures.filter((s) => s.id === auth.companyId);
  return {
    permissions: GROUPED_PERMISSIONS.filter((p) => auth.permissions.has(p)),
    structures: [...own, ...structures.filter((s) => s.id !== auth.companyId)],
  };
}
