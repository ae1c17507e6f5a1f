import {
  Alert,
  Badge,
  Group,
  Loader,
  ScrollArea,
  Stack,
  Text,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { type AttachmentListItem, MAX_ATTACHMENT_RESULTS } from '@quill/core/contract/attachments';
import { formatUserDate } from '@quill/core/rules/time/userTime';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../app/session/SessionContext';
import classes from './AttachmentSearchModal.module.css';

export interface AttachmentResultsProps {
  /** Null before the first search. */
  results: AttachmentListItem[] | null;
  /** The job's patient (null: none): a file of another patient is marked so. */
  jobPatientId: number | null;
  /** The attachment being fetched: the others wait. */
  downloading: string | null;
  onDownload(attachment: AttachmentListItem): void;
}

/**
 * Spec 02 §2: the result list — each attachment's name, effective date (the user's date format)
 * and description, as one button that downloads it; 'No results' when the search found none.
 * Issue 39: each names its patient (name and MRN) or says it names none, and a file of a patient
 * other than the job's is marked "Not this job's patient".
 */
export function AttachmentResults({
  results,
  jobPatientId,
  downloading,
  onDownload,
}: AttachmentResultsProps) {
  const { t } = useTranslation();
  const { userSettings } = useSession();
  if (!results) return null;
  if (results.length === 0) return <Text role="status">{t('attachments.noResults')}</Text>;
  return (
    <Stack gap="xs">
      {results.length >= MAX_ATTACHMENT_RESULTS && (
        <Alert color="yellow" variant="light">
          {t('attachments.truncated', { count: MAX_ATTACHMENT_RESULTS })}
        </Alert>
      )}
      <ScrollArea.Autosize mah={420} type="auto">
        <ul className={classes.list} aria-label={t('attachments.results')}>
          {results.map((a) => {
            const busy = downloading === a.attachmentNonSequentialID;
            return (
              <li key={a.attachmentNonSequentialID}>
                <UnstyledButton
                  className={classes.item}
                  onClick={() => onDownload(a)}
                  disabled={downloading !== null}
                  aria-busy={busy}
                  title={t('attachments.download', { name: a.attachmentName })}
                >
                  <Group justify="space-between" wrap="nowrap" gap="sm">
                    <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
                      {a.attachmentName}
                    </Text>
                    <Group gap={6} wrap="nowrap">
                      {busy && <Loader size={14} />}
                      <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                        <VisuallyHidden>{t('attachments.effectiveDate')} </VisuallyHidden>
                        {formatUserDate(a.contextStartUTC, userSettings)}
                      </Text>
                    </Group>
                  </Group>
                  {a.attachmentDescription && (
                    <Text size="sm" c="dark.4">
                      {a.attachmentDescription}
                    </Text>
                  )}
                  <Group gap={6} mt={2} wrap="wrap">
                    <Text size="sm" fw={600} data-testid="attachment-patient">
                      {a.patient
                        ? t('attachments.patient', { name: a.patient.name, mrn: a.patient.mrn })
                        : t('attachments.noPatient')}
                    </Text>
                    {a.patient && a.patient.patientId !== jobPatientId && (
                      <Badge color="red.9" variant="filled" size="sm">
                        {t('attachments.otherPatient')}
                      </Badge>
                    )}
                  </Group>
                </UnstyledButton>
              </li>
            );
          })}
        </ul>
      </ScrollArea.Autosize>
    </Stack>
  );
}
