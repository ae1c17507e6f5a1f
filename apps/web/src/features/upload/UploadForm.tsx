import { Alert, Button, FileInput, Group, Progress, Select, Stack, Text } from '@mantine/core';
import type { UploadAction, UploadFormType, ValidateHeadingsResponse } from '@quill/core/contract/schedule';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiRequestError } from '../../lib/api';
import { formatBytes } from '../create-audio/createAudioForm';
import { CompanySelect } from './CompanySelect';
import classes from './ScheduleUploadPage.module.css';
import { validateHeadings } from './scheduleUploadApi';
import {
  ACCEPTED_FILES,
  ACTION_OPTIONS,
  canSubmitUpload,
  isFileTooLarge,
  MAX_UPLOAD_MB,
  type UploadValues,
  validateHeadingsFormData,
} from './scheduleUploadForm';

export interface UploadFormProps {
  values: UploadValues;
  onChange: (values: UploadValues) => void;
  onReset: () => void;
  onValidated: (validated: ValidateHeadingsResponse) => void;
  /** Sent as `formType`: SCHEDULE (the default) or ADT for the patient-data upload. */
  formType?: UploadFormType;
}

/**
 * Step 1 (spec 02 §2): client facility, file and action; Submit (enabled with all three, spec 02
 * §5) sends the file to validateheadings with progress, Reset empties the form. A failed answer
 * shows the server's message above the buttons.
 */
export function UploadForm({ values, onChange, onReset, onValidated, formType }: UploadFormProps) {
  const { t } = useTranslation();
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const uploading = progress !== null;
  const tooLarge = isFileTooLarge(values.file);
  const tooLargeMessage = t('schedule.tooLarge', { max: String(MAX_UPLOAD_MB) });

  const change = (next: Partial<UploadValues>) => {
    setError(null);
    onChange({ ...values, ...next });
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (uploading || !canSubmitUpload(values) || tooLarge) return;
    setError(null);
    setProgress(0);
    try {
      const validated = await validateHeadings(validateHeadingsFormData(values, formType), setProgress);
      onValidated(validated);
    } catch (failure) {
      if (failure instanceof ApiRequestError && failure.status === 413) setError(tooLargeMessage);
      else if (failure instanceof ApiRequestError && failure.status !== 0 && failure.code !== 'bad_response')
        setError(failure.message);
      else setError(t('schedule.validateFailed'));
    } finally {
      setProgress(null);
    }
  };

  const file = values.file;
  return (
    <form onSubmit={(e) => void submit(e)} noValidate aria-busy={uploading || undefined}>
      <Stack gap="md">
        <CompanySelect
          value={values.company}
          onChange={(company) => change({ company })}
          disabled={uploading}
        />
        <div className={classes.pair}>
          <FileInput
            data-field="file"
            label={t('schedule.file')}
            description={t('schedule.fileHint', { max: String(MAX_UPLOAD_MB) })}
            placeholder={t('schedule.chooseFile')}
            accept={ACCEPTED_FILES}
            value={file}
            onChange={(f) => change({ file: f })}
            valueComponent={() =>
              file ? (
                <span>
                  {file.name} ({formatBytes(file.size)})
                </span>
              ) : null
            }
            clearable
            clearButtonProps={{ 'aria-label': t('schedule.clearFile') }}
            withAsterisk
            error={tooLarge ? tooLargeMessage : undefined}
            disabled={uploading}
          />
          <Select
            data-field="action"
            label={t('schedule.action')}
            placeholder={t('schedule.actionPlaceholder')}
            data={ACTION_OPTIONS.map((a) => ({
              value: String(a.value),
              label: t(`schedule.actions.${a.key}`),
            }))}
            value={values.action === null ? null : String(values.action)}
            onChange={(v) => change({ action: v === null ? null : (Number(v) as UploadAction) })}
            withAsterisk
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
            disabled={uploading}
          />
        </div>
        {error && (
          <Alert color="red" variant="light" role="alert" data-testid="schedule-upload-error">
            <Text size="sm" c="gray.9">
              {error}
            </Text>
          </Alert>
        )}
        {uploading && (
          <Stack gap={4} role="status">
            <Text size="sm">{t('schedule.validating')}</Text>
            <Progress value={progress * 100} aria-label={t('schedule.uploadProgress')} animated />
          </Stack>
        )}
        <Group justify="flex-end" gap="sm">
          <Button
            variant="default"
            onClick={() => {
              setError(null);
              onReset();
            }}
            disabled={uploading}
          >
            {t('schedule.reset')}
          </Button>
          <Button type="submit" loading={uploading} disabled={!canSubmitUpload(values) || tooLarge}>
            {t('schedule.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
