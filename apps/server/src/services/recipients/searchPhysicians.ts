import {
  MAX_PHYSICIAN_RESULTS,
  message,
  PHYSICIAN_SEARCH_TYPES,
  type Physician,
  type SearchPhysiciansQuery,
  splitPhysicianSearch,
} from '@quill/core';
import { and, asc, eq, isNull, or, type SQL } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { startsWithIgnoringCase } from '../../db/likePrefix.js';
import { clientFacilities, physicians } from '../../db/schema/index.js';
import { invalid, notFound } from '../../errors/domainErrors.js';
import { MAX_INT4 } from '../audio/requireCreateFacility.js';
import type { Auth } from '../auth/auth.js';
import { toPhysician } from '../jobEditor/jobRows.js';
import { inScopeOrShared } from '../tenantScope/inScope.js';

const p = physicians;

async function facilityOf(ctx: AppContext, auth: Auth, id: number) {
  const [cf] =
    id <= MAX_INT4
      ? await ctx.database.db
          .select()
          .from(clientFacilities)
          .where(
            and(
              eq(clientFacilities.id, id),
              inScopeOrShared(auth.scope, clientFacilities.corporateStructureId),
            ),
          )
      : [];
  if (!cf) throw notFound(message('job.facilityNotFound', { id }));
  return cf;
}

/** cfId & q (spec 02 §7): "Last, First" prefixes; text without a comma is a last-name prefix. */
function cfText(q: string): SQL[] {
  const { last, first, either } = splitPhysicianSearch(q);
  const out: SQL[] = [];
  if (last) out.push(startsWithIgnoringCase(p.lastName, last));
  if (first && !either) out.push(startsWithIgnoringCase(p.firstName, first));
  return out;
}

/**
 * The Physician modal's one text with a search type (spec 02 §2 placeholder 'Last Name, First
 * Name, Access Code, Specialty'; §5 split at the first comma): "Last, First" prefixes, or without
 * a comma a prefix of the last name, the first name, the access code or the specialty.
 */
function modalText(q: string): SQL[] {
  const { last, first, either } = splitPhysicianSearch(q);
  if (either) {
    if (!last) return [];
    const any = or(
      startsWithIgnoringCase(p.lastName, last),
      startsWithIgnoringCase(p.firstName, last),
      startsWithIgnoringCase(p.accessCode, last),
      startsWithIgnoringCase(p.specialty, last),
    );
    return any ? [any] : [];
  }
  const out: SQL[] = [];
  if (last) out.push(startsWithIgnoringCase(p.lastName, last));
  if (first) out.push(startsWithIgnoringCase(p.firstName, first));
  return out;
}

/** Explicit prefixes of a search by type, all of them required. */
function fieldPrefixes(q: SearchPhysiciansQuery): SQL[] {
  const fields = [
    [p.lastName, q.lastName],
    [p.firstName, q.firstName],
    [p.accessCode, q.accessCode],
    [p.specialty, q.specialty],
  ] as const;
  return fields.flatMap(([column, text]) => (text ? [startsWithIgnoringCase(column, text)] : []));
}

/** DICTATOR and DICTATED_FOR find physicians who dictate; ADT, CCLIST and NAME_INSERT everyone. */
const dictatesOnly = (type: number) =>
  type === PHYSICIAN_SEARCH_TYPES.DICTATOR || type === PHYSICIAN_SEARCH_TYPES.DICTATED_FOR;

/**
 * GET /api/jobs/SearchPhysicians: physicians of the account's structures by memberId (the
 * physician with that id), by cfId and q ("Last, First" prefixes), or by physicianSearchType and
 * companyId (a client facility; another tenant's answers 404) with the modal's text `q` and the
 * last name, first name, access code and specialty prefixes (all that are given must match).
 * Physicians of the facility and those of its whole structure; case-insensitive prefixes served
 * by the `lower(…) text_pattern_ops` indexes; at most 300, by last name, first name and id.
 */
export async function searchPhysicians(
  ctx: AppContext,
  auth: Auth,
  q: SearchPhysiciansQuery,
): Promise<Physician[]> {
  const where: (SQL | undefined)[] = [];
  if (q.memberId !== undefined) {
    if (q.memberId > MAX_INT4) return [];
    where.push(eq(p.id, q.memberId), inScopeOrShared(auth.scope, p.corporateStructureId));
  } else {
    const byType = q.physicianSearchType !== undefined;
    const facilityId = q.cfId ?? (byType ? q.companyId : undefined);
    if (facilityId === undefined) throw invalid(message('job.searchNeedsInput'));
    const cf = await facilityOf(ctx, auth, facilityId);
    where.push(
      eq(p.corporateStructureId, cf.corporateStructureId),
      or(eq(p.clientFacilityId, cf.id), isNull(p.clientFacilityId)),
      // A disabled physician is offered for no new choice (issue 26); memberId still finds it.
      eq(p.disabled, false),
    );
    if (q.cfId !== undefined) {
      const text = cfText(q.q ?? '');
      if (!text.length) return [];
      where.push(...text);
    } else {
      where.push(...modalText(q.q ?? ''), ...fieldPrefixes(q));
      if (dictatesOnly(q.physicianSearchType!)) where.push(eq(p.isDictator, true));
    }
  }
  const rows = await ctx.database.db
    .select()
    .from(p)
    .where(and(...where))
    .orderBy(asc(p.lastName), asc(p.firstName), asc(p.id))
    .limit(MAX_PHYSICIAN_RESULTS);
  return rows.map(toPhysician);
}
