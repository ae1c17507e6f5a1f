import { Alert, Button, Group, List, Modal, Stack, Text } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { runClear } from './bulkCalls';
import { clearMessages } from './clearMessages';

export interface ClearRequest {
  jobIds: readonly number[];
  /** Checked jobs the search hides: they are cleared too (spec 01 §4), and the dialog says so. */
  hidden: number;
}

export interface ClearJobsModalProps {
  request: ClearRequest | null;
  onClose: () => void;
  onCleared: (jobIds: number[]) => void;
}

/**
 * Spec 01 §2 "confirm modal for clearing jobs": asks before clearing the checked jobs from the
 * manual distribution list, warns about checked jobs hidden by the search, and afterwards lists
 * each job that was not cleared with the stage it is in.
 */
export function ClearJobsModal({ request, onClose, onCleared }: ClearJobsModalProps) {
  const { t } = useTranslation();
  return (
    <Modal opened={request !== null} onClose={onClose} title={t('clear.title')} centered size="md">
      {request && <ClearContent request={request} onClose={onClose} onCleared={onCleared} />}
    </Modal>
  );
}

function ClearContent({ request, onClose, onCleared }: ClearJobsModalProps & { request: ClearRequest }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [notCleared, setNotCleared] = useState<string[] | null>(null);
  const count = request.jobIds.length;

  const confirm = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    const result = await runClear(request.jobIds, t);
    setBusy(false);
    if (result && result.cleared.length > 0) onCleared(result.cleared);
    const perJob = result ? clearMessages(result, t).perJob : [];
    if (perJob.length > 0) setNotCleared(perJob);
    else onClose();
  };

  if (notCleared)
    return (
      <Stack gap="md">
        <Alert color="yellow" title={t('clear.notClearedTitle')} role="alert">
          <List size="sm" spacing={4} data-testid="not-cleared">
            {notCleared.map((line) => (
              <List.Item key={line}>{line}</List.Item>
            ))}
          </List>
        </Alert>
        <Group justify="flex-end">
          <Button onClick={onClose} data-autofocus>
            {t('clear.close')}
          </Button>
        </Group>
      </Stack>
    );

  return (
    <form onSubmit={confirm}>
      <Stack gap="md">
        <Text size="sm">{t('clear.confirm', { count })}</Text>
        {request.hidden > 0 && (
          <Alert color="yellow" role="alert" data-testid="clear-hidden-warning">
            {t('clear.hidden', { count: request.hidden })}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button type="button" variant="default" onClick={onClose}>
            {t('clear.cancel')}
          </Button>
          <Button type="submit" color="red.9" loading={busy} data-autofocus>
            {t('clear.clear')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
