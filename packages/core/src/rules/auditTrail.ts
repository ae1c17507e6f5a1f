import { enUS } from '../i18n/enUS.js';
import { message } from '../i18n/format.js';

const ACTIONS: Record<string, string> = enUS.auditTrail.actions;
const OUTCOMES: Record<string, string> = enUS.auditTrail.outcomes;

/**
 * What an audit row's action means, in words: the catalogue's text for the action, or — for a
 * refused call, named by its endpoint (`jobEditor.cda`) — "Call jobEditor.cda".
 */
export function auditActionText(action: string): string {
  return ACTIONS[action] ?? message('auditTrail.call', { name: action });
}

/** How an audited call ended, in words (the code itself when the catalogue has none). */
export function auditOutcomeText(outcome: string): string {
  return OUTCOMES[outcome] ?? outcome;
}

/**
 * A text cell a spreadsheet will not run: text starting with =, +, - or @ (a formula to Excel,
 * LibreOffice and Google Sheets) gets a leading apostrophe. Local to the audit export until the
 * shared spreadsheet rule of issue 23 lands; then this gives way to it.
 */
export function spreadsheetText(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

/** One CSV field (RFC 4180): formula-safe, quoted when it holds a comma, quote or line break. */
export function csvField(value: string | number | null): string {
  if (value === null) return '';
  const text = typeof value === 'number' ? String(value) : spreadsheetText(value);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}
