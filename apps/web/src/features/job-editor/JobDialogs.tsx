import { Button, Group, Modal, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { EditDialog } from './useEditSession';

/** Spec 02 §2 "Other dialogs": the protected-job and newer-version dialogs. */
export function JobDialogs({
  dialog,
  onClose,
  onUnprotect,
  onOverwrite,
}: {
  dialog: EditDialog;
  onClose: () => void;
  onUnprotect: () => void;
  onOverwrite: () => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      <Modal
        opened={dialog?.kind === 'protect'}
        onClose={onClose}
        title={t('jobView.protectedTitle')}
        centered
      >
        <Text>{t('jobView.protectedText')}</Text>
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={onClose}>
            {t('jobView.cancel')}
          </Button>
          <Button onClick={onUnprotect}>{t('jobView.unprotect')}</Button>
        </Group>
      </Modal>
      <Modal
        opened={dialog?.kind === 'newerVersion'}
        onClose={onClose}
        title={t('jobView.newerVersionTitle')}
        centered
      >
        <Text>{t('job.newerVersion')}</Text>
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={onClose}>
            {t('jobView.cancel')}
          </Button>
          <Button color="red.9" onClick={onOverwrite}>
            {t('jobView.overwrite')}
          </Button>
        </Group>
      </Modal>
    </>
  );
}

/** Leaving with unsaved changes asks first. */
export function UnsavedChangesDialog({
  opened,
  onStay,
  onLeave,
}: {
  opened: boolean;
  onStay: () => void;
  onLeave: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onStay} title={t('jobView.unsavedTitle')} centered>
      <Text>{t('jobView.unsavedText')}</Text>
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={onStay}>
          {t('jobView.stay')}
        </Button>
        <Button color="red.9" onClick={onLeave}>
          {t('jobView.leave')}
        </Button>
      </Group>
    </Modal>
  );
}
