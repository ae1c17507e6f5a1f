import { ACCOUNT_MEMBER_TYPES } from '@quill/core/rules/auth/userAdmin';
import type { TFunction } from 'i18next';

const KEYS = { 1: 'dictator', 2: 'transcriptionist', 3: 'manager' } as const;

/** A member type's name ("Transcriptionist"). */
export function memberTypeName(t: TFunction, type: number): string {
  const key = KEYS[type as keyof typeof KEYS];
  return key ? t(`account.memberTypes.${key}`) : t('account.memberTypes.invalid');
}

/** The member types as select options. */
export function memberTypeOptions(t: TFunction) {
  return ACCOUNT_MEMBER_TYPES.map((type) => ({ value: String(type), label: memberTypeName(t, type) }));
}
