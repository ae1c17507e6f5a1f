import { TextInput } from '@mantine/core';
import type { FacilityDepartment, SaveDepartmentRequest } from '@quill/core/contract/facilityLists';
import {
  departmentProblems,
  FACILITY_LIST_LIMITS,
  listTextTaken,
} from '@quill/core/rules/referenceData/facilityLists';
import { useTranslation } from 'react-i18next';
import { ruleText } from '../../job-editor/recipients/ruleText';
import { ReferenceForm } from '../common/ReferenceDialogs';
import { useCheckedForm } from '../common/useCheckedForm';
import type { SectionProps } from '../referenceApi';
import { type FacilityListKind, FacilityListSection, type ListFormProps } from './FacilityListSection';
import { addDepartment, deleteDepartment, loadDepartments, saveDepartment } from './facilityListsApi';

/** Add (no department) or rename one: the name, unique in the facility ignoring case. */
function DepartmentForm({
  row: department,
  others,
  busy,
  error,
  onSubmit,
  onClose,
}: ListFormProps<FacilityDepartment, SaveDepartmentRequest>) {
  const { t } = useTranslation();
  const { form, submit } = useCheckedForm({ name: department?.name ?? '' }, ({ name }) => {
    const [problem] = departmentProblems({ name });
    const taken = listTextTaken(name, others, (d) => d.name, department?.id);
    return {
      name: problem
        ? ruleText(t, problem.message)
        : taken
          ? t('reference.lists.departments.nameTaken', { name: taken.name })
          : undefined,
    };
  });
  return (
    <ReferenceForm onClose={onClose} onSubmit={submit(onSubmit)} busy={busy} error={error}>
      <TextInput
        label={t('reference.lists.name')}
        required
        data-autofocus
        maxLength={FACILITY_LIST_LIMITS.nameMax}
        {...form.getInputProps('name')}
      />
    </ReferenceForm>
  );
}

const DEPARTMENTS: FacilityListKind<FacilityDepartment, SaveDepartmentRequest, 'departments'> = {
  list: 'departments',
  load: loadDepartments,
  add: addDepartment,
  save: saveDepartment,
  remove: deleteDepartment,
  values: (d) => ({ name: d.name }),
  nameOf: (d) => d.name,
  columns: (t) => [{ header: t('reference.lists.name'), cell: (d) => d.name }],
  Form: DepartmentForm,
};

/**
 * Reference data ▸ Departments (issue 26): the facility's departments by name; with dictatorAdd,
 * Add, Rename and Delete (a department jobs use cannot be deleted).
 */
export function DepartmentsSection(props: SectionProps) {
  return <FacilityListSection kind={DEPARTMENTS} {...props} />;
}
