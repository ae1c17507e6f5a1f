import type { HoldQueueRuleRow } from '@quill/core';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../../context.js';
import { holdQueueRules } from '../../../db/schema/index.js';
import type { Auth } from '../../auth/auth.js';
import { auditReference } from '../auditReference.js';
import { referenceWrite } from '../referenceWrite.js';
import { requireRule, ruleFieldNames, ruleRow } from './holdQueueRuleRows.js';

/**
 * POST /api/reference/{cfId}/holdQueueRules/{ruleId}/enabled (dictatorAdd): turns a rule on or
 * off. The save and the hold-queue check read the enabled rules each time, so the next save of a
 * job is held (or no longer held) by it; flags already on a job stay until that save. Audited.
 */
export async function setHoldQueueRuleEnabled(
  ctx: AppContext,
  auth: Auth,
  cfId: number,
  ruleId: number,
  enabled: boolean,
  ip: string | null,
): Promise<HoldQueueRuleRow> {
  return referenceWrite(ctx, auth, cfId, async (tx, facility) => {
    const rule = await requireRule(tx, facility.id, ruleId);
    const [saved] = await tx
      .update(holdQueueRules)
      .set({ enabled })
      .where(eq(holdQueueRules.id, rule.id))
      .returning();
    await auditReference(
      ctx,
      auth,
      facility,
      enabled ? 'holdQueueRule.enable' : 'holdQueueRule.disable',
      ip,
      { ruleId: rule.id, code: rule.code, was: rule.enabled },
      tx,
    );
    return ruleRow(saved!, await ruleFieldNames(tx, facility));
  });
}
