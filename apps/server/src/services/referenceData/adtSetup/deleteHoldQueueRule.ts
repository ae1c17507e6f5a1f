import type { AdtSetupDeleted } from '@quill/core';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../../context.js';
import { holdQueueRules } from '../../../db/schema/index.js';
import type { Auth } from '../../auth/auth.js';
import { auditReference } from '../auditReference.js';
import { referenceWrite } from '../referenceWrite.js';
import { requireRule } from './holdQueueRuleRows.js';

/**
 * POST /api/reference/{cfId}/holdQueueRules/{ruleId}/delete (dictatorAdd): removes a rule; from
 * the next save no job is held by it (job flags keep its code and wording: they are copies, and
 * the next save of such a job rewrites them). Audited with the code and kind it had.
 */
export async function deleteHoldQueueRule(
  ctx: AppContext,
  auth: Auth,
  cfId: number,
  ruleId: number,
  ip: string | null,
): Promise<AdtSetupDeleted> {
  return referenceWrite(ctx, auth, cfId, async (tx, facility) => {
    const rule = await requireRule(tx, facility.id, ruleId);
    await tx.delete(holdQueueRules).where(eq(holdQueueRules.id, rule.id));
    await auditReference(
      ctx,
      auth,
      facility,
      'holdQueueRule.delete',
      ip,
      { ruleId: rule.id, code: rule.code, kind: rule.kind },
      tx,
    );
    return { deleted: rule.id };
  });
}
