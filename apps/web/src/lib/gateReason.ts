import type { Gate } from '@quill/core/rules/jobList/actions/actionGates';
import type { TFunction } from 'i18next';

/**
 * The catalogue text of why a shown action cannot be used (its tooltip and description), or null
 * when it can. The key is chosen at run time, so i18next cannot type its placeholders here.
 */
export function gateReason(t: TFunction, gate: Gate): string | null {
  if (!gate.shown || !gate.disabledBy) return null;
  const translate = t as unknown as (key: string, values?: Record<string, string | number>) => string;
  return translate(gate.disabledBy.key, gate.disabledBy.values);
}
