import type { RuleMessage } from '@quill/core/rules/recipients/recipients';
import type { TFunction } from 'i18next';

/** The text of a rule's message (core answers catalogue keys and values; i18next fills them in). */
export function ruleText(t: TFunction, message: RuleMessage): string {
  // Any catalogue key with its values: i18next's typings cannot check a key chosen at run time.
  const lookUp = t as unknown as (key: string, values: Record<string, number>) => string;
  return lookUp(message.key, message.values);
}
