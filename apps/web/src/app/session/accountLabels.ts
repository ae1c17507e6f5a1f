import type { UserSummary } from '@quill/core/contract/account';
import { MEMBER_TYPES } from '@quill/core/rules/settings/constants';
import type { TFunction } from 'i18next';

const TYPE_KEYS = {
  [MEMBER_TYPES.invalid]: 'account.memberTypes.invalid',
  [MEMBER_TYPES.dictator]: 'account.memberTypes.dictator',
  [MEMBER_TYPES.transcriptionist]: 'account.memberTypes.transcriptionist',
  [MEMBER_TYPES.manager]: 'account.memberTypes.manager',
} as const;

/** Spec 01 §1/§6: Dictator (1), Transcriptionist (2), Manager (3); anything else reads Invalid. */
export function memberTypeLabel(t: TFunction, memberType: number): string {
  return t(TYPE_KEYS[memberType as keyof typeof TYPE_KEYS] ?? TYPE_KEYS[MEMBER_TYPES.invalid]);
}

/** Spec 01 §2 "Select User": each account reads 'member - type'. */
export function summaryLabel(t: TFunction, summary: UserSummary): string {
  return t('account.summaryLabel', { member: summary.member, type: memberTypeLabel(t, summary.memberType) });
}

/** The account in the navigation: 'member - company', or the member alone when it already names the company. */
export function accountLabel(t: TFunction, summary: UserSummary): string {
  if (summary.company && summary.member.includes(summary.company)) return summary.member;
  return t('account.accountLabel', { member: summary.member, company: summary.company });
}
