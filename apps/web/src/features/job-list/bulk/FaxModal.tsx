import { Alert, Button, Divider, Group, Modal, Radio, Stack, Text } from '@mantine/core';
import { canSeePatientName } from '@quill/core/rules/auth/permissions';
import { useQueries } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../app/session/SessionContext';
import { showToast } from '../../../app/toasts';
import { ApiRequestError } from '../../../lib/api';
import { faxJobs, faxRequest, fetchContacts } from './bulkApi';
import { CustomRecipientForm } from './CustomRecipientForm';
import { FaxConfirmOutside, type OutsideRecipient } from './FaxConfirmOutside';
import { FaxPlan } from './FaxPlan';
import { FaxRecipientList } from './FaxRecipientList';
import { FaxRecipientSearch } from './FaxRecipientSearch';
import {
  customEntry,
  type FaxEntry,
  type FaxPicks,
  isPicked,
  jobsOfEntry,
  mergeContacts,
  outsideJobs,
  recipientsToSend,
  setPicked,
} from './faxRecipients';
import { keyForSend, type SentRequest } from './faxRequestKey';

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
 * With several jobs each job goes only to the recipients chosen for it, one fax per recipient,
 * unless the user chooses to send them together; the dialog shows the faxes it will send (issue 39).
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
  const [picks, setPicks] = useState<FaxPicks>(() => new Set());
  // Issue 39: each job goes only to the recipients chosen in its own list unless the user chooses
  // to send the jobs together.
  const [together, setTogether] = useState(false);
  const [sending, setSending] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const customCount = useRef(0);
  const lastSend = useRef<SentRequest | null>(null);
  const several = jobIds.length > 1;

  const merged = mergeContacts(jobIds.map((jobId, i) => ({ jobId, contacts: contacts[i]?.data ?? [] })));
  const known = new Map(merged.entries.map((e) => [e.key, e]));
  const extra = added.filter((e) => !known.has(e.key));
  const entries = [...merged.entries, ...extra];
  const chosen = entries
    .map((entry) => ({ entry, jobs: jobsOfEntry(entry, jobIds, picks, together) }))
    .filter((c) => c.jobs.length > 0);

  const patientOf = (jobId: number) => (seesPatient ? patients?.get(jobId)?.trim() || '' : '');
  const jobLabel = (jobId: number) => {
    const patient = patientOf(jobId);
    return patient
      ? t('fax.confirmJobPatient', { jobId: String(jobId), patient })
      : t('fax.confirmJob', { jobId: String(jobId) });
  };
  // Sent together, a recipient receives every job; one by one, a contact only its own job's.
  const notContactOf = (entry: FaxEntry) => {
    if (!together && entry.source === 'contact') return null;
    const outside = outsideJobs(entry, jobIds);
    return outside.length
      ? t('fax.notContactOf', { count: outside.length, jobIds: outside.join(', ') })
      : null;
  };
  const outside: OutsideRecipient[] = chosen
    .map(({ entry, jobs }) => ({
      key: entry.key,
      name: entry.recipient.name,
      jobs: jobs.filter((jobId) => !entry.contactOf.includes(jobId)).map(jobLabel),
    }))
    .filter((o) => o.jobs.length > 0);

  const toggle = (jobId: number | null, key: string, on: boolean) =>
    setPicks((current) => setPicked(current, together || jobId === null ? jobIds : [jobId], key, on));

  // Added checked for the jobs it may go to without a question: every job when there is one job
  // or they go together, else the jobs it is a contact of (a search answer who is one).
  const add = (entry: FaxEntry) => {
    setAdded((current) => (current.some((e) => e.key === entry.key) ? current : [...current, entry]));
    if (!entry.valid) return;
    const contactOf = known.get(entry.key)?.contactOf ?? entry.contactOf;
    setPicks((current) => setPicked(current, together || !several ? jobIds : contactOf, entry.key, true));
  };

  const remove = (key: string) => {
    setAdded((current) => current.filter((e) => e.key !== key));
    setPicks((current) => setPicked(current, jobIds, key, false));
  };

  const send = async (confirmed: boolean) => {
    if (!canFax || chosen.length === 0 || sending) return;
    if (outside.length > 0 && !confirmed) {
      setConfirming(true);
      return;
    }
    setSending(true);
    try {
      const recipients = recipientsToSend(chosen.map((c) => c.entry)).map((r, i) =>
        together ? r : { ...r, jobIds: chosen[i]!.jobs },
      );
      const request = faxRequest(jobIds, recipients, {
        together,
        confirmOutsideContacts: outside.length > 0,
      });
      // One key per send; Send again after no answer sends the same request with the same key.
      lastSend.current = keyForSend(lastSend.current, JSON.stringify(request));
      const result = await faxJobs(request, lastSend.current.key);
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
          {several && (
            <Radio.Group
              label={t('fax.mode')}
              value={together ? 'together' : 'perJob'}
              onChange={(value) => setTogether(value === 'together')}
            >
              <Stack gap={6} mt={4}>
                <Radio value="perJob" label={t('fax.modePerJob')} description={t('fax.modePerJobHint')} />
                <Radio
                  value="together"
                  label={t('fax.modeTogether')}
                  description={t('fax.modeTogetherHint')}
                />
              </Stack>
            </Radio.Group>
          )}
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
            isChecked={(jobId, key) => isPicked(picks, together ? null : jobId, key)}
            addedJobs={
              several && !together
                ? jobIds.map((jobId) => ({
                    jobId,
                    label: t('fax.addedJob', { jobId: String(jobId) }),
                    name: (name: string) => t('fax.sendJobTo', { job: jobLabel(jobId), name }),
                  }))
                : null
            }
            notContactOf={notContactOf}
            onToggle={toggle}
            onRemove={remove}
          />
          <FaxRecipientSearch csId={csId} onPick={add} />
          <Divider />
          <CustomRecipientForm onAdd={(fields) => add(customEntry(fields, ++customCount.current))} />
        </>
      )}
      {canFax && !confirming && several && <FaxPlan jobIds={jobIds} chosen={chosen} jobLabel={jobLabel} />}
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
