import { isTaken, message, ruleFieldsProblem } from '@quill/core';
import { conflict, invalid } from '../../../errors/domainErrors.js';
import type { RuleRow } from './holdQueueRuleRows.js';

/** 409 when another rule of the facility has `code` (ignoring case): the save reads rules by code. */
export function checkCodeFree(code: string, others: readonly RuleRow[]): void {
  if (
    isTaken(
      code,
      others.map((r) => r.code),
    )
  )
    throw conflict(message('reference.adt.rules.codeTaken', { code }), 'rule_code_taken');
}

/** 400 when a rule of `kind` may not check `fields` (rules/adt/adtSetup.ts ruleFieldsProblem). */
export function checkRuleFields(
  kind: string,
  fields: readonly string[] | null | undefined,
  names: ReadonlyMap<string, string>,
): void {
  const wrong = ruleFieldsProblem(kind, fields, new Set(names.keys()));
  if (wrong) throw invalid(message(wrong.key, wrong.values));
}
