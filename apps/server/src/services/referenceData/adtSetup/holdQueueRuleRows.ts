import { type HoldQueueRuleRow, message, ruleFields, ruleParamsInWords } from '@quill/core';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { holdQueueRules } from '../../../db/schema/index.js';
import { notFound } from '../../../errors/domainErrors.js';
import type { Facility } from '../requireFacility.js';
import { facilityItems, jobValueItems } from './adtItemRows.js';

export type RuleRow = typeof holdQueueRules.$inferSelect;

/** The facility's rules in the order they run (code, as the save reads them). */
export function loadRules(db: Db, facilityId: number): Promise<RuleRow[]> {
  return db
    .select()
    .from(holdQueueRules)
    .where(eq(holdQueueRules.clientFacilityId, facilityId))
    .orderBy(asc(holdQueueRules.code), asc(holdQueueRules.id));
}

/** Rule `ruleId` of the facility; another facility's or no rule: 404. */
export async function requireRule(db: Db, facilityId: number, ruleId: number): Promise<RuleRow> {
  const [rule] = await db
    .select()
    .from(holdQueueRules)
    .where(and(eq(holdQueueRules.id, ruleId), eq(holdQueueRules.clientFacilityId, facilityId)));
  if (!rule) throw notFound(message('reference.adt.rules.notFound'));
  return rule;
}

/** The display names of the job value items the facility shows, by key (what a rule may check). */
export async function ruleFieldNames(db: Db, facility: Facility): Promise<Map<string, string>> {
  const shown = jobValueItems(await facilityItems(db, facility), facility.id);
  return new Map(shown.map((i) => [i.key, i.displayName]));
}

/** A stored rule as the Hold-queue rules table shows it. */
export function ruleRow(rule: RuleRow, names: ReadonlyMap<string, string>): HoldQueueRuleRow {
  const explained = ruleParamsInWords(rule.kind, rule.params, names);
  return {
    id: rule.id,
    code: rule.code,
    description: rule.description,
    kind: rule.kind,
    enabled: rule.enabled,
    fields: ruleFields(rule.params),
    explanation: message(explained.key, explained.values),
  };
}
