import { enUS } from '../../i18n/enUS.js';
import { message } from '../../i18n/format.js';
import { spreadsheetText } from '../schedule/spreadsheetText.js';

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
  if (action === 'job.document.patientConfirmed') return documentPatientEntryText(text, detail);
  if (action !== 'job.identity.confirm' || !detail || typeof detail !== 'object') return text;
  const { rules, reason } = detail as { rules?: unknown; reason?: unknown };
  if (!Array.isArray(rules) || typeof reason !== 'string') return text;
  return message('auditTrail.identityRelease', { action: text, rules: rules.join(', '), reason });
}

const PART_WORDS: Record<string, string> = enUS.patientIdentity;

/**
 * Issue 40: an import confirmed although the document names another patient — the parts that
 * differed (in words) and the reason the person gave.
 */
function documentPatientEntryText(text: string, detail: unknown): string {
  if (!detail || typeof detail !== 'object') return text;
  const { parts, reason } = detail as { parts?: unknown; reason?: unknown };
  if (!Array.isArray(parts) || typeof reason !== 'string') return text;
  const words = parts.map((p) => PART_WORDS[String(p)] ?? String(p)).join(', ');
  return message('documentPatient.auditEntry', { action: text, parts: words, reason });
}

/** How an audited call ended, in words (the code itself when the catalogue has none). */
export function auditOutcomeText(outcome: string): string {
  return OUTCOMES[outcome] ?? outcome;
}

/** One CSV field (RFC 4180): formula-safe (rules/schedule/spreadsheetText), quoted when it holds a comma, quote or line break. */
export function csvField(value: string | number | null): string {
  if (value === null) return '';
  const text = typeof value === 'number' ? String(value) : spreadsheetText(value);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}
