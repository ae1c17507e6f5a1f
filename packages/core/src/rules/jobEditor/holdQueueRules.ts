import { addresseeLimit } from './saveOptions.js';

/** The rule kinds of docs/domain.md "Hold-queue rules". */
export const HOLD_QUEUE_RULE_KINDS = [
  'missingMandatoryAdt',
  'addresseeCount',
  'noDictator',
  'emptySection',
  'patientNameMismatch',
] as const;

export type HoldQueueRuleKind = (typeof HOLD_QUEUE_RULE_KINDS)[number];

/**
 * Rule kinds about who the job is about (issue 39): a save that would release a job while one of
 * them fails asks for a confirmation with a reason (rules/jobEditor/saveOutcome identityRulesToConfirm).
 */
export const IDENTITY_RULE_KINDS: readonly HoldQueueRuleKind[] = ['patientNameMismatch'];

/** Whether a rule kind is a patient-identity rule. */
export function isIdentityRuleKind(kind: string): boolean {
  return (IDENTITY_RULE_KINDS as readonly string[]).includes(kind);
}

/** A hold-queue rule of a client facility as stored (`hold_queue_rules`). */
export interface HoldQueueRuleDefinition {
  code: string;
  description: string;
  kind: string;
  params: Record<string, unknown>;
}

/** What the rules look at: the job data as it would be saved, and the document with its edits. */
export interface HoldQueueFacts {
  /** ADT values keyed "SEG.field.component". */
  adt: Readonly<Record<string, string>>;
  /** ADT positions the facility marks mandatory (used when a rule names no fields). */
  mandatoryFields: readonly string[];
  /** Live (not removed) addressees. */
  addresseeCount: number;
  workType: { enableAddressee: boolean; minAddressees: number; maxAddressees: number | null } | null;
  hasDictator: boolean;
  /** Null when the job has no CDA text. */
  document: { patientName: string | null; sections: readonly { title: string; text: string }[] } | null;
}

/** One row of the Check Job modal (spec 02 §3 "Check result row"). */
export interface HoldQueueCheckRow {
  ruleCode: string;
  ruleDescription: string;
  isTriggered: boolean;
  /** A patient-identity rule (IDENTITY_RULE_KINDS). */
  isIdentity?: boolean;
}

const stringList = (value: unknown): string[] | null =>
  Array.isArray(value) && value.every((v) => typeof v === 'string') ? (value as string[]) : null;

const blank = (value: string | undefined) => !value || value.trim() === '';

/** Lower-case letter words of a name, for comparing names written in different orders. */
export function nameWords(name: string): string[] {
  return name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .split(/[^a-z]+/)
    .filter(Boolean);
}

/** True when every word of the ADT name parts occurs in the document's patient name. */
export function namesAgree(documentName: string, parts: readonly string[]): boolean {
  const words = new Set(nameWords(documentName));
  return parts.flatMap(nameWords).every((w) => words.has(w));
}

function triggered(rule: HoldQueueRuleDefinition, facts: HoldQueueFacts): boolean {
  switch (rule.kind) {
    case 'missingMandatoryAdt': {
      const fields = stringList(rule.params.fields) ?? facts.mandatoryFields;
      return fields.some((f) => blank(facts.adt[f]));
    }
    case 'addresseeCount':
      return addresseeLimit(facts) !== null;
    case 'noDictator':
      return !facts.hasDictator;
    case 'emptySection':
      return facts.document?.sections.some((s) => blank(s.text)) ?? false;
    case 'patientNameMismatch': {
      const docName = facts.document?.patientName;
      const fields = stringList(rule.params.fields) ?? ['PID.5.1', 'PID.5.2'];
      const parts = fields.map((f) => facts.adt[f] ?? '').filter((p) => !blank(p));
      if (!docName || blank(docName) || !parts.length) return false;
      return !namesAgree(docName, parts);
    }
    default:
      // An unknown kind cannot be evaluated; it never holds a job.
      return false;
  }
}

/** Evaluates a facility's rules in order: one check row per rule. */
export function evaluateHoldQueueRules(
  rules: readonly HoldQueueRuleDefinition[],
  facts: HoldQueueFacts,
): HoldQueueCheckRow[] {
  return rules.map((rule) => ({
    ruleCode: rule.code,
    ruleDescription: rule.description,
    isTriggered: triggered(rule, facts),
    isIdentity: isIdentityRuleKind(rule.kind),
  }));
}
