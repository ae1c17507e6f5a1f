import { Alert, Checkbox, NumberInput, Text, TextInput } from '@mantine/core';
import type { FacilityWorkType, SaveWorkTypeRequest } from '@quill/core/contract/facilityLists';
import {
  FACILITY_LIST_LIMITS,
  type FieldProblem,
  type WorkTypeField,
  workTypeNumberTaken,
  workTypeProblems,
} from '@quill/core/rules/facilityLists';
import { addresseeHint, type RuleMessage } from '@quill/core/rules/recipients';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ruleText } from '../../job-editor/recipients/ruleText';
import { ReferenceForm } from '../common/ReferenceDialogs';

/** What the form holds: NumberInput answers '' for an empty field. */
interface Draft {
  number: number | '';
  name: string;
  enableAddressee: boolean;
  minAddressees: number | '';
  maxAddressees: number | '';
  allowPatientAsRecipient: boolean;
}

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

export interface WorkTypeFormProps {
  /** The work type edited; null to add one. */
  workType: FacilityWorkType | null;
  /** Every work type the facility sees (a number they hold is taken). */
  others: readonly FacilityWorkType[];
  structure: string;
  busy: boolean;
  error: string | null;
  onSubmit: (request: SaveWorkTypeRequest) => void;
  onClose: () => void;
}

/**
 * Add or edit a work type (issue 26): number, name, addressee support and limits, patient as
 * recipient; core's rules check the draft as the manager types (after the first try to save), and
 * the form shows what the Recipients card's hint will say. A shared work type says that a change
 * applies to every facility of the structure.
 */
export function WorkTypeForm({
  workType,
  others,
  structure,
  busy,
  error,
  onSubmit,
  onClose,
}: WorkTypeFormProps) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<Draft>(workType ? draftOf(workType) : BLANK);
  const [tried, setTried] = useState(false);
  const request = requestOf(draft);
  const problems: FieldProblem<WorkTypeField>[] = workTypeProblems(request);
  const taken = workTypeNumberTaken(request.number, others, workType?.id);
  if (taken && !problems.some((p) => p.field === 'number'))
    problems.push({
      field: 'number',
      message: { key: 'reference.lists.workTypes.numberTaken', values: { number: request.number } },
    });
  const errorOf = (field: WorkTypeField) => {
    const p = tried ? problems.find((x) => x.field === field) : undefined;
    if (!p) return undefined;
    return p.message.key === 'reference.lists.workTypes.numberTaken'
      ? t('reference.lists.workTypes.numberTaken', {
          number: String(request.number),
          name: taken?.name ?? '',
        })
      : ruleText(t, p.message);
  };
  // The preview is the card's own rule; none while the limits themselves are refused.
  const limitsValid = !problems.some((p) => p.field === 'minAddressees' || p.field === 'maxAddressees');
  const hint: RuleMessage | null = limitsValid ? addresseeHint(request) : null;
  const set = (next: Partial<Draft>) => setDraft((d) => ({ ...d, ...next }));
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
      onSubmit={() => {
        setTried(true);
        if (problems.length === 0) onSubmit(request);
      }}
      busy={busy}
      error={error}
    >
      {workType?.shared && (
        <Alert color="yellow" data-testid="shared-note">
          {t('reference.lists.workTypes.sharedNote', { structure })}
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
        error={errorOf('number')}
      />
      <TextInput
        label={t('reference.lists.name')}
        required
        value={draft.name}
        maxLength={FACILITY_LIST_LIMITS.nameMax}
        onChange={(e) => set({ name: e.currentTarget.value })}
        error={errorOf('name')}
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
        error={errorOf('minAddressees')}
        {...limits}
      />
      <NumberInput
        label={t('reference.lists.workTypes.maxAddressees')}
        description={t('reference.lists.workTypes.maxAddresseesDescription')}
        value={draft.maxAddressees}
        disabled={!draft.enableAddressee}
        onChange={(v) => set({ maxAddressees: asNumber(v) })}
        error={errorOf('maxAddressees')}
        {...limits}
      />
      <Checkbox
        label={t('reference.lists.workTypes.allowPatient')}
        checked={draft.allowPatientAsRecipient}
        onChange={(e) => set({ allowPatientAsRecipient: e.currentTarget.checked })}
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
