import type { AdtSearches } from '@quill/core';
import type { AppContext } from '../../../context.js';
import type { Auth } from '../../auth/auth.js';
import { requireFacility } from '../requireFacility.js';
import { loadSearches, searchRow } from './adtSearchRows.js';

/** GET /api/reference/{cfId}/adtSearches (dictatorView): the searches a job of the facility offers. */
export async function listAdtSearches(ctx: AppContext, auth: Auth, cfId: number): Promise<AdtSearches> {
  const facility = await requireFacility(ctx, auth, cfId);
  return { searches: (await loadSearches(ctx.database.db, facility.id)).map(searchRow) };
}
