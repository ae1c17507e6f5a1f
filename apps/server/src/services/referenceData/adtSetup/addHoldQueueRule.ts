import {
  ADT_SETUP_LIMITS,
  type HoldQueueRuleRow,
  message,
  type NewHoldQueueRule,
  ruleParams,
} from '@quill/core';
import type { AppContext } from '../../../context.js';
import { holdQueueRules } from '../../../db/schema/index.js';
import { isUniqueViolation } from '../../../db/uniqueViolation.js';
import { conflict } from '../../../errors/domainErrors.js';
import type { Auth } from '../../auth/auth.js';
import { auditReference } from '../auditReference.js';
import { referenceWrite } from '../referenceWrite.js';
import { loadRules, ruleFieldNames, ruleRow } from './holdQueueRuleRows.js';
import { checkCodeFree, checkRuleFields } from './ruleChecks.js';

/**
 * POST /api/reference/{cfId}/holdQueueRules (dictatorAdd): a new rule of one of the known kinds,
 * its code unique in the facility ignoring case (409), the ADT items it checks the facility's
 * (400). It applies from the next save or check of a job of the facility. Audited.
 */
export async function addHoldQueueRule(
  ctx: AppContext,
  auth: Auth,
  cfId: number,
  input: NewHoldQueueRule,
  ip: string | null,
): Promise<HoldQueueRuleRow> {
  const taken = () =>
    conflict(message('reference.adt.rules.codeTaken', { code: input.code }), 'rule_code_taken');
  return referenceWrite(ctx, auth, cfId, async (tx, facility) => {
    const rules = await loadRules(tx, facility.id);
    if (rules.length >= ADT_SETUP_LIMITS.rulesMax)
      throw conflict(message('reference.adt.rules.tooMany', { max: ADT_SETUP_LIMITS.rulesMax }));
    checkCodeFree(input.code, rules);
    const names = await ruleFieldNames(tx, facility);
    checkRuleFields(input.kind, input.fields, names);
    const [rule] = await tx
      .insert(holdQueueRules)
      .values({
        clientFacilityId: facility.id,
        code: input.code,
        description: input.description,
        kind: input.kind,
        params: ruleParams(input.kind, input.fields),
        enabled: input.enabled,
      })
      .returning();
    await auditReference(
      ctx,
      auth,
      facility,
      'holdQueueRule.add',
      ip,
      { ruleId: rule!.id, code: rule!.code, kind: rule!.kind, enabled: rule!.enabled },
      tx,
    );
    return ruleRow(rule!, names);
  }).catch((err: unknown) => {
    // The lock makes the check above decide; the unique index is the last word all the same.
    throw isUniqueViolation(err, 'hold_queue_rules_cf_code_idx') ? taken() : err;
  });
}
