import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { CallFailure } from '../CallFailure';
import { AttachmentResults } from './AttachmentResults';
import { useAttachmentSearch } from './useAttachmentSearch';

export interface AttachmentSearchModalProps {
  /** The job's client facility: whose attachments are searched. */
  clientFacilityId: number;
  /** The job: at first only its patient's and visit's files are listed (issue 39). */
  jobId: number;
  /** The job's patient (null: none), to mark the files of other patients. */
  jobPatientId: number | null;
  opened: boolean;
  onClose(): void;
}

const PROBLEM_ID = 'attachment-range-problem';
const SCOPE_ID = 'attachment-scope';

/**
 * Spec 02 §2 "Attachment Search modal" (§5, §7–§9): From and To (the last 7 days to today at
 * first), the range rules shown as soon as they are broken with Search disabled meanwhile, Search
 * (also Enter in a date), and the result list whose items download their file. Close keeps the
 * range and results for when the modal opens again. Issue 39: it lists only the files of the job's
 * patient and visit until "Search the whole facility" is chosen, and every file names its patient.
 */
export function AttachmentSearchModal({
  clientFacilityId,
  jobId,
  jobPatientId,
  opened,
  onClose,
}: AttachmentSearchModalProps) {
  const { t } = useTranslation();
  const state = useAttachmentSearch(clientFacilityId, jobId);
  const whole = state.wholeFacility;
  const scope = whole
    ? t('attachments.scopeFacility')
    : jobPatientId === null
      ? t('attachments.scopeNoPatient')
      : t('attachments.scopePatient');
  const invalid = state.problem !== null;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    state.runSearch();
  };
  const dateProps = {
    type: 'date',
    required: true,
    error: invalid,
    'aria-describedby': invalid ? PROBLEM_ID : undefined,
    w: 180,
  } as const;

  return (
    <Modal opened={opened} onClose={onClose} title={t('attachments.title')} size="42rem">
      <Stack gap="md">
        <form onSubmit={submit} noValidate>
          <Group align="flex-end" gap="sm">
            <TextInput
              {...dateProps}
              label={t('attachments.from')}
              value={state.from}
              onChange={(e) => state.setFrom(e.currentTarget.value)}
              data-autofocus
            />
            <TextInput
              {...dateProps}
              label={t('attachments.to')}
              value={state.to}
              onChange={(e) => state.setTo(e.currentTarget.value)}
            />
            <Button type="submit" disabled={invalid} loading={state.searching}>
              {t('attachments.search')}
            </Button>
          </Group>
          {state.problem && (
            <Text id={PROBLEM_ID} c="red" size="sm" mt={6} role="alert">
              {t(state.problem)}
            </Text>
          )}
        </form>
        <Group justify="space-between" wrap="nowrap" gap="sm">
          <Text size="sm" id={SCOPE_ID}>
            {scope}
          </Text>
          <Button
            variant="default"
            size="xs"
            style={{ flexShrink: 0 }}
            aria-describedby={SCOPE_ID}
            disabled={state.searching}
            onClick={() => state.setWholeFacility(!whole)}
          >
            {whole ? t('attachments.searchPatient') : t('attachments.searchFacility')}
          </Button>
        </Group>
        <CallFailure failure={state.failure} />
        <AttachmentResults
          jobPatientId={jobPatientId}
          results={state.results}
          downloading={state.downloading}
          onDownload={state.download}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('attachments.close')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
