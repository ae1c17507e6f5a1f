import { enUS } from '../i18n/enUS.js';
import { message } from '../i18n/format.js';
import { spreadsheetText } from './spreadsheetText.js';

const ACTIONS: Record<string, string> = enUS.auditTrail.actions;
const OUTCOMES: Record<string, string> = enUS.auditTrail.outcomes;
const AREAS: Record<string, string> = enUS.auditTrail.areas;

/**
 * What an audit row's action means, in words: the catalogue's text for the action (every action
 * the server writes has one: `auditActionWords.test.ts`), or — for a refused call, named by its
 * endpoint (`jobEditor.cda`) — "Tried to use the job page (jobEditor.cda)"; "Call …" for a name of
 * no known area.
 */
export function auditActionText(action: string): string {
  const worded = ACTIONS[action];
  if (worded) return worded;
  const area = AREAS[action.slice(0, action.indexOf('.'))];
  return area
    ? message('auditTrail.areaCall', { area, name: action })
    : message('auditTrail.call', { name: action });
}

/**
 * An entry in words: its action's text, and for a release confirmed past failing patient-identity
 * rules (issue 39) the rules and the reason the person gave.
 */
export function auditEntryText(action: string, detail: unknown): string {
  const text = auditActionText(action);
  if (action !== 'job.identity.confirm' || !detail || typeof detail !== 'object') return text;
  const { rules, reason } = detail as { rules?: unknown; reason?: unknown };
  if (!Array.isArray(rules) || typeof reason !== 'string') return text;
  return message('auditTrail.identityRelease', { action: text, rules: rules.join(', '), reason });
}

/** How an audited call ended, in words (the code itself when the catalogue has none). */
export function auditOutcomeText(outcome: string): string {
  return OUTCOMES[outcome] ?? outcome;
}

/** One CSV field (RFC 4180): formula-safe (rules/spreadsheetText), quoted when it holds a comma, quote or line break. */
export function csvField(value: string | number | null): string {
  if (value === null) return '';
  const text = typeof value === 'number' ? String(value) : spreadsheetText(value);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}
