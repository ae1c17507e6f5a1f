import { Alert } from '@mantine/core';
import type { AddendumResult } from '@quill/core/contract/jobSave';
import { useTranslation } from 'react-i18next';

/**
 * Issue 43: while an addendum is edited, what it amends and why — "Addendum to the version signed
 * on <date in the facility's zone>: <reason>" (the version's number when it was never signed).
 */
export function AddendumBanner({ addendum }: { addendum: AddendumResult['addendum'] | null }) {
  const { t } = useTranslation();
  if (!addendum) return null;
  const text = addendum.formattedSignedAt
    ? t('addendum.banner', { signedAt: addendum.formattedSignedAt, reason: addendum.reason })
    : t('addendum.bannerUnsigned', { version: String(addendum.ofVersion), reason: addendum.reason });
  return (
    <Alert color="blue" variant="light" role="status" data-testid="addendum-banner">
      {text}
    </Alert>
  );
}
