import { Alert, Button, Divider, Group, Modal, Stack, Text } from '@mantine/core';
import { canSeePatientName } from '@quill/core/rules/permissions';
import { useQueries } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../app/session/SessionContext';
import { showToast } from '../../../app/toasts';
import { ApiRequestError } from '../../../lib/api';
import { faxJobs, fetchContacts } from './bulkApi';
import { CustomRecipientForm } from './CustomRecipientForm';
import { FaxConfirmOutside, type OutsideRecipient } from './FaxConfirmOutside';
import { FaxRecipientList } from './FaxRecipientList';
import { FaxRecipientSearch } from './FaxRecipientSearch';
import {
  customEntry,
  type FaxEntry,
  mergeContacts,
  outsideJobs,
  recipientsToSend,
  selectedEntries,
} from './faxRecipients';

export interface FaxModalProps {
  /** The checked jobs (all of one client facility); null when closed. */
  jobIds: readonly number[] | null;
  csId: string;
  /** The patient of each job as the list shows it (shown only to accounts that may see it). */
  patients?: ReadonlyMap<number, string>;
  onClose: () => void;
}

/**
 * Spec 01 §2/§5/§7 "Fax modal": each selected job's contacts, a user search and custom recipients;
 * invalid fax numbers cannot be chosen; Fax needs jobFax, a recipient and no fax in progress. A job
 * goes to someone outside its own contacts only after a confirmation naming the jobs (issue 18).
 */
export function FaxModal({ jobIds, csId, patients, onClose }: FaxModalProps) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={jobIds !== null}
      onClose={onClose}
      title={t('fax.title')}
      centered
      size="lg"
      closeButtonProps={{ 'aria-label': t('fax.close') }}
    >
      {jobIds && <FaxContent jobIds={jobIds} csId={csId} patients={patients} onClose={onClose} />}
    </Modal>
  );
}

function FaxContent({ jobIds, csId, patients, onClose }: FaxModalProps & { jobIds: readonly number[] }) {
  const { t } = useTranslation();
  const permissions = useSession().userSettings.permissions;
  const canFax = permissions.includes('jobFax');
  const seesPatient = canSeePatientName(new Set<string>(permissions));
  // Every selected job's contacts, in parallel (at most LIMITS.maxBulkJobs jobs).
  const contacts = useQueries({
    queries: jobIds.map((jobId) => ({
      queryKey: ['jobList', 'faxContacts', jobId],
      queryFn: ({ signal }: { signal: AbortSignal }) => fetchContacts(jobId, signal),
      enabled: canFax,
      gcTime: 0,
    })),
  });
  const [added, setAdded] = useState<FaxEntry[]>([]);
  const [selected, setSelected] = useState<ReadonlySet<string>>(() => new Set());
  const [sending, setSending] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const customCount = useRef(0);

  const merged = mergeContacts(jobIds.map((jobId, i) => ({ jobId, contacts: contacts[i]?.data ?? [] })));
  const known = new Map(merged.entries.map((e) => [e.key, e]));
  const extra = added.filter((e) => !known.has(e.key));
  const entries = [...merged.entries, ...extra];
  const chosen = selectedEntries(entries, selected);

  const patientOf = (jobId: number) => (seesPatient ? patients?.get(jobId)?.trim() || '' : '');
  const jobLabel = (jobId: number) => {
    const patient = patientOf(jobId);
    return patient
      ? t('fax.confirmJobPatient', { jobId: String(jobId), patient })
      : t('fax.confirmJob', { jobId: String(jobId) });
  };
  const notContactOf = (entry: FaxEntry) => {
    const outside = outsideJobs(entry, jobIds);
    return outside.length
      ? t('fax.notContactOf', { count: outside.length, jobIds: outside.join(', ') })
      : null;
  };
  const outside: OutsideRecipient[] = chosen
    .map((e) => ({ key: e.key, name: e.recipient.name, jobs: outsideJobs(e, jobIds).map(jobLabel) }))
    .filter((o) => o.jobs.length > 0);

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

  const send = async (confirmed: boolean) => {
    if (!canFax || chosen.length === 0 || sending) return;
    if (outside.length > 0 && !confirmed) {
      setConfirming(true);
      return;
    }
    setSending(true);
    try {
      const result = await faxJobs(jobIds, recipientsToSend(chosen), outside.length > 0);
      if (result.success) {
        showToast(t('fax.queued'), { kind: 'success' });
        onClose();
      } else showToast(result.text, { kind: 'error' });
    } catch (error) {
      // 409: a recipient outside a job's contacts the dialog did not know of; the server says who.
      const refused = error instanceof ApiRequestError && error.status === 409;
      showToast(refused ? error.message : t('fax.failed'), { kind: 'error' });
    } finally {
      setSending(false);
      setConfirming(false);
    }
  };

  const contactsTitle = (jobId: number) => {
    const patient = patientOf(jobId);
    return patient
      ? t('fax.contactsOfPatient', { jobId: String(jobId), patient })
      : t('fax.contacts', { jobId: String(jobId) });
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
      ) : confirming ? (
        <FaxConfirmOutside
          outside={outside}
          sending={sending}
          onBack={() => setConfirming(false)}
          onConfirm={() => void send(true)}
        />
      ) : (
        <>
          <FaxRecipientList
            groups={jobIds.map((jobId, i) => ({
              jobId,
              title: contactsTitle(jobId),
              entries: (merged.groups[i]?.keys ?? []).map((key) => known.get(key)!),
              loading: contacts[i]?.isPending ?? false,
              failed: contacts[i]?.isError ?? false,
              onRetry: () => void contacts[i]?.refetch(),
            }))}
            added={extra}
            selected={selected}
            notContactOf={notContactOf}
            onToggle={toggle}
            onRemove={remove}
          />
          <FaxRecipientSearch csId={csId} onPick={add} />
          <Divider />
          <CustomRecipientForm onAdd={(fields) => add(customEntry(fields, ++customCount.current))} />
        </>
      )}
      {!confirming && (
        <Group justify="space-between" gap="sm" mt="xs">
          <Text size="sm" role="status" data-testid="fax-selected-count">
            {canFax ? t('fax.selectedCount', { count: chosen.length }) : ''}
          </Text>
          <Group gap="sm">
            <Button variant="default" onClick={onClose}>
              {t('fax.cancel')}
            </Button>
            <Button
              onClick={() => void send(false)}
              disabled={!canFax || chosen.length === 0 || sending}
              loading={sending}
            >
              {sending ? t('fax.sending') : t('fax.send')}
            </Button>
          </Group>
        </Group>
      )}
    </Stack>
  );
}
