import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface DialogProps {
  opened: boolean;
  title: string;
  onClose: () => void;
  onSubmit: () => void;
  busy: boolean;
  /** The API's refusal, shown in the dialog. */
  error: string | null;
}

const submitted = (onSubmit: () => void) => (e: FormEvent) => {
  e.preventDefault();
  onSubmit();
};

/**
 * The modal of a list row's add / edit form. It stays mounted (so closing it gives focus back to
 * the button that opened it); Escape closes it and focus stays inside while it is open.
 */
export function ListModal({
  opened,
  title,
  onClose,
  children,
}: {
  opened: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
}) {
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered size="md">
      {children}
    </Modal>
  );
}

/** A list row's form: its fields, the API's refusal above the buttons, Enter in a field submits. */
export function ListForm({
  onClose,
  onSubmit,
  busy,
  error,
  children,
}: Omit<DialogProps, 'opened' | 'title'> & { children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <form onSubmit={submitted(onSubmit)} noValidate>
      <Stack gap="sm">
        {children}
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button type="button" variant="default" onClick={onClose}>
            {t('reference.lists.cancel')}
          </Button>
          <Button type="submit" loading={busy}>
            {t('reference.lists.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Asks before deleting a list row; a refusal (the row is in use) shows in the dialog. */
export function ConfirmDeleteModal({
  opened,
  title,
  onClose,
  onSubmit,
  busy,
  error,
  question,
  note,
}: DialogProps & {
  question: string;
  note?: string;
}) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered size="md">
      <form onSubmit={submitted(onSubmit)}>
        <Stack gap="sm">
          <Text size="sm">{question}</Text>
          {note && <Text size="sm">{note}</Text>}
          {error && (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button type="button" variant="default" onClick={onClose}>
              {t('reference.lists.cancel')}
            </Button>
            <Button type="submit" color="red.9" loading={busy} data-autofocus>
              {t('reference.lists.delete')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** A row's Edit and Delete buttons, each named after the row for a screen reader. */
export function RowActions({
  name,
  onEdit,
  onDelete,
}: {
  name: string;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Group gap={4} wrap="nowrap">
      <Button
        size="compact-sm"
        variant="default"
        onClick={onEdit}
        aria-label={t('reference.lists.editLabel', { name })}
      >
        {t('reference.lists.edit')}
      </Button>
      <Button
        size="compact-sm"
        variant="default"
        color="red.9"
        onClick={onDelete}
        aria-label={t('reference.lists.deleteLabel', { name })}
      >
        {t('reference.lists.delete')}
      </Button>
    </Group>
  );
}
