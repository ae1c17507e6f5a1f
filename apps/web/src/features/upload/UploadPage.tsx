import { Container, Paper, Stack, Stepper, Title } from '@mantine/core';
import type {
  HeadingMappingItem,
  UploadAction,
  ValidateHeadingsResponse,
} from '@quill/core/contract/schedule';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorPage } from '../../app/errors/ErrorPage';
import { useHasPermission } from '../../app/session/SessionContext';
import { showToast } from '../../app/toasts';
import { useDocumentTitle } from '../../app/useDocumentTitle';
import { HeadingMapping } from './HeadingMapping';
import { RecentUploads } from './RecentUploads';
import classes from './ScheduleUploadPage.module.css';
import { submitHeadings } from './scheduleUploadApi';
import { EMPTY_UPLOAD, submitHeadingsRequest, type UploadValues } from './scheduleUploadForm';
import { UploadComplete } from './UploadComplete';
import { UploadForm } from './UploadForm';
import type { UploadFormKind } from './uploadForms';

interface Mapping {
  validated: ValidateHeadingsResponse;
  items: HeadingMappingItem[];
  index: number;
  errors: string[];
}

interface Queued {
  uploadId: number | null;
  action: UploadAction;
  warnings: string[];
}

/**
 * The upload with heading mapping (spec 02 §2, §4, §5, §7, §8) of one form type: step 1 uploads a
 * file of a client facility with an action, step 2 maps its headings to ADT definitions, step 3
 * says it is queued and follows its processing. Needs the form's permission; otherwise the 403 page.
 */
export function UploadPage({ form }: { form: UploadFormKind }) {
  const { t } = useTranslation();
  const allowed = useHasPermission(form.permission);
  const [values, setValues] = useState<UploadValues>(EMPTY_UPLOAD);
  const [formKey, setFormKey] = useState(0);
  const [mapping, setMapping] = useState<Mapping | null>(null);
  const [queued, setQueued] = useState<Queued | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const panel = useRef<HTMLDivElement>(null);
  const active = queued ? 2 : mapping ? 1 : 0;
  const shownStep = useRef(active);
  useDocumentTitle(t(form.titleKey));
  // Another step replaces the control that had focus: keyboard users go on from the new step.
  useEffect(() => {
    if (shownStep.current === active) return;
    shownStep.current = active;
    panel.current?.focus();
  }, [active]);
  if (!allowed) return <ErrorPage code="403" />;

  const reset = () => {
    setValues(EMPTY_UPLOAD);
    setMapping(null);
    setQueued(null);
    setFormKey((k) => k + 1);
  };

  const submit = async () => {
    if (!mapping || !values.company || values.action === null || submitting) return;
    const action = values.action;
    setSubmitting(true);
    try {
      const answer = await submitHeadings(
        form,
        submitHeadingsRequest(values.company, action, mapping.validated, mapping.items),
      );
      if (answer.hasErrors) setMapping({ ...mapping, errors: answer.errors });
      else {
        setQueued({ uploadId: answer.uploadId, action, warnings: answer.warnings });
        setMapping(null);
      }
    } catch {
      showToast(t('schedule.submitHeadingsFailed'), { kind: 'error', id: 'schedule-submit-headings' });
    } finally {
      setSubmitting(false);
    }
  };

  const stepLabels = [t('schedule.step1'), t('schedule.step2'), t('schedule.step3')];
  return (
    <Container size={1100} py="xl" className={classes.page}>
      <Stack gap="lg">
        <Title order={1} size="h2">
          {t(form.titleKey)}
        </Title>
        {/* Once queued every step is complete. */}
        <Stepper active={queued ? stepLabels.length : active} size="sm" allowNextStepsSelect={false}>
          {stepLabels.map((label) => (
            <Stepper.Step key={label} label={label} />
          ))}
        </Stepper>
        <Paper
          ref={panel}
          withBorder
          radius="md"
          p="lg"
          role="region"
          aria-label={stepLabels[active]}
          tabIndex={-1}
          className={classes.panel}
        >
          {queued ? (
            <UploadComplete
              form={form}
              uploadId={queued.uploadId}
              action={queued.action}
              warnings={queued.warnings}
              onAnother={reset}
            />
          ) : mapping ? (
            <HeadingMapping
              validated={mapping.validated}
              items={mapping.items}
              onItemsChange={(items) => setMapping({ ...mapping, items })}
              index={mapping.index}
              onIndexChange={(index) => setMapping({ ...mapping, index })}
              submitting={submitting}
              errors={mapping.errors}
              onSubmit={() => void submit()}
              onBack={() => setMapping(null)}
            />
          ) : (
            <UploadForm
              key={formKey}
              formType={form.formType}
              values={values}
              onChange={setValues}
              onReset={reset}
              onValidated={(validated) =>
                setMapping({ validated, items: validated.mappingItems, index: 0, errors: [] })
              }
            />
          )}
        </Paper>
        {!mapping && !queued && <RecentUploads kind={form.kind} />}
      </Stack>
    </Container>
  );
}
