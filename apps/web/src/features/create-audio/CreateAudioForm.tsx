import {
  Alert,
  Button,
  Checkbox,
  FileInput,
  Group,
  Loader,
  Progress,
  Select,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { type FormEvent, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiRequestError } from '../../lib/api';
import classes from './CreateAudioPage.module.css';
import {
  type CreateAudioFacility,
  type CreateAudioResponse,
  uploadAudio,
  useCreateAudioChoices,
  useCreateAudioFacilities,
} from './createAudioApi';
import {
  ACCEPTED_AUDIO,
  type CreateAudioErrors,
  type CreateAudioField,
  type CreateAudioValues,
  createAudioFormData,
  EMPTY_CREATE_AUDIO,
  facilityOptions,
  formatBytes,
  MAX_UPLOAD_MB,
  serverErrorField,
  validateCreateAudio,
} from './createAudioForm';

const FIELD_ORDER: CreateAudioField[] = [
  'clientFacilityId',
  'dictatorId',
  'workTypeId',
  'patientMrn',
  'file',
];

export interface CreateAudioFormProps {
  onCreated: (created: CreateAudioResponse, facility: CreateAudioFacility | undefined) => void;
}

/**
 * Create with Audio's form: client facility (searchable), then its dictator and work type, the
 * optional patient MRN, STAT and the recording; Create uploads it with progress. Problems are
 * shown at their field — the form's own checks before sending, the server's answer after (its
 * message for 400, 404 and 413).
 */
export function CreateAudioForm({ onCreated }: CreateAudioFormProps) {
  const { t } = useTranslation();
  const facilities = useCreateAudioFacilities();
  const [values, setValues] = useState<CreateAudioValues>(EMPTY_CREATE_AUDIO);
  const [errors, setErrors] = useState<CreateAudioErrors>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const choices = useCreateAudioChoices(values.clientFacilityId);
  const formRef = useRef<HTMLFormElement>(null);
  const uploading = progress !== null;

  const facilityData = useMemo(() => facilityOptions(facilities.data ?? []), [facilities.data]);
  const messages = {
    noFile: t('audio.noFile'),
    tooLarge: t('audio.tooLarge', { max: String(MAX_UPLOAD_MB) }),
  };

  const change = <K extends keyof CreateAudioValues>(name: K, value: CreateAudioValues[K]) => {
    setValues((v) => ({
      ...v,
      [name]: value,
      // Another facility has other dictators and work types.
      ...(name === 'clientFacilityId' && value !== v.clientFacilityId
        ? { dictatorId: null, workTypeId: null }
        : {}),
    }));
    setErrors((e) => ({ ...e, [name]: undefined }));
    setServerError(null);
  };

  /** Puts the server's message at the field it is about, when it names one. */
  const placeServerError = (error: ApiRequestError) => {
    const field = serverErrorField(error, {
      ...messages,
      unsupportedFile: t('audio.unsupportedFile'),
      unknownDictator: t('audio.unknownDictator'),
      unknownWorkType: t('audio.unknownWorkType'),
      facilityNotFound: t('audio.facilityNotFound', { id: values.clientFacilityId ?? '' }),
      patientNotFound: t('audio.patientNotFound', { mrn: values.patientMrn.trim() }),
    });
    if (field) setErrors({ [field]: error.status === 413 ? messages.tooLarge : error.message });
    else setServerError(error.status === 0 ? t('audio.create.failed') : error.message);
  };

  const focusFirstError = (found: CreateAudioErrors) => {
    const first = FIELD_ORDER.find((f) => found[f]);
    if (!first) return;
    // Mantine links the error text to the input; the input carries the field's name.
    requestAnimationFrame(() =>
      formRef.current?.querySelector<HTMLElement>(`[data-field="${first}"]`)?.focus(),
    );
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (uploading) return;
    const found = validateCreateAudio(values, messages);
    setErrors(found);
    setServerError(null);
    if (Object.keys(found).length > 0) {
      focusFirstError(found);
      return;
    }
    setProgress(0);
    try {
      const created = await uploadAudio(createAudioFormData(values), setProgress);
      onCreated(
        created,
        facilities.data?.find((f) => String(f.id) === values.clientFacilityId),
      );
    } catch (error) {
      if (error instanceof ApiRequestError) placeServerError(error);
      else setServerError(t('audio.create.failed'));
    } finally {
      setProgress(null);
    }
  };

  if (facilities.isPending) {
    return (
      <Group gap="sm" role="status">
        <Loader size="sm" aria-hidden="true" />
        <Text size="sm">{t('audio.player.loading')}</Text>
      </Group>
    );
  }
  if (facilities.isError) {
    return (
      <Alert color="red" variant="light" role="alert">
        <Group justify="space-between" gap="sm">
          <Text size="sm" c="gray.9">
            {t('audio.create.loadFailed')}
          </Text>
          <Button size="compact-sm" variant="default" onClick={() => void facilities.refetch()}>
            {t('audio.create.retry')}
          </Button>
        </Group>
      </Alert>
    );
  }
  if (facilities.data.length === 0) {
    return (
      <Text size="sm" role="status">
        {t('audio.create.noFacilities')}
      </Text>
    );
  }

  const chosen = values.clientFacilityId !== null;
  const choicePlaceholder = (placeholder: string) =>
    !chosen
      ? t('audio.create.chooseFacilityFirst')
      : choices.isPending
        ? t('audio.create.loadingChoices')
        : placeholder;
  const file = values.file;

  return (
    <form ref={formRef} onSubmit={(e) => void submit(e)} noValidate aria-busy={uploading || undefined}>
      <Stack gap="md">
        <Select
          data-field="clientFacilityId"
          label={t('audio.create.facility')}
          placeholder={t('audio.create.facilityPlaceholder')}
          data={facilityData}
          value={values.clientFacilityId}
          onChange={(v) => change('clientFacilityId', v)}
          searchable
          withAsterisk
          nothingFoundMessage={t('audio.create.facilityNothingFound')}
          comboboxProps={{ withinPortal: true }}
          allowDeselect={false}
          maxDropdownHeight={280}
          error={errors.clientFacilityId}
          disabled={uploading}
        />
        {choices.isError && (
          <Alert color="red" variant="light" role="alert">
            <Group justify="space-between" gap="sm">
              <Text size="sm" c="gray.9">
                {t('audio.create.choicesFailed')}
              </Text>
              <Button size="compact-sm" variant="default" onClick={() => void choices.refetch()}>
                {t('audio.create.retry')}
              </Button>
            </Group>
          </Alert>
        )}
        <div className={classes.pair}>
          <Select
            data-field="dictatorId"
            label={t('audio.create.dictator')}
            placeholder={choicePlaceholder(t('audio.create.dictatorPlaceholder'))}
            data={(choices.data?.dictators ?? []).map((d) => ({ value: String(d.id), label: d.name }))}
            value={values.dictatorId}
            onChange={(v) => change('dictatorId', v)}
            searchable
            withAsterisk
            comboboxProps={{ withinPortal: true }}
            allowDeselect={false}
            maxDropdownHeight={280}
            disabled={!chosen || !choices.data || uploading}
            error={errors.dictatorId}
          />
          <Select
            data-field="workTypeId"
            label={t('audio.create.workType')}
            placeholder={choicePlaceholder(t('audio.create.workTypePlaceholder'))}
            data={(choices.data?.workTypes ?? []).map((w) => ({ value: String(w.id), label: w.name }))}
            value={values.workTypeId}
            onChange={(v) => change('workTypeId', v)}
            searchable
            withAsterisk
            comboboxProps={{ withinPortal: true }}
            allowDeselect={false}
            maxDropdownHeight={280}
            disabled={!chosen || !choices.data || uploading}
            error={errors.workTypeId}
          />
        </div>
        <div className={classes.pair}>
          <TextInput
            data-field="patientMrn"
            label={t('audio.create.patientMrn')}
            description={t('audio.create.patientMrnHint')}
            value={values.patientMrn}
            onChange={(e) => change('patientMrn', e.currentTarget.value)}
            maxLength={50}
            autoComplete="off"
            error={errors.patientMrn}
            disabled={uploading}
          />
          <Checkbox
            className={classes.stat}
            label={t('audio.create.stat')}
            description={t('audio.create.statHint')}
            checked={values.stat}
            onChange={(e) => change('stat', e.currentTarget.checked)}
            disabled={uploading}
          />
        </div>
        <FileInput
          data-field="file"
          label={t('audio.create.file')}
          description={t('audio.create.fileHint', { max: String(MAX_UPLOAD_MB) })}
          placeholder={t('audio.create.chooseFile')}
          accept={ACCEPTED_AUDIO}
          value={file}
          onChange={(f) => change('file', f)}
          valueComponent={() =>
            file ? (
              <span>{t('audio.create.fileChosen', { name: file.name, size: formatBytes(file.size) })}</span>
            ) : null
          }
          clearable
          clearButtonProps={{ 'aria-label': t('audio.create.clearFile') }}
          withAsterisk
          error={errors.file}
          disabled={uploading}
        />
        {serverError && (
          <Alert color="red" variant="light" role="alert" data-testid="create-audio-error">
            <Text size="sm" c="gray.9">
              {serverError}
            </Text>
          </Alert>
        )}
        {uploading && (
          <Stack gap={4} role="status">
            <Text size="sm">
              {t('audio.create.uploading', { percent: String(Math.round(progress * 100)) })}
            </Text>
            <Progress value={progress * 100} aria-label={t('audio.create.uploadProgress')} animated />
          </Stack>
        )}
        <Group justify="flex-end">
          <Button type="submit" loading={uploading}>
            {t('audio.create.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
