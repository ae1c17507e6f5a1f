import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Asks before a delete: the question, Delete (the form's submit, so Enter confirms) and Cancel;
 * Escape or Cancel closes without deleting. A refusal of the server shows in the dialog.
 */
export function ConfirmDelete({
  title,
  question,
  opened,
  busy,
  error,
  onConfirm,
  onClose,
}: {
  title: string;
  question: string;
  opened: boolean;
  busy: boolean;
  error: string | null;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!busy) onConfirm();
  };
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={title}
      centered
      closeButtonProps={{ 'aria-label': t('app.closeDialog') }}
    >
      <form onSubmit={submit}>
        <Stack gap="md">
          <Text size="sm">{question}</Text>
          {error && (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button type="button" variant="default" onClick={onClose}>
              {t('reference.adt.cancel')}
            </Button>
            <Button type="submit" color="red" loading={busy} data-autofocus>
              {t('reference.adt.delete')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
