import { type Company, SCHEDULE_LIMITS } from '@quill/core';
import { and, asc, eq, ilike, or, type SQL } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { clientFacilities } from '../../db/schema/index.js';
import { MAX_INT4 } from '../audio/requireCreateFacility.js';
import type { Auth } from '../auth/auth.js';
import { inScope } from '../tenantScope/inScope.js';
import { isEmptyScope } from '../tenantScope/tenantScope.js';

/** A LIKE pattern matching values that contain `text` (its own %, _ and \ taken literally). */
function likeContains(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * POST /api/company/searchbynameorid/{text} (spec 02 §3 "Company"): the client facilities of the
 * account's corporate structures whose name contains the text (any case) or whose id is it, by
 * name, at most SCHEDULE_LIMITS.companySearchLimit. displayValue reads "Name (id)".
 */
export async function searchCompanies(ctx: AppContext, auth: Auth, text: string): Promise<Company[]> {
  if (isEmptyScope(auth.scope)) return [];
  const matches: SQL[] = [ilike(clientFacilities.name, likeContains(text))];
  if (/^\d+$/.test(text) && Number(text) <= MAX_INT4) matches.push(eq(clientFacilities.id, Number(text)));
  const rows = await ctx.database.db
    .select({ id: clientFacilities.id, name: clientFacilities.name })
    .from(clientFacilities)
    .where(and(inScope(auth.scope, clientFacilities.corporateStructureId), or(...matches)))
    .orderBy(asc(clientFacilities.name), asc(clientFacilities.id))
    .limit(SCHEDULE_LIMITS.companySearchLimit);
  return rows.map((r) => ({ id: r.id, name: r.name, displayValue: `${r.name} (${r.id})` }));
}
