import type { HoldQueueRules } from '@quill/core';
import type { AppContext } from '../../../context.js';
import type { Auth } from '../../auth/auth.js';
import { requireFacility } from '../requireFacility.js';
import { loadRules, ruleFieldNames, ruleRow } from './holdQueueRuleRows.js';

/** GET /api/reference/{cfId}/holdQueueRules (dictatorView): the facility's rules, in the order they run. */
export async function listHoldQueueRules(ctx: AppContext, auth: Auth, cfId: number): Promise<HoldQueueRules> {
  const facility = await requireFacility(ctx, auth, cfId);
  const db = ctx.database.db;
  const names = await ruleFieldNames(db, facility);
  return { rules: (await loadRules(db, facility.id)).map((r) => ruleRow(r, names)) };
}
