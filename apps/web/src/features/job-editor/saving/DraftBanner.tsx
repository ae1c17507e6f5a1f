import { Alert, Button, Group } from '@mantine/core';
import { formatUserDateTime } from '@quill/core/rules/time/userTime';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../app/session/SessionContext';
import type { JobDraft } from './draftStore';

/** The offer of a kept draft above the editor: Restore or Discard (useDraft). */
export function DraftBanner({
  draft,
  restoreDisabled,
  onRestore,
  onDiscard,
}: {
  draft: JobDraft | null;
  restoreDisabled: boolean;
  onRestore: () => void;
  onDiscard: () => void;
}) {
  const { t } = useTranslation();
  const { userSettings } = useSession();
  if (!draft) return null;
  return (
    <Alert color="yellow" mb="xs" role="status">
      <Group justify="space-between">
        <span>{t('jobView.draftFound', { time: formatUserDateTime(draft.savedAt, userSettings) })}</span>
        <Group gap="xs">
          <Button size="compact-sm" disabled={restoreDisabled} onClick={onRestore}>
            {t('jobView.restoreDraft')}
          </Button>
          <Button size="compact-sm" variant="default" onClick={onDiscard}>
            {t('jobView.discardDraft')}
          </Button>
        </Group>
      </Group>
    </Alert>
  );
}
