import { message, type Physician } from '@quill/core';
import { and, eq, inArray } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { physicians } from '../../db/schema/index.js';
import { notFound } from '../../errors/domainErrors.js';
import type { Auth } from '../auth/resolveSession.js';
import { toPhysician } from './jobRows.js';

/** GET /api/jobs/GetPhysician?userId: one physician of the account's structures (404 otherwise). */
export async function getPhysician(ctx: AppContext, auth: Auth, userId: number): Promise<Physician> {
  const [row] = await ctx.database.db
    .select()
    .from(physicians)
    .where(
      and(
        eq(physicians.id, userId),
        inArray(physicians.corporateStructureId, [...auth.corporateStructureIds, -1]),
      ),
    );
  if (!row) throw notFound(message('job.physicianNotFound', { id: userId }));
  return toPhysician(row);
}
