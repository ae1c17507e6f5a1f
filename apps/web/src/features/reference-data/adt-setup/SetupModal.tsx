import { Alert, Button, Group, Modal, Stack } from '@mantine/core';
import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The Add / Edit dialog of a section: a form (Enter in a field submits it), the server's refusal
 * if the save was refused, Save and Cancel. Mantine's Modal keeps the focus inside and closes on
 * Escape.
 */
export function SetupModal({
  title,
  opened,
  busy,
  error,
  onSubmit,
  onClose,
  size = 'md',
  children,
}: {
  title: string;
  opened: boolean;
  busy: boolean;
  error: string | null;
  onSubmit: () => void;
  onClose: () => void;
  size?: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!busy) onSubmit();
  };
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={title}
      size={size}
      centered
      closeButtonProps={{ 'aria-label': t('app.closeDialog') }}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          {children}
          {error && (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button type="button" variant="default" onClick={onClose}>
              {t('reference.adt.cancel')}
            </Button>
            <Button type="submit" loading={busy}>
              {t('reference.adt.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
