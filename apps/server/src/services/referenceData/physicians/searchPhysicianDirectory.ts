import { type PhysicianDirectoryPage, type PhysicianDirectoryQuery, splitPhysicianSearch } from '@quill/core';
import { and, asc, eq, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { AppContext } from '../../../context.js';
import { startsWithIgnoringCase } from '../../../db/likePrefix.js';
import { physicians } from '../../../db/schema/index.js';
import type { Auth } from '../../auth/auth.js';
import { requireFacility } from '../requireFacility.js';
import { directoryName, inDirectoryOf, toDirectoryRow } from './directory.js';

const p = physicians;
const into = alias(physicians, 'merged_into');

/** "Last, First" prefixes; text without a comma is a prefix of either name (as the fax recipient search). */
function nameText(q: string): SQL[] {
  const { last, first, either } = splitPhysicianSearch(q);
  if (either) {
    const any = last
      ? or(startsWithIgnoringCase(p.lastName, last), startsWithIgnoringCase(p.firstName, last))
      : undefined;
    return any ? [any] : [];
  }
  const out: SQL[] = [];
  if (last) out.push(startsWithIgnoringCase(p.lastName, last));
  if (first) out.push(startsWithIgnoringCase(p.firstName, first));
  return out;
}

/**
 * GET /api/reference/{cfId}/physicians (dictatorView): the facility's physician directory (its own
 * physicians and those listed for every facility of its structure; another company's facility is
 * 404) by name and access-code prefixes, ignoring case (the `lower(…) text_pattern_ops` indexes
 * of migrations 0003 and 0014), enabled or disabled ones only; a page at a time by last name,
 * first name and id, each with the physician it was merged into.
 */
export async function searchPhysicianDirectory(
  ctx: AppContext,
  auth: Auth,
  cfId: number,
  q: PhysicianDirectoryQuery,
): Promise<PhysicianDirectoryPage> {
  const facility = await requireFacility(ctx, auth, cfId);
  const where: SQL[] = [inDirectoryOf(facility), ...nameText(q.q ?? '')];
  if (q.accessCode) where.push(startsWithIgnoringCase(p.accessCode, q.accessCode));
  if (q.disabled) where.push(eq(p.disabled, q.disabled === 'true'));
  const { db } = ctx.database;
  const [count] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(p)
    .where(and(...where));
  const rows = await db
    .select({ p, intoId: into.id, intoLast: into.lastName, intoFirst: into.firstName })
    .from(p)
    .leftJoin(into, eq(into.id, p.mergedIntoId))
    .where(and(...where))
    .orderBy(asc(p.lastName), asc(p.firstName), asc(p.id))
    .limit(q.pageSize)
    .offset((q.page - 1) * q.pageSize);
  return {
    rows: rows.map((r) =>
      toDirectoryRow(
        r.p,
        r.intoId === null
          ? null
          : {
              id: r.intoId,
              name: directoryName({ lastName: r.intoLast ?? '', firstName: r.intoFirst ?? '' }),
            },
      ),
    ),
    total: count!.n,
    page: q.page,
    pageSize: q.pageSize,
  };
}
