import type { HoldQueueRuleChange, HoldQueueRuleRow } from '@quill/core';
import { message, ruleParams } from '@quill/core';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../../context.js';
import { holdQueueRules } from '../../../db/schema/index.js';
import { isUniqueViolation } from '../../../db/uniqueViolation.js';
import { conflict } from '../../../errors/domainErrors.js';
import type { Auth } from '../../auth/auth.js';
import { auditReference } from '../auditReference.js';
import { referenceWrite } from '../referenceWrite.js';
import { loadRules, requireRule, ruleFieldNames, ruleRow } from './holdQueueRuleRows.js';
import { checkCodeFree, checkRuleFields } from './ruleChecks.js';

/**
 * POST /api/reference/{cfId}/holdQueueRules/{ruleId} (dictatorAdd): a rule's code (unique in the
 * facility ignoring case, 409), description and, for the kinds that take them, the ADT items it
 * checks (absent: as stored). The kind stays. Flags the rule set on jobs keep their old wording
 * until the job is saved again. Audited.
 */
export async function saveHoldQueueRule(
  ctx: AppContext,
  auth: Auth,
  cfId: number,
  ruleId: number,
  input: HoldQueueRuleChange,
  ip: string | null,
): Promise<HoldQueueRuleRow> {
  return referenceWrite(ctx, auth, cfId, async (tx, facility) => {
    const rule = await requireRule(tx, facility.id, ruleId);
    checkCodeFree(
      input.code,
      (await loadRules(tx, facility.id)).filter((r) => r.id !== rule.id),
    );
    const names = await ruleFieldNames(tx, facility);
    if (input.fields !== undefined) checkRuleFields(rule.kind, input.fields, names);
    // Other params stay as stored (the demo's addresseeCount carries a flag of its own).
    const params =
      input.fields === undefined
        ? rule.params
        : { ...withoutFields(rule.params), ...ruleParams(rule.kind, input.fields) };
    const [saved] = await tx
      .update(holdQueueRules)
      .set({ code: input.code, description: input.description, params })
      .where(eq(holdQueueRules.id, rule.id))
      .returning();
    await auditReference(
      ctx,
      auth,
      facility,
      'holdQueueRule.save',
      ip,
      { ruleId: rule.id, code: saved!.code, previousCode: rule.code, kind: rule.kind },
      tx,
    );
    return ruleRow(saved!, names);
  }).catch((err: unknown) => {
    throw isUniqueViolation(err, 'hold_queue_rules_cf_code_idx')
      ? conflict(message('reference.adt.rules.codeTaken', { code: input.code }), 'rule_code_taken')
      : err;
  });
}

function withoutFields(params: Record<string, unknown>): Record<string, unknown> {
  const { fields: _, ...rest } = params;
  return rest;
}
