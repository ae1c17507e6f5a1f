import { Button, Checkbox, Group, Paper, Select, Stack, Text, Title, Tooltip } from '@mantine/core';
import type { CdaEdits } from '@quill/core/contract/documents/cda';
import type { JobViewDetails, SetJobDataRequest, WorkType } from '@quill/core/contract/job';
import { jobOptionsVisible, statOf, workTypeChangeEffects } from '@quill/core/rules/jobEditor/jobOptions';
import type { TextType } from '@quill/core/rules/jobEditor/textType';
import { LIMITS } from '@quill/core/rules/settings/constants';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../../app/toasts';
import { documentPatientKey } from '../identity/identityApi';
import { CheckJobModal } from './CheckJobModal';
import {
  detailsKeys,
  fetchDepartments,
  fetchLocations,
  fetchWorkTypes,
  runHoldQueueCheck,
} from './detailsApi';
import { withWorkType } from './jobDataEdits';
import { PhysicianSelect } from './PhysicianSelect';
import { WorkTypeWarningModal } from './WorkTypeWarningModal';

/** Spec 02 §9: selectors list at most 300 options in a dropdown at most 400 px high. */
const SELECT_LIMIT = 300;
const SELECT_HEIGHT = 400;

export interface DocumentDetailsCardProps {
  details: JobViewDetails;
  /** The job data as edited (what a save sends). */
  value: SetJobDataRequest;
  onChange: (next: SetJobDataRequest) => void;
  /** Every control is disabled when false (view mode, loading, saving, booking…). */
  editable: boolean;
  /** The job is booked out for editing (the job options show only then). */
  editMode: boolean;
  textType: TextType;
  /** The CDA edits as they would be saved (sent with the hold queue check of a CDA job). */
  cda?: () => CdaEdits | undefined;
  /** Issue 39: the document's patient beside the job's, in the Check Job modal (with patient data only). */
  identityComparison?: ReactNode;
}

const idOf = (v: string | null) => (v === null ? null : Number(v));

/** A select's options: the loaded list, with the current choice kept when the list lacks it. */
function optionsOf(
  list: { id: number; name: string }[] | undefined,
  current: { id: number; name: string } | null,
) {
  const options = (list ?? []).map((o) => ({ value: String(o.id), label: o.name }));
  if (current && !options.some((o) => o.value === String(current.id)))
    options.unshift({ value: String(current.id), label: current.name });
  return options;
}

/**
 * Spec 02 §2 "Document Details card": hold queue flags with Check Flags (the Check Job modal),
 * Dictator, Dictated For (with a remove button), STAT, Work Type (with the change warning modal),
 * Department, Location, and the job options when their visibility rule allows.
 */
export function DocumentDetailsCard({
  details,
  value,
  onChange,
  editable,
  editMode,
  textType,
  cda,
  identityComparison,
}: DocumentDetailsCardProps) {
  const { t } = useTranslation();
  const facilityId = details.clientFacility.id;
  const [pendingWorkType, setPendingWorkType] = useState<WorkType | null>(null);
  const [checkOpen, setCheckOpen] = useState(false);
  const client = useQueryClient();

  // The lists are asked for once the card can be edited; until then the loaded choices show.
  const workTypes = useQuery({
    queryKey: detailsKeys.workTypes(facilityId),
    queryFn: ({ signal }) => fetchWorkTypes(facilityId, signal),
    enabled: editable,
    staleTime: 60_000,
  });
  const departments = useQuery({
    queryKey: detailsKeys.departments(details.jobId),
    queryFn: ({ signal }) => fetchDepartments(details.jobId, signal),
    enabled: editable,
    staleTime: 60_000,
  });
  const locations = useQuery({
    queryKey: detailsKeys.locations(details.jobId),
    queryFn: ({ signal }) => fetchLocations(details.jobId, signal),
    enabled: editable,
    staleTime: 60_000,
  });
  const listFailed = workTypes.isError || departments.isError || locations.isError;
  useEffect(() => {
    if (listFailed) showToast(t('job.detailChangeFailed'), { kind: 'error', id: 'job-detail-lists' });
  }, [listFailed, t]);

  const check = useMutation({
    mutationFn: () => runHoldQueueCheck(details.jobId, value, textType === 'CDA' ? cda?.() : undefined),
    onError: () => showToast(t('job.holdQueueCheckFailed'), { kind: 'error' }),
  });
  const runCheck = () => {
    setCheckOpen(true);
    check.mutate();
    // The document's patient beside the job's as it is now (an accepted patient included).
    void client.invalidateQueries({ queryKey: documentPatientKey(details.jobId) });
  };

  const chooseWorkType = (picked: string | null) => {
    const id = idOf(picked);
    if (id === null || id === value.workTypeId) return;
    const workType =
      workTypes.data?.find((w) => w.id === id) ?? (details.workType?.id === id ? details.workType : null);
    if (!workType) return;
    const effects = workTypeChangeEffects(workType);
    if (effects.addresseesBecomeCopies || effects.patientRemoved) setPendingWorkType(workType);
    else onChange(withWorkType(value, details, workType));
  };

  const disabled = !editable;
  const showOptions = jobOptionsVisible({ editMode, stageId: details.stageId });
  const selectProps = { limit: SELECT_LIMIT, maxDropdownHeight: SELECT_HEIGHT, disabled, searchable: true };

  return (
    <Paper withBorder p="sm" component="section" aria-label={t('jobDetails.title')}>
      <Title order={2} size="h5" mb="xs">
        {t('jobDetails.title')}
      </Title>
      <Stack gap="xs">
        <div>
          <Group justify="space-between" gap="xs">
            <Text size="sm" fw={500}>
              {t('jobDetails.holdQueueFlags')}
            </Text>
            {/* Word jobs too (issue 39): the identity rule reads the Word document's patient. */}
            <Tooltip
              label={t('jobDetails.checkNoText')}
              disabled={textType !== 'none'}
              openDelay={LIMITS.tooltipDelayMs}
            >
              <span>
                <Button
                  size="compact-sm"
                  variant="light"
                  onClick={runCheck}
                  disabled={disabled || textType === 'none'}
                >
                  {t('jobDetails.checkFlags')}
                </Button>
              </span>
            </Tooltip>
          </Group>
          {details.holdQueueFlags.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t('jobDetails.noHoldQueueFlags')}
            </Text>
          ) : (
            <ul aria-label={t('jobDetails.holdQueueFlags')} style={{ margin: 0, paddingLeft: 18 }}>
              {details.holdQueueFlags.map((f) => (
                <li key={f.code}>
                  <Text size="sm" span>
                    {f.code} – {f.description}
                  </Text>
                </li>
              ))}
            </ul>
          )}
        </div>
        <PhysicianSelect
          kind="DICTATOR"
          label={t('jobDetails.dictator')}
          facilityId={facilityId}
          value={value.dictator}
          loaded={details.dictator}
          onChange={(dictator) => onChange({ ...value, dictator })}
          disabled={disabled}
        />
        <PhysicianSelect
          kind="DICTATED_FOR"
          label={t('jobDetails.dictatedFor')}
          facilityId={facilityId}
          value={value.dictatedFor}
          loaded={details.dictatedFor}
          onChange={(dictatedFor) => onChange({ ...value, dictatedFor })}
          disabled={disabled}
          removeLabel={t('jobDetails.removeDictatedFor')}
        />
        <Checkbox
          label={t('jobDetails.stat')}
          checked={value.stat !== null}
          onChange={(e) => onChange({ ...value, stat: statOf(e.currentTarget.checked) })}
          disabled={disabled}
        />
        <Select
          label={t('jobDetails.workType')}
          data={optionsOf(workTypes.data, details.workType)}
          value={value.workTypeId === null ? null : String(value.workTypeId)}
          onChange={chooseWorkType}
          allowDeselect={false}
          {...selectProps}
        />
        <Select
          label={t('jobDetails.department')}
          placeholder={t('jobDetails.noneSelected')}
          data={optionsOf(departments.data, details.department)}
          value={value.department === null ? null : String(value.department)}
          onChange={(v) => onChange({ ...value, department: idOf(v) })}
          clearable
          {...selectProps}
        />
        <Select
          label={t('jobDetails.location')}
          placeholder={t('jobDetails.noneSelected')}
          data={optionsOf(locations.data, details.location)}
          value={value.location === null ? null : String(value.location)}
          onChange={(v) => onChange({ ...value, location: idOf(v) })}
          clearable
          {...selectProps}
        />
        {showOptions && (
          <Stack gap={4} role="group" aria-label={t('jobDetails.jobOptions')}>
            <Text size="sm" fw={500}>
              {t('jobDetails.jobOptions')}
            </Text>
            <Checkbox
              label={t('jobDetails.skipExport')}
              checked={value.skipExport}
              onChange={(e) => onChange({ ...value, skipExport: e.currentTarget.checked })}
              disabled={disabled}
            />
            <Checkbox
              label={t('jobDetails.skipPrint')}
              checked={value.skipPrint}
              onChange={(e) => onChange({ ...value, skipPrint: e.currentTarget.checked })}
              disabled={disabled}
            />
            <Checkbox
              label={t('jobDetails.forceResign')}
              checked={value.forceResign}
              onChange={(e) => onChange({ ...value, forceResign: e.currentTarget.checked })}
              disabled={disabled}
            />
          </Stack>
        )}
      </Stack>
      <WorkTypeWarningModal
        workType={pendingWorkType}
        onCancel={() => setPendingWorkType(null)}
        onConfirm={() => {
          if (pendingWorkType) onChange(withWorkType(value, details, pendingWorkType));
          setPendingWorkType(null);
        }}
      />
      <CheckJobModal
        opened={checkOpen}
        onClose={() => setCheckOpen(false)}
        rows={check.data ?? null}
        running={check.isPending}
        comparison={identityComparison}
      />
    </Paper>
  );
}
