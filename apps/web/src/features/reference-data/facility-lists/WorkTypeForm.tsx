import { Alert, Checkbox, NumberInput, Text, TextInput } from '@mantine/core';
import type { FacilityWorkType, SaveWorkTypeRequest } from '@quill/core/contract/facilityLists';
import { addresseeHint, type RuleMessage } from '@quill/core/rules/recipients/recipients';
import {
  FACILITY_LIST_LIMITS,
  type FieldProblem,
  type WorkTypeField,
  workTypeNumberTaken,
  workTypeProblems,
} from '@quill/core/rules/referenceData/facilityLists';
import { useTranslation } from 'react-i18next';
import { ruleText } from '../../job-editor/recipients/ruleText';
import { ReferenceForm } from '../common/ReferenceDialogs';
import { useCheckedForm } from '../common/useCheckedForm';
import type { ListFormProps } from './FacilityListSection';

/** What the form holds: NumberInput answers '' for an empty field. */
type Draft = {
  number: number | '';
  name: string;
  enableAddressee: boolean;
  minAddressees: number | '';
  maxAddressees: number | '';
  allowPatientAsRecipient: boolean;
};

const BLANK: Draft = {
  number: '',
  name: '',
  enableAddressee: true,
  minAddressees: 0,
  maxAddressees: '',
  allowPatientAsRecipient: true,
};

const draftOf = (w: FacilityWorkType): Draft => ({ ...w, maxAddressees: w.maxAddressees ?? '' });

/** The request of a draft: an empty number or minimum is no number (refused), an empty maximum is none. */
function requestOf(d: Draft): SaveWorkTypeRequest {
  return {
    number: d.number === '' ? Number.NaN : d.number,
    name: d.name,
    enableAddressee: d.enableAddressee,
    minAddressees: d.minAddressees === '' ? Number.NaN : d.minAddressees,
    maxAddressees: d.maxAddressees === '' ? null : d.maxAddressees,
    allowPatientAsRecipient: d.allowPatientAsRecipient,
  };
}

const asNumber = (v: string | number): number | '' => (v === '' ? '' : Number(v));

/** What core's rules find wrong with a draft, a number another work type holds included. */
function problemsOf(d: Draft, others: readonly FacilityWorkType[], workType: FacilityWorkType | null) {
  const request = requestOf(d);
  const problems: FieldProblem<WorkTypeField>[] = workTypeProblems(request);
  const taken = workTypeNumberTaken(request.number, others, workType?.id);
  if (taken && !problems.some((p) => p.field === 'number'))
    problems.push({
      field: 'number',
      message: { key: 'reference.lists.workTypes.numberTaken', values: { number: request.number } },
    });
  return { request, problems, taken };
}

/**
 * Add or edit a work type (issue 26): number, name, addressee support and limits, patient as
 * recipient; core's rules check the draft as the manager types (after the first try to save), and
 * the form shows what the Recipients card's hint will say. A shared work type says that a change
 * applies to every facility of the structure.
 */
export function WorkTypeForm({
  row: workType,
  others,
  facility,
  busy,
  error,
  onSubmit,
  onClose,
}: ListFormProps<FacilityWorkType, SaveWorkTypeRequest>) {
  const { t } = useTranslation();
  const { form, submit } = useCheckedForm<Draft>(workType ? draftOf(workType) : BLANK, (d) => {
    const { request, problems, taken } = problemsOf(d, others, workType);
    const errors: Partial<Record<WorkTypeField, string>> = {};
    for (const p of problems)
      errors[p.field] ??=
        p.message.key === 'reference.lists.workTypes.numberTaken'
          ? t('reference.lists.workTypes.numberTaken', {
              number: String(request.number),
              name: taken?.name ?? '',
            })
          : ruleText(t, p.message);
    return errors;
  });
  const draft = form.values;
  const { request, problems } = problemsOf(draft, others, workType);
  // The preview is the card's own rule; none while the limits themselves are refused.
  const limitsValid = !problems.some((p) => p.field === 'minAddressees' || p.field === 'maxAddressees');
  const hint: RuleMessage | null = limitsValid ? addresseeHint(request) : null;
  const set = (next: Partial<Draft>) => form.setValues(next);
  const limits = {
    min: 0,
    max: FACILITY_LIST_LIMITS.addresseesMax,
    allowDecimal: false,
    allowNegative: false,
    // Out of range is said by the rule's message, never corrected behind the manager's back.
    clampBehavior: 'none' as const,
  };

  return (
    <ReferenceForm
      onClose={onClose}
      onSubmit={submit((d) => onSubmit(requestOf(d)))}
      busy={busy}
      error={error}
    >
      {workType?.shared && (
        <Alert color="yellow" data-testid="shared-note">
          {t('reference.lists.workTypes.sharedNote', { structure: facility.corporateStructure })}
        </Alert>
      )}
      <NumberInput
        label={t('reference.lists.workTypes.number')}
        required
        data-autofocus
        value={draft.number}
        onChange={(v) => set({ number: asNumber(v) })}
        min={FACILITY_LIST_LIMITS.workTypeNumberMin}
        max={FACILITY_LIST_LIMITS.workTypeNumberMax}
        allowDecimal={false}
        allowNegative={false}
        clampBehavior="none"
        error={form.errors.number}
      />
      <TextInput
        label={t('reference.lists.name')}
        required
        maxLength={FACILITY_LIST_LIMITS.nameMax}
        {...form.getInputProps('name')}
      />
      <Checkbox
        label={t('reference.lists.workTypes.enableAddressee')}
        description={t('reference.lists.workTypes.enableAddresseeDescription')}
        checked={draft.enableAddressee}
        onChange={(e) =>
          set(
            e.currentTarget.checked
              ? { enableAddressee: true }
              : { enableAddressee: false, minAddressees: 0, maxAddressees: '' },
          )
        }
      />
      <NumberInput
        label={t('reference.lists.workTypes.minAddressees')}
        value={draft.minAddressees}
        disabled={!draft.enableAddressee}
        onChange={(v) => set({ minAddressees: asNumber(v) })}
        error={form.errors.minAddressees}
        {...limits}
      />
      <NumberInput
        label={t('reference.lists.workTypes.maxAddressees')}
        description={t('reference.lists.workTypes.maxAddresseesDescription')}
        value={draft.maxAddressees}
        disabled={!draft.enableAddressee}
        onChange={(v) => set({ maxAddressees: asNumber(v) })}
        error={form.errors.maxAddressees}
        {...limits}
      />
      <Checkbox
        label={t('reference.lists.workTypes.allowPatient')}
        {...form.getInputProps('allowPatientAsRecipient', { type: 'checkbox' })}
      />
      {limitsValid && (
        <Text size="sm" data-testid="hint-preview">
          {hint
            ? t('reference.lists.workTypes.hintPreview', { hint: ruleText(t, hint) })
            : t('reference.lists.workTypes.noHint')}
        </Text>
      )}
    </ReferenceForm>
  );
}
