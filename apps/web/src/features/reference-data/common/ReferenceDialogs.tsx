import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** What every reference data dialog shows and does: the server's refusal, busy while saving. */
interface DialogState {
  busy: boolean;
  /** The API's refusal, shown in the dialog. */
  error: string | null;
  onClose: () => void;
}

const submitted = (busy: boolean, act: () => void) => (e: FormEvent) => {
  e.preventDefault();
  if (!busy) act();
};

function Refusal({ error }: { error: string | null }) {
  return error ? (
    <Alert color="red" role="alert">
      {error}
    </Alert>
  ) : null;
}

/** A row's add / edit form: its fields, the API's refusal above Save and Cancel; Enter in a field submits. */
export function ReferenceForm({
  busy,
  error,
  onClose,
  onSubmit,
  children,
}: DialogState & { onSubmit: () => void; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <form onSubmit={submitted(busy, onSubmit)} noValidate>
      <Stack gap="sm">
        {children}
        <Refusal error={error} />
        <Group justify="flex-end" gap="sm">
          <Button type="button" variant="default" onClick={onClose}>
            {t('reference.cancel')}
          </Button>
          <Button type="submit" loading={busy}>
            {t('reference.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * A section's dialog. Mantine's Modal keeps the focus inside while open, closes on Escape and, as
 * it stays mounted, gives the focus back to the button that opened it.
 */
export function ReferenceModal({
  opened,
  title,
  onClose,
  size = 'md',
  children,
}: {
  opened: boolean;
  title: string;
  onClose: () => void;
  size?: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={title}
      size={size}
      centered
      closeButtonProps={{ 'aria-label': t('app.closeDialog') }}
    >
      {children}
    </Modal>
  );
}

/** A section's Add / Edit dialog holding a {@link ReferenceForm}. */
export function ReferenceFormModal({
  title,
  opened,
  size,
  ...form
}: DialogState & {
  title: string;
  opened: boolean;
  size?: string;
  onSubmit: () => void;
  children: ReactNode;
}) {
  return (
    <ReferenceModal opened={opened} title={title} size={size} onClose={form.onClose}>
      <ReferenceForm {...form} />
    </ReferenceModal>
  );
}

/**
 * Asks before a delete: the question (and a note), Delete — the form's submit, so Enter confirms —
 * and Cancel; Escape or Cancel closes without deleting. A refusal (the row is in use) shows here.
 */
export function ConfirmDeleteModal({
  opened,
  title,
  question,
  note,
  busy,
  error,
  onConfirm,
  onClose,
}: DialogState & {
  opened: boolean;
  title: string;
  question: string;
  note?: string;
  onConfirm: () => void;
}) {
  const { t } = useTranslation();
  return (
    <ReferenceModal opened={opened} title={title} onClose={onClose}>
      <form onSubmit={submitted(busy, onConfirm)}>
        <Stack gap="sm">
          <Text size="sm">{question}</Text>
          {note && <Text size="sm">{note}</Text>}
          <Refusal error={error} />
          <Group justify="flex-end" gap="sm">
            <Button type="button" variant="default" onClick={onClose}>
              {t('reference.cancel')}
            </Button>
            <Button type="submit" color="red.9" loading={busy} data-autofocus>
              {t('reference.delete')}
            </Button>
          </Group>
        </Stack>
      </form>
    </ReferenceModal>
  );
}

/** A row's Edit and (when it may be deleted) Delete buttons, each named after the row for a screen reader. */
export function RowActions({
  editLabel,
  deleteLabel,
  onEdit,
  onDelete,
}: {
  editLabel: string;
  deleteLabel?: string;
  onEdit: () => void;
  onDelete?: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Group gap={4} wrap="nowrap">
      <Button size="compact-sm" variant="default" onClick={onEdit} aria-label={editLabel}>
        {t('reference.edit')}
      </Button>
      {onDelete && (
        <Button size="compact-sm" variant="default" color="red.9" onClick={onDelete} aria-label={deleteLabel}>
          {t('reference.delete')}
        </Button>
      )}
    </Group>
  );
}
