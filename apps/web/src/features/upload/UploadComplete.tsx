import { Button, Group, List, Loader, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { UPLOAD_ACTIONS, type UploadAction } from '@quill/core/contract/schedule';
import { useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { CheckIcon } from '../audio/icons';
import { isFinalStatus, scheduleUploadKeys, useUploadStatus } from './scheduleUploadApi';
import { allWarnings, type StatusLine, statusLine } from './scheduleUploadForm';
import { UploadEffect } from './UploadEffect';
import { UploadPreview } from './UploadPreview';
import { SCHEDULE_FORM, type UploadFormKind } from './uploadForms';

export interface UploadCompleteProps {
  uploadId: number | null;
  action: UploadAction;
  warnings: string[];
  onAnother: () => void;
  /** The page's form: its Upload another label. */
  form?: Pick<UploadFormKind, 'uploadAnotherKey'>;
}

/**
 * Step 3 (spec 02 §2): 'The file has been queued for processing.' — then, issue 39, what it will
 * change (the preview, nothing applied) with Apply these changes and Cancel upload; once confirmed
 * 'The file has been processed.' (or that it failed) — the warnings, Upload another Schedule, the
 * upload's state, asked for every 2 s until it waits for the confirm, is done or failed, and then
 * what it changed.
 */
export function UploadComplete({
  uploadId,
  action,
  warnings,
  onAnother,
  form = SCHEDULE_FORM,
}: UploadCompleteProps) {
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
      case 'statusPreview':
        return t('schedule.statusPreview', l.values);
      case 'statusConfirmed':
        return t('schedule.statusConfirmed');
      case 'statusCancelled':
        return t('schedule.statusCancelled');
    }
  };
  const status = useUploadStatus(uploadId);
  const data = status.data;
  const line = data ? statusLine(data, action) : null;
  const finished = data ? isFinalStatus(data.status) : false;
  const client = useQueryClient();
  // The recent uploads shown again list this upload in its state now, not as cached before it.
  const another = () => {
    void client.invalidateQueries({ queryKey: scheduleUploadKeys.recent });
    onAnother();
  };
  const shown = allWarnings(warnings, data?.status === 'done' ? data.warnings : []);
  // Issue 18: the title says what happened so far — queued, processed or failed — never two of them;
  // issue 39: or that the changes wait for a confirmation, are being applied, or were cancelled.
  const titles: Partial<Record<string, string>> = {
    done: t('schedule.processed'),
    failed: t('schedule.processingFailedTitle'),
    preview: t('schedule.previewTitle'),
    confirmed: t('schedule.confirmedTitle'),
    cancelled: t('schedule.cancelledTitle'),
  };
  const title = (data && titles[data.status]) ?? t('schedule.queued');
  const failed = data?.status === 'failed';
  const waiting = data?.status === 'preview';
  const titleRef = useRef<HTMLHeadingElement>(null);

  return (
    <Stack gap="md" data-testid="schedule-upload-done">
      <Group gap="sm" wrap="nowrap">
        <ThemeIcon
          color={failed ? 'red' : waiting ? 'orange' : 'green'}
          variant="light"
          radius="xl"
          size="lg"
          aria-hidden="true"
        >
          {failed || waiting ? '!' : <CheckIcon />}
        </ThemeIcon>
        <Title order={2} size="h4" data-testid="schedule-upload-title" ref={titleRef} tabIndex={-1}>
          {title}
        </Title>
      </Group>
      {uploadId !== null && (
        <Group gap="xs" wrap="nowrap" role="status" aria-live="polite" data-testid="schedule-upload-status">
          {!finished && !waiting && <Loader size={14} aria-hidden="true" />}
          <Text size="sm" c={data?.status === 'failed' ? 'red.8' : undefined} data-status={data?.status}>
            {line ? statusText(line) : t('schedule.statusQueued')}
          </Text>
        </Group>
      )}
      {uploadId !== null && waiting && (
        // The buttons go away once answered: keyboard users go on from the title.
        <UploadPreview uploadId={uploadId} onAnswered={() => titleRef.current?.focus()} />
      )}
      {uploadId !== null && data?.status === 'done' && action !== UPLOAD_ACTIONS.NONE && (
        <UploadEffect uploadId={uploadId} />
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
        <Button variant="default" onClick={another}>
          {t(form.uploadAnotherKey)}
        </Button>
      </Group>
    </Stack>
  );
}
