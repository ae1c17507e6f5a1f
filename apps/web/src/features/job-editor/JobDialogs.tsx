import { Button, Group, Modal, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

interface ChoiceProps {
  opened: boolean;
  /** The safe choice (also closing the dialog). */
  onStay: () => void;
  /** The choice the dialog asks about. */
  onGo: () => void;
}

/** A question with two answers: the safe one (default button) and the one asked about. */
function ChoiceDialog({
  opened,
  onStay,
  onGo,
  title,
  text,
  stay,
  go,
  danger,
}: ChoiceProps & { title: string; text: string; stay: string; go: string; danger: boolean }) {
  return (
    <Modal opened={opened} onClose={onStay} title={title} centered>
      <Text>{text}</Text>
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={onStay}>
          {stay}
        </Button>
        <Button color={danger ? 'red.9' : undefined} onClick={onGo}>
          {go}
        </Button>
      </Group>
    </Modal>
  );
}

/** Spec 02 §2 "Other dialogs": editing a protected job asks to unprotect it first. */
export function ProtectedJobDialog(p: ChoiceProps) {
  const { t } = useTranslation();
  return (
    <ChoiceDialog
      {...p}
      title={t('jobView.protectedTitle')}
      text={t('jobView.protectedText')}
      stay={t('jobView.cancel')}
      go={t('jobView.unprotect')}
      danger={false}
    />
  );
}

/** Spec 02 §2 "Other dialogs": a newer version was saved meanwhile; overwrite it or keep editing. */
export function NewerVersionDialog(p: ChoiceProps) {
  const { t } = useTranslation();
  return (
    <ChoiceDialog
      {...p}
      title={t('jobView.newerVersionTitle')}
      text={t('job.newerVersion')}
      stay={t('jobView.cancel')}
      go={t('jobView.overwrite')}
      danger
    />
  );
}

/** Leaving with unsaved changes asks first. */
export function UnsavedChangesDialog(p: ChoiceProps) {
  const { t } = useTranslation();
  return (
    <ChoiceDialog
      {...p}
      title={t('jobView.unsavedTitle')}
      text={t('jobView.unsavedText')}
      stay={t('jobView.stay')}
      go={t('jobView.leave')}
      danger
    />
  );
}
