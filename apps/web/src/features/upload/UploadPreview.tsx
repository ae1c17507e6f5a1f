import { Alert, Button, Group, List, Loader, Stack, Table, Text, Title } from '@mantine/core';
import type { UploadJob } from '@quill/core/contract/schedule';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../app/toasts';
import { ApiRequestError } from '../../lib/api';
import { ChangesTable } from './ChangesTable';
import classes from './ScheduleUploadPage.module.css';
import { cancelUpload, confirmUpload, scheduleUploadKeys, useUploadPreview } from './scheduleUploadApi';

export interface UploadPreviewProps {
  uploadId: number;
  /** After the confirm or the cancel went through (the page follows the upload's state). */
  onAnswered?: () => void;
}

/**
 * Issue 39: what a submitted upload will change, before anything is applied — the counts, the jobs
 * of the patients and visits it changes (final ones first, marked "Not changed: final", each field
 * before → after) and the changed fields of the records — with Apply these changes and Cancel
 * upload for its submitter. A refused answer (409) shows the server's message.
 */
export function UploadPreview({ uploadId, onAnswered }: UploadPreviewProps) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const preview = useUploadPreview(uploadId);
  const [busy, setBusy] = useState<'confirm' | 'cancel' | null>(null);
  const [error, setError] = useState<string | null>(null);
  if (preview.isPending) return <Loader size="sm" aria-label={t('schedule.preview')} />;
  if (!preview.data) return null;
  const data = preview.data;
  const value = (v: string | null) => v ?? t('schedule.emptyValue');

  const answer = async (kind: 'confirm' | 'cancel') => {
    setBusy(kind);
    setError(null);
    try {
      if (kind === 'confirm') await confirmUpload(uploadId);
      else {
        await cancelUpload(uploadId);
        showToast(t('schedule.uploadCancelled', { file: data.fileName }), {
          kind: 'info',
          id: `cancel-${uploadId}`,
        });
      }
      await Promise.all([
        client.invalidateQueries({ queryKey: scheduleUploadKeys.status(uploadId) }),
        client.invalidateQueries({ queryKey: scheduleUploadKeys.preview(uploadId) }),
        client.invalidateQueries({ queryKey: scheduleUploadKeys.recent }),
      ]);
      onAnswered?.();
    } catch (e) {
      const text = e instanceof ApiRequestError ? e.message : String(e);
      setError(t(kind === 'confirm' ? 'schedule.confirmFailed' : 'schedule.cancelFailed', { error: text }));
    } finally {
      setBusy(null);
    }
  };

  const outcome = (job: UploadJob) =>
    job.final ? (
      <Text size="sm" fw={700} c="red.9">
        {t('schedule.notChangedFinal')}
      </Text>
    ) : (
      <Text size="sm">{t('schedule.previewWillChange')}</Text>
    );

  return (
    <Stack gap="sm" data-testid="schedule-upload-preview">
      {data.changedSincePreview && (
        <Alert color="orange" variant="light" role="alert" data-testid="schedule-preview-changed">
          <Text size="sm" c="gray.9">
            {t('schedule.changedSincePreview')}
          </Text>
        </Alert>
      )}
      <Title order={3} size="h5">
        {t('schedule.preview')}
      </Title>
      <Text size="sm" data-testid="schedule-preview-counts">
        {t('schedule.previewCounts', {
          patientsAdded: String(data.patientsAdded),
          patientsUpdated: String(data.patientsUpdated),
          visitsAdded: String(data.visitsAdded),
          visitsUpdated: String(data.visitsUpdated),
          visitsDeleted: String(data.visitsDeleted),
          rowsSkipped: String(data.rowsSkipped),
        })}
      </Text>
      <Text size="sm" fw={600} c="gray.9" data-testid="schedule-preview-job-counts">
        {t('schedule.previewJobCounts', {
          jobsChanged: String(data.jobsChanged),
          jobsFinal: String(data.jobsFinal),
        })}
      </Text>
      {data.jobs.length === 0 ? (
        <Text size="sm">{t('schedule.previewNoJobs')}</Text>
      ) : (
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region is reached by keyboard
        <section className={classes.effectList} tabIndex={0} aria-label={t('schedule.previewJobs')}>
          <Table withTableBorder aria-label={t('schedule.previewJobs')} data-testid="schedule-preview-jobs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('schedule.previewJob')}</Table.Th>
                <Table.Th scope="col">{t('schedule.previewStage')}</Table.Th>
                <Table.Th scope="col">{t('schedule.previewChanges')}</Table.Th>
                <Table.Th scope="col">{t('schedule.previewOutcome')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.jobs.map((job) => (
                <Table.Tr
                  key={job.jobId}
                  data-final={job.final}
                  className={job.final ? classes.finalJob : undefined}
                >
                  <Table.Th scope="row" fw={400}>
                    {job.jobId}
                  </Table.Th>
                  <Table.Td>{job.stage}</Table.Td>
                  <Table.Td>
                    <Text size="xs" c="gray.8">
                      {job.record}
                    </Text>
                    <List size="sm" listStyleType="none">
                      {job.changes.map((c) => (
                        <List.Item key={c.field}>
                          {t('schedule.previewFieldChange', {
                            field: c.label,
                            before: value(c.previous),
                            after: value(c.next),
                          })}
                        </List.Item>
                      ))}
                    </List>
                  </Table.Td>
                  <Table.Td>{outcome(job)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </section>
      )}
      {data.moreJobs > 0 && <Text size="sm">{t('schedule.previewMoreJobs', { count: data.moreJobs })}</Text>}
      <Title order={3} size="h5">
        {t('schedule.previewRecords')}
      </Title>
      {data.changes.length === 0 ? (
        <Text size="sm">{t('schedule.previewNoChanges')}</Text>
      ) : (
        <ChangesTable changes={data.changes} label={t('schedule.previewRecords')} />
      )}
      {data.moreChanges > 0 && <Text size="sm">{t('schedule.effectMore', { count: data.moreChanges })}</Text>}
      {error && (
        <Alert color="red" variant="light" role="alert">
          <Text size="sm" c="gray.9">
            {error}
          </Text>
        </Alert>
      )}
      {data.canConfirm && (
        <Group gap="sm">
          <Button
            loading={busy === 'confirm'}
            disabled={busy === 'cancel'}
            onClick={() => void answer('confirm')}
          >
            {t('schedule.confirm')}
          </Button>
          <Button
            variant="default"
            loading={busy === 'cancel'}
            disabled={busy === 'confirm'}
            onClick={() => void answer('cancel')}
          >
            {t('schedule.cancelUpload')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
