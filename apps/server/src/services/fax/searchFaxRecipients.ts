import {
  type FaxRecipient,
  isValidFaxNumber,
  LIMITS,
  personDisplayName,
  RECIPIENT_KIND,
  splitPhysicianSearch,
} from '@quill/core';
import { and, asc, eq, or, type SQL } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { startsWithIgnoringCase } from '../../db/likePrefix.js';
import { physicians } from '../../db/schema/index.js';
import type { Auth } from '../auth/auth.js';
import { requireCorporateStructure } from '../tenantScope/requireStructure.js';

/**
 * GET /api/jobs/Dictators?q&csid: physicians of corporate structure `csid` as fax recipients (`id`
 * is the physician id, type 'Physician'), at most LIMITS.faxSearchLimit, ordered by last and first
 * name. `q` is split at the first comma into last and first name (spec 02 §5) and each part
 * matches a name's start, ignoring case; without a comma it may start either name; empty matches
 * everyone. A structure the account may not see answers 404. The name prefixes are indexed
 * (physicians_cs_last_prefix_idx, physicians_cs_first_prefix_idx).
 */
export async function searchFaxRecipients(
  ctx: AppContext,
  auth: Auth,
  query: { q: string; csid: number },
): Promise<FaxRecipient[]> {
  await requireCorporateStructure(ctx, auth.scope, query.csid);
  const { last, first, either } = splitPhysicianSearch(query.q);
  const lastMatches = startsWithIgnoringCase(physicians.lastName, last);
  const firstMatches = startsWithIgnoringCase(physicians.firstName, first);
  const conditions: (SQL | undefined)[] = [
    eq(physicians.corporateStructureId, query.csid),
    // A disabled physician is offered as no new recipient (issue 26).
    eq(physicians.disabled, false),
  ];
  if (either) {
    if (last) conditions.push(or(lastMatches, firstMatches));
  } else {
    if (last) conditions.push(lastMatches);
    if (first) conditions.push(firstMatches);
  }
  const rows = await ctx.database.db
    .select()
    .from(physicians)
    .where(and(...conditions))
    .orderBy(asc(physicians.lastName), asc(physicians.firstName), asc(physicians.id))
    .limit(LIMITS.faxSearchLimit);
  return rows.map((p) => ({
    id: p.id,
    name: personDisplayName(p),
    faxNumber: p.fax ?? '',
    recipientType: RECIPIENT_KIND.Physician,
    faxFlag: isValidFaxNumber(p.fax),
    physicianId: p.id,
  }));
}
