import { Alert } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * Issue 27: what the document above is while the job has no text of its own yet — the speech
 * recognizer's draft (its unchecked words highlighted) or a new document from the work type's
 * template. Nothing for the job's own document.
 */
export function StartingDraftNotice({ draft, workType }: { draft: string | null; workType: string | null }) {
  const { t } = useTranslation();
  if (draft === null) return null;
  const text =
    draft === 'asr'
      ? t('transcribe.start.draftBanner')
      : t('transcribe.start.templateBanner', { workType: workType ?? t('transcribe.start.defaultWorkType') });
  return (
    <Alert color="blue" mb="xs" role="status" data-testid="starting-draft">
      {text}
    </Alert>
  );
}
