import {
  MAX_PHYSICIAN_RESULTS,
  message,
  type Physician,
  type SearchPhysiciansQuery,
  splitPhysicianSearch,
} from '@quill/core';
import { and, asc, eq, ilike, inArray, isNull, or, type SQL } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { likePrefix } from '../../db/likePrefix.js';
import { clientFacilities, physicians } from '../../db/schema/index.js';
import { invalid, notFound } from '../../errors/domainErrors.js';
import type { Auth } from '../auth/resolveSession.js';
import { toPhysician } from './jobRows.js';

/** Spec 02 §5: the text split at the first comma into last and first name; no comma is a last name. */
function namesOf(q: string): { lastName: string; firstName: string } {
  const split = splitPhysicianSearch(q);
  return { lastName: split.last, firstName: split.either ? '' : split.first };
}

async function facilityOf(ctx: AppContext, auth: Auth, id: number) {
  const [cf] = await ctx.database.db
    .select()
    .from(clientFacilities)
    .where(
      and(
        eq(clientFacilities.id, id),
        inArray(clientFacilities.corporateStructureId, [...auth.corporateStructureIds, -1]),
      ),
    );
  if (!cf) throw notFound(message('job.facilityNotFound', { id }));
  return cf;
}

/**
 * GET /api/jobs/SearchPhysicians: physicians of the account's structures by memberId (the
 * physician with that id), by cfId and q ("Last, First" prefixes), or by physicianSearchType and
 * companyId (client facility) with last name, first name, access code and specialty prefixes.
 * Physicians of the facility and those of its whole structure; at most 300, by name.
 */
export async function searchPhysicians(
  ctx: AppContext,
  auth: Auth,
  q: SearchPhysiciansQuery,
): Promise<Physician[]> {
  const where: (SQL | undefined)[] = [];
  if (q.memberId !== undefined) {
    where.push(
      eq(physicians.id, q.memberId),
      inArray(physicians.corporateStructureId, [...auth.corporateStructureIds, -1]),
    );
  } else {
    const facilityId = q.cfId ?? (q.physicianSearchType !== undefined ? q.companyId : undefined);
    if (facilityId === undefined) throw invalid(message('job.searchNeedsInput'));
    const cf = await facilityOf(ctx, auth, facilityId);
    where.push(
      eq(physicians.corporateStructureId, cf.corporateStructureId),
      or(eq(physicians.clientFacilityId, cf.id), isNull(physicians.clientFacilityId)),
    );
    const names =
      q.cfId !== undefined
        ? namesOf(q.q ?? '')
        : { lastName: q.lastName ?? '', firstName: q.firstName ?? '' };
    if (q.cfId !== undefined && !names.lastName && !names.firstName) return [];
    if (names.lastName) where.push(ilike(physicians.lastName, likePrefix(names.lastName)));
    if (names.firstName) where.push(ilike(physicians.firstName, likePrefix(names.firstName)));
    if (q.cfId === undefined && q.accessCode)
      where.push(ilike(physicians.accessCode, likePrefix(q.accessCode)));
    if (q.cfId === undefined && q.specialty) where.push(ilike(physicians.specialty, likePrefix(q.specialty)));
    if (q.physicianSearchType === 0) where.push(eq(physicians.isDictator, true));
  }
  const rows = await ctx.database.db
    .select()
    .from(physicians)
    .where(and(...where))
    .orderBy(asc(physicians.lastName), asc(physicians.firstName), asc(physicians.id))
    .limit(MAX_PHYSICIAN_RESULTS);
  return rows.map(toPhysician);
}
