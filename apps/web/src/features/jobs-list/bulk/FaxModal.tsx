import { Alert, Button, Divider, Group, Modal, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useHasPermission } from '../../../app/session/SessionContext';
import { showToast } from '../../../app/toasts';
import { faxJobs, fetchContacts } from './bulkApi';
import { CustomRecipientForm } from './CustomRecipientForm';
import { FaxRecipientList } from './FaxRecipientList';
import { FaxRecipientSearch } from './FaxRecipientSearch';
import { customEntry, entryOf, type FaxEntry, selectedRecipients } from './faxRecipients';

export interface FaxModalProps {
  /** The checked jobs (all of one client facility); null when closed. */
  jobIds: readonly number[] | null;
  csId: string;
  onClose: () => void;
}

/**
 * Spec 01 §2/§5/§7 "Fax modal": the first job's contacts, a user search and custom recipients;
 * invalid fax numbers cannot be chosen; Fax needs jobFax, a recipient and no fax in progress.
 */
export function FaxModal({ jobIds, csId, onClose }: FaxModalProps) {
  const { t } = useTranslation();
  return (
    <Modal opened={jobIds !== null} onClose={onClose} title={t('fax.title')} centered size="lg">
      {jobIds && <FaxContent jobIds={jobIds} csId={csId} onClose={onClose} />}
    </Modal>
  );
}

function FaxContent({ jobIds, csId, onClose }: FaxModalProps & { jobIds: readonly number[] }) {
  const { t } = useTranslation();
  const canFax = useHasPermission('jobFax');
  const firstJob = jobIds[0] ?? 0;
  const contacts = useQuery({
    queryKey: ['jobList', 'faxContacts', firstJob],
    queryFn: ({ signal }) => fetchContacts(firstJob, signal),
    enabled: canFax,
    gcTime: 0,
  });
  const [added, setAdded] = useState<FaxEntry[]>([]);
  const [selected, setSelected] = useState<ReadonlySet<string>>(() => new Set());
  const [sending, setSending] = useState(false);
  const customCount = useRef(0);

  const entries = useMemo(() => {
    const fromContacts = (contacts.data ?? []).map((c) => entryOf(c, 'contact'));
    const known = new Set(fromContacts.map((e) => e.key));
    return [...fromContacts, ...added.filter((e) => !known.has(e.key))];
  }, [contacts.data, added]);
  // Invalid numbers are never selected (spec 01 §5), whatever was chosen before.
  const recipients = selectedRecipients(entries, selected);

  const toggle = (key: string, on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(key);
      else next.delete(key);
      return next;
    });

  const add = (entry: FaxEntry) => {
    setAdded((current) => (current.some((e) => e.key === entry.key) ? current : [...current, entry]));
    if (entry.valid) toggle(entry.key, true);
  };

  const remove = (key: string) => {
    setAdded((current) => current.filter((e) => e.key !== key));
    toggle(key, false);
  };

  const send = async () => {
    if (!canFax || recipients.length === 0 || sending) return;
    setSending(true);
    try {
      const result = await faxJobs(jobIds, recipients);
      if (result.success) {
        showToast(t('fax.queued'), { kind: 'success' });
        onClose();
      } else showToast(result.text, { kind: 'error' });
    } catch {
      showToast(t('fax.failed'), { kind: 'error' });
    } finally {
      setSending(false);
    }
  };

  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed" data-testid="fax-jobs">
        {t('fax.jobs', { count: jobIds.length, jobIds: jobIds.join(', ') })}
      </Text>
      {!canFax ? (
        <Alert color="red" role="alert">
          {t('fax.noPermission')}
        </Alert>
      ) : (
        <>
          <FaxRecipientList
            title={t('fax.contacts', { jobId: String(firstJob) })}
            entries={entries}
            selected={selected}
            onToggle={toggle}
            onRemove={remove}
            loading={contacts.isPending}
            failed={contacts.isError}
            onRetry={() => void contacts.refetch()}
          />
          <FaxRecipientSearch csId={csId} onPick={add} />
          <Divider />
          <CustomRecipientForm onAdd={(fields) => add(customEntry(fields, ++customCount.current))} />
        </>
      )}
      <Group justify="space-between" gap="sm" mt="xs">
        <Text size="sm" role="status" data-testid="fax-selected-count">
          {canFax ? t('fax.selectedCount', { count: recipients.length }) : ''}
        </Text>
        <Group gap="sm">
          <Button variant="default" onClick={onClose}>
            {t('fax.cancel')}
          </Button>
          <Button onClick={send} disabled={!canFax || recipients.length === 0 || sending} loading={sending}>
            {sending ? t('fax.sending') : t('fax.send')}
          </Button>
        </Group>
      </Group>
    </Stack>
  );
}
