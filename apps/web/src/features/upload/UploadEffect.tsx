import { Alert, Button, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import type { UploadEffect as Effect } from '@quill/core/contract/schedule';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../app/toasts';
import { ApiRequestError } from '../../lib/api';
import { ChangesTable } from './ChangesTable';
import { revertUpload, scheduleUploadKeys, useUploadEffect } from './scheduleUploadApi';

export interface UploadEffectProps {
  uploadId: number;
}

/**
 * Issue 18: what a processed upload changed — patients, visits and jobs counted, the changed fields
 * with their values before and after — and, for a manager, Revert (asked to confirm first). A
 * refused revert (409 conflict) shows the server's message.
 */
export function UploadEffect({ uploadId }: UploadEffectProps) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const effect = useUploadEffect(uploadId);
  const [confirming, setConfirming] = useState(false);
  const [reverting, setReverting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (effect.isPending) return <Loader size="sm" aria-label={t('schedule.effect')} />;
  if (!effect.data) return null;
  const data: Effect = effect.data;

  const revert = async () => {
    setReverting(true);
    setError(null);
    try {
      await revertUpload(uploadId);
      showToast(t('schedule.revertDone', { file: data.fileName }), {
        kind: 'success',
        id: `revert-${uploadId}`,
      });
      setConfirming(false);
      await Promise.all([
        client.invalidateQueries({ queryKey: scheduleUploadKeys.effect(uploadId) }),
        client.invalidateQueries({ queryKey: scheduleUploadKeys.recent }),
        client.invalidateQueries({ queryKey: scheduleUploadKeys.status(uploadId) }),
      ]);
    } catch (e) {
      setError(t('schedule.revertFailed', { error: e instanceof ApiRequestError ? e.message : String(e) }));
    } finally {
      setReverting(false);
    }
  };

  return (
    <Stack gap="xs" data-testid="schedule-upload-effect">
      <Text size="sm" fw={600} c="gray.9">
        {t('schedule.effect')}
      </Text>
      <Text size="sm" data-testid="schedule-upload-effect-counts">
        {t('schedule.effectCounts', {
          patients: String(data.patients),
          visits: String(data.visits),
          jobs: String(data.jobs),
        })}
        {data.jobIds.length > 0 && ` (${data.jobIds.join(', ')})`}
      </Text>
      {data.changes.length === 0 ? (
        <Text size="sm">{t('schedule.effectNone')}</Text>
      ) : (
        <ChangesTable changes={data.changes} label={t('schedule.effect')} />
      )}
      {data.moreChanges > 0 && <Text size="sm">{t('schedule.effectMore', { count: data.moreChanges })}</Text>}
      {data.finalJobs > 0 && (
        <Text size="sm" data-testid="schedule-upload-effect-final">
          {t('schedule.effectFinal', { count: data.finalJobs, ids: data.finalJobIds.join(', ') })}
        </Text>
      )}
      {data.revertedAt && (
        <Text size="sm" fw={600} c="gray.9">
          {t('schedule.reverted')}
        </Text>
      )}
      {error && (
        <Alert color="red" variant="light" role="alert">
          <Text size="sm" c="gray.9">
            {error}
          </Text>
        </Alert>
      )}
      {data.canRevert &&
        (confirming ? (
          <Paper withBorder radius="sm" p="sm" bg="orange.0" data-testid="schedule-revert-confirm">
            <Stack gap="xs">
              <Text size="sm" c="gray.9">
                {t('schedule.revertConfirm', { file: data.fileName })}
              </Text>
              <Group gap="xs">
                <Button color="red.8" size="xs" loading={reverting} onClick={() => void revert()}>
                  {t('schedule.revert')}
                </Button>
                <Button variant="default" size="xs" onClick={() => setConfirming(false)} disabled={reverting}>
                  {t('schedule.cancelRevert')}
                </Button>
              </Group>
            </Stack>
          </Paper>
        ) : (
          <Group>
            <Button
              variant="default"
              size="xs"
              aria-label={t('schedule.revertLabel', { file: data.fileName })}
              onClick={() => setConfirming(true)}
            >
              {t('schedule.revert')}
            </Button>
          </Group>
        ))}
    </Stack>
  );
}
