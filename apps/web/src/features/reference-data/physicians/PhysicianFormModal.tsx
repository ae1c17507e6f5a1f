import { Alert, Checkbox, Group, Loader, Select, SimpleGrid, TextInput } from '@mantine/core';
import { PHYSICIAN_DETAIL_FIELDS, type PhysicianDetailField } from '@quill/core/contract/physician';
import type { DirectoryPhysician } from '@quill/core/contract/physicianDirectory';
import type { ReferenceFacility } from '@quill/core/contract/referenceData';
import {
  DISTRIBUTION_METHODS,
  type DistributionMethod,
  distributionProblem,
  PHYSICIAN_DIRECTORY_LIMITS,
} from '@quill/core/rules/recipients/physicianDirectory';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ReferenceForm, ReferenceModal } from '../common/ReferenceDialogs';
import { savingDialog, useCheckedForm } from '../common/useCheckedForm';
import { useReferenceChange } from '../common/useReferenceChange';
import {
  addPhysician,
  directoryKey,
  directoryLabel,
  loadDirectoryPhysician,
  savePhysician,
} from './physiciansApi';

/** Which form is open: a new physician, or an existing one by id. */
export type PhysicianFormTarget = { mode: 'add' } | { mode: 'edit'; id: number; name: string };

type TextField = PhysicianDetailField | 'specialty';
/** The text fields in the order the form shows them (the Physician modal's, then the specialty). */
const TEXT_FIELDS: TextField[] = [
  'lastName',
  'firstName',
  'middleInitial',
  'prefix',
  'suffix',
  'credentials',
  'specialty',
  'jobTitle',
  'accessCode',
  'email',
  'fax',
  'addressLine1',
  'addressLine2',
  'addressLine3',
  'addressLine4',
  'postalCode',
  'country',
];
const MAX: Record<TextField, number> = {
  ...PHYSICIAN_DETAIL_FIELDS,
  specialty: PHYSICIAN_DIRECTORY_LIMITS.specialtyMax,
};

interface Draft {
  text: Record<TextField, string>;
  isDictator: boolean;
  distributionMethod: DistributionMethod;
  allFacilities: boolean;
}

function draftOf(p: DirectoryPhysician | null): Draft {
  const text = Object.fromEntries(
    TEXT_FIELDS.map((f) => [f, p ? ((p[f as keyof DirectoryPhysician] as string | null) ?? '') : '']),
  ) as Record<TextField, string>;
  return {
    text,
    isDictator: p?.isDictator ?? false,
    distributionMethod: p?.distributionMethod ?? 'print',
    allFacilities: p?.allFacilities ?? false,
  };
}

/**
 * Add or edit a physician of the facility's directory (issue 26): the Physician modal's details
 * with the specialty, whether the physician dictates, how they receive documents (fax needs a fax
 * number — checked here as the server does) and whether they are listed for every facility of the
 * structure. A refusal of the server (a duplicate access code) shows in the dialog.
 */
export function PhysicianFormModal({
  facility,
  target,
  onClose,
}: {
  facility: ReferenceFacility;
  target: PhysicianFormTarget | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const editId = target?.mode === 'edit' ? target.id : null;
  const loaded = useQuery({
    queryKey: [...directoryKey(facility.id), 'physician', editId],
    queryFn: ({ signal }) => loadDirectoryPhysician(facility.id, editId ?? 0, signal),
    enabled: editId !== null,
    retry: false,
  });
  const title =
    target?.mode === 'edit'
      ? t('reference.physicians.editTitle', { name: target.name })
      : t('reference.physicians.addTitle');
  return (
    <ReferenceModal opened={target !== null} onClose={onClose} title={title} size="xl">
      {target?.mode === 'edit' && loaded.isError && (
        <Alert color="red" role="alert">
          {loaded.error.message}
        </Alert>
      )}
      {target?.mode === 'edit' && loaded.isPending && (
        <Loader size="sm" aria-label={t('reference.physicians.loading')} />
      )}
      {target && (target.mode === 'add' || loaded.data) && (
        <PhysicianForm
          key={editId ?? 'new'}
          facility={facility}
          editId={editId}
          initial={draftOf(target.mode === 'edit' ? (loaded.data ?? null) : null)}
          onClose={onClose}
        />
      )}
    </ReferenceModal>
  );
}

function PhysicianForm({
  facility,
  editId,
  initial,
  onClose,
}: {
  facility: ReferenceFacility;
  editId: number | null;
  initial: Draft;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const save = useReferenceChange(
    directoryKey(facility.id),
    (d: Draft) => {
      const body = {
        ...d.text,
        isDictator: d.isDictator,
        distributionMethod: d.distributionMethod,
        allFacilities: d.allFacilities,
      };
      return editId === null ? addPhysician(facility.id, body) : savePhysician(facility.id, editId, body);
    },
    (saved) =>
      editId === null
        ? t('reference.physicians.added', { name: directoryLabel(saved) })
        : t('reference.physicians.saved'),
    { onDone: onClose },
  );
  const checked = useCheckedForm<Draft>(initial, (d) => ({
    'text.lastName': d.text.lastName.trim() === '' ? t('physicianModal.lastNameRequired') : null,
    'text.fax': distributionProblem(d.distributionMethod, d.text.fax.trim() || null)
      ? t('reference.physicians.faxNeedsNumber')
      : null,
  }));
  const { form } = checked;
  const labelOf = (f: TextField) =>
    f === 'specialty' ? t('reference.physicians.fields.specialty') : t(`physicianModal.fields.${f}`);

  return (
    <ReferenceForm {...savingDialog(checked, save, onClose)}>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm" verticalSpacing="xs">
        {TEXT_FIELDS.map((f) => (
          <TextInput
            key={f}
            label={labelOf(f)}
            maxLength={MAX[f]}
            required={f === 'lastName'}
            data-autofocus={f === 'lastName' ? true : undefined}
            type={f === 'email' ? 'email' : 'text'}
            {...form.getInputProps(`text.${f}`)}
          />
        ))}
      </SimpleGrid>
      <Group align="flex-end" gap="lg">
        <Select
          label={t('reference.physicians.fields.distributionMethod')}
          data={DISTRIBUTION_METHODS.map((m) => ({
            value: m,
            label: t(`reference.physicians.methods.${m}`),
          }))}
          value={form.values.distributionMethod}
          onChange={(v) => v && form.setFieldValue('distributionMethod', v as DistributionMethod)}
          allowDeselect={false}
        />
        <Checkbox
          label={t('reference.physicians.fields.isDictator')}
          {...form.getInputProps('isDictator', { type: 'checkbox' })}
        />
        <Checkbox
          label={t('reference.physicians.fields.allFacilities', { structure: facility.corporateStructure })}
          {...form.getInputProps('allFacilities', { type: 'checkbox' })}
        />
      </Group>
    </ReferenceForm>
  );
}
