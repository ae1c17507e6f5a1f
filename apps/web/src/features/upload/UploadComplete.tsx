import { Button, Group, List, Loader, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { UploadAction } from '@quill/core/contract/schedule';
import { useTranslation } from 'react-i18next';
import { CheckIcon } from '../audio/icons';
import { isFinalStatus, useUploadStatus } from './scheduleUploadApi';
import { allWarnings, type StatusLine, statusLine } from './scheduleUploadForm';

export interface UploadCompleteProps {
  uploadId: number | null;
  action: UploadAction;
  warnings: string[];
  onAnother: () => void;
}

/**
 * Step 3 (spec 02 §2): 'The file has been queued for processing.', the warnings, Upload another
 * Schedule, and the upload's state, asked for every 2 s until it is done or failed.
 */
export function UploadComplete({ uploadId, action, warnings, onAnother }: UploadCompleteProps) {
  const { t } = useTranslation();
  const statusText = (l: StatusLine): string => {
    switch (l.key) {
      case 'statusQueued':
        return t('schedule.statusQueued');
      case 'statusProcessing':
        return t('schedule.statusProcessing');
      case 'statusDone':
        return t('schedule.statusDone', l.values);
      case 'statusNone':
        return t('schedule.statusNone', l.values);
      case 'statusFailed':
        return t('schedule.statusFailed', l.values);
    }
  };
  const status = useUploadStatus(uploadId);
  const data = status.data;
  const line = data ? statusLine(data, action) : null;
  const finished = data ? isFinalStatus(data.status) : false;
  const shown = allWarnings(warnings, data?.status === 'done' ? data.warnings : []);

  return (
    <Stack gap="md" data-testid="schedule-upload-done">
      <Group gap="sm" wrap="nowrap">
        <ThemeIcon color="green" variant="light" radius="xl" size="lg" aria-hidden="true">
          <CheckIcon />
        </ThemeIcon>
        <Title order={2} size="h4">
          {t('schedule.queued')}
        </Title>
      </Group>
      {uploadId !== null && (
        <Group gap="xs" wrap="nowrap" role="status" aria-live="polite" data-testid="schedule-upload-status">
          {!finished && <Loader size={14} aria-hidden="true" />}
          <Text size="sm" c={data?.status === 'failed' ? 'red.8' : undefined} data-status={data?.status}>
            {line ? statusText(line) : t('schedule.statusQueued')}
          </Text>
        </Group>
      )}
      {shown.length > 0 && (
        <Paper withBorder radius="sm" p="sm" bg="yellow.0">
          <Text size="sm" fw={600}>
            {t('schedule.warnings')}
          </Text>
          <List size="sm" mt={4} data-testid="schedule-upload-warnings">
            {shown.map((w) => (
              <List.Item key={w}>{w}</List.Item>
            ))}
          </List>
        </Paper>
      )}
      <Group>
        <Button variant="default" onClick={onAnother}>
          {t('schedule.uploadAnother')}
        </Button>
      </Group>
    </Stack>
  );
}
