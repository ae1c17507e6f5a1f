import { Checkbox, TextInput } from '@mantine/core';
import type { FacilityLocation, SaveLocationRequest } from '@quill/core/contract/facilityLists';
import {
  FACILITY_LIST_LIMITS,
  listTextTaken,
  locationProblems,
} from '@quill/core/rules/referenceData/facilityLists';
import { useTranslation } from 'react-i18next';
import { ruleText } from '../../job-editor/recipients/ruleText';
import { ReferenceForm } from '../common/ReferenceDialogs';
import { useCheckedForm } from '../common/useCheckedForm';
import type { SectionProps } from '../referenceApi';
import { type FacilityListKind, FacilityListSection, type ListFormProps, yesNo } from './FacilityListSection';
import { addLocation, deleteLocation, loadLocations, saveLocation } from './facilityListsApi';

/** Add (no location) or edit one: code (unique in the facility ignoring case), name and the automatic flag. */
function LocationForm({
  row: location,
  others,
  busy,
  error,
  onSubmit,
  onClose,
}: ListFormProps<FacilityLocation, SaveLocationRequest>) {
  const { t } = useTranslation();
  const { form, submit } = useCheckedForm<SaveLocationRequest>(
    location
      ? { code: location.code, name: location.name, auto: location.auto }
      : { code: '', name: '', auto: false },
    (draft) => {
      const problems = locationProblems(draft);
      const taken = listTextTaken(draft.code, others, (l) => l.code, location?.id);
      const problemOf = (field: 'code' | 'name') => {
        const p = problems.find((x) => x.field === field);
        return p ? ruleText(t, p.message) : undefined;
      };
      return {
        code:
          problemOf('code') ??
          (taken ? t('reference.lists.locations.codeTaken', { code: taken.code }) : undefined),
        name: problemOf('name'),
      };
    },
  );
  return (
    <ReferenceForm onClose={onClose} onSubmit={submit(onSubmit)} busy={busy} error={error}>
      <TextInput
        label={t('reference.lists.locations.code')}
        required
        data-autofocus
        maxLength={FACILITY_LIST_LIMITS.locationCodeMax}
        {...form.getInputProps('code')}
      />
      <TextInput
        label={t('reference.lists.name')}
        required
        maxLength={FACILITY_LIST_LIMITS.nameMax}
        {...form.getInputProps('name')}
      />
      <Checkbox
        label={t('reference.lists.locations.auto')}
        description={t('reference.lists.locations.autoDescription')}
        {...form.getInputProps('auto', { type: 'checkbox' })}
      />
    </ReferenceForm>
  );
}

const LOCATIONS: FacilityListKind<FacilityLocation, SaveLocationRequest, 'locations'> = {
  list: 'locations',
  load: loadLocations,
  add: addLocation,
  save: saveLocation,
  remove: deleteLocation,
  values: (l) => ({ code: l.code, name: l.name }),
  nameOf: (l) => `${l.code} ${l.name}`,
  columns: (t) => [
    { header: t('reference.lists.locations.code'), cell: (l) => l.code },
    { header: t('reference.lists.name'), cell: (l) => l.name },
    { header: t('reference.lists.locations.auto'), cell: (l) => yesNo(t, l.auto) },
  ],
  Form: LocationForm,
};

/**
 * Reference data ▸ Locations (issue 26): the facility's locations by code; with dictatorAdd, Add,
 * Edit and Delete (a location jobs use cannot be deleted).
 */
export function LocationsSection(props: SectionProps) {
  return <FacilityListSection kind={LOCATIONS} {...props} />;
}
