import { Alert, Checkbox, Group, NumberInput, Select, SimpleGrid, Text, TextInput } from '@mantine/core';
import type { AdtItemRow } from '@quill/core/contract/adt/adtSetup';
import {
  itemSettingsProblem,
  ADT_SETUP_LIMITS as L,
  newItemConflict,
  newItemProblem,
  type SetupProblem,
} from '@quill/core/rules/adt/adtSetup';
import { useTranslation } from 'react-i18next';
import { ReferenceFormModal } from '../common/ReferenceDialogs';
import { savingDialog, useCheckedForm, WHOLE_FORM } from '../common/useCheckedForm';
import { useReferenceChange } from '../common/useReferenceChange';
import { addItem, adtSetupKeys, saveItem } from './adtSetupApi';
import { DATA_TYPES, dataTypeLabel, SEGMENT_TYPES, segmentTypeLabel } from './itemLabels';

interface Draft {
  columnHeading: string;
  displayName: string;
  segmentName: string;
  segmentType: number;
  fieldIndex: number | '';
  componentIndex: number | '';
  dataType: number;
  isPhysician: boolean;
  ordinal: number | '';
  mandatory: boolean;
  readOnly: boolean;
  highlighted: boolean;
  inOrderSummary: boolean;
  refreshOnEdit: boolean;
  follows: 'dictator' | 'dictatedFor' | null;
}

const draftOf = (item: AdtItemRow | null): Draft => ({
  columnHeading: item?.columnHeading ?? '',
  displayName: item?.displayName ?? '',
  segmentName: item?.segmentName ?? 'PID',
  segmentType: item?.segmentType ?? 0,
  fieldIndex: item?.fieldIndex ?? '',
  componentIndex: item?.componentIndex ?? 1,
  dataType: item?.dataType ?? 4,
  isPhysician: item?.isPhysician ?? false,
  ordinal: item?.ordinal ?? 0,
  mandatory: item?.mandatory ?? false,
  readOnly: item?.readOnly ?? false,
  highlighted: item?.highlighted ?? false,
  inOrderSummary: item?.inOrderSummary ?? false,
  refreshOnEdit: item?.refreshOnEdit ?? false,
  follows: item?.follows ?? null,
});

const num = (v: number | string): number | '' =>
  typeof v === 'number' ? v : v.trim() === '' ? '' : Number(v);

/** What a save sends of every item: its display name, order and settings. */
const changesOf = (d: Draft) => ({
  displayName: d.displayName,
  ordinal: d.ordinal === '' ? 0 : d.ordinal,
  mandatory: d.mandatory,
  readOnly: d.readOnly,
  highlighted: d.highlighted,
  inOrderSummary: d.inOrderSummary,
  refreshOnEdit: d.refreshOnEdit,
  follows: d.follows,
});

/** A new item's address, an empty field or component as 0. */
const addressOf = (d: Draft) => ({
  segmentName: d.segmentName.trim(),
  fieldIndex: d.fieldIndex === '' ? 0 : d.fieldIndex,
  componentIndex: d.componentIndex === '' ? 0 : d.componentIndex,
});

/** What adding an item sends: its settings, heading, address and kind. */
function newItemOf(d: Draft) {
  const { segmentName, fieldIndex, componentIndex } = addressOf(d);
  return {
    ...changesOf(d),
    columnHeading: d.columnHeading,
    segmentName,
    segmentType: d.segmentType,
    fieldIndex,
    componentIndex,
    dataType: d.dataType,
    isPhysician: d.isPhysician,
  };
}

/**
 * What core's rules find wrong with the draft as a whole: the settings of an item (whose kind
 * stays), or a new item in itself and then its address or heading among the facility's `items`.
 */
function problemOf(
  d: Draft,
  item: AdtItemRow | null,
  cfId: number,
  items: readonly AdtItemRow[],
): SetupProblem | null {
  if (item)
    return itemSettingsProblem({ ...d, isPhysician: item.isPhysician, segmentType: item.segmentType });
  return (
    newItemProblem({ ...d, ...addressOf(d) }) ??
    (d.columnHeading.trim() && d.fieldIndex !== '' && d.componentIndex !== ''
      ? newItemConflict(
          { ...d, fieldIndex: d.fieldIndex, componentIndex: d.componentIndex },
          cfId,
          items.map((i) => ({ ...i, clientFacilityId: i.shared ? null : cfId })),
        )
      : null)
  );
}

/**
 * Add an item to the facility, or change an item's display name, order and settings (its address,
 * heading and type stay). Editing an item of the structure says so first: it changes every
 * facility of the structure. The checks of rules/adt/adtSetup.ts run as the manager types.
 */
export function AdtItemForm({
  cfId,
  structure,
  item,
  items,
  onClose,
}: {
  cfId: number;
  structure: string;
  /** Null: a new item of the facility. */
  item: AdtItemRow | null;
  items: readonly AdtItemRow[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const save = useReferenceChange(
    adtSetupKeys.items(cfId),
    (d: Draft) => (item ? saveItem(cfId, item.id, changesOf(d)) : addItem(cfId, newItemOf(d))),
    (saved) =>
      t(item ? 'reference.adt.items.saved' : 'reference.adt.items.added', { name: saved.displayName }),
    { onDone: onClose },
  );
  const checked = useCheckedForm<Draft>(draftOf(item), (d) => {
    const problem = problemOf(d, item, cfId, items);
    return {
      columnHeading: !item && !d.columnHeading.trim() ? t('reference.adt.items.headingRequired') : null,
      displayName: d.displayName.trim() ? null : t('reference.adt.items.displayNameRequired'),
      // A new item's field and component are required; an empty one stops the save, saying nothing.
      fieldIndex: !item && d.fieldIndex === '',
      componentIndex: !item && d.componentIndex === '',
      [WHOLE_FORM]: problem ? t(problem.key, problem.values) : null,
    };
  });
  const { form } = checked;
  const draft = form.values;
  const set = (patch: Partial<Draft>) => form.setValues(patch);
  const kind = item ?? draft;

  return (
    <ReferenceFormModal
      title={
        item
          ? t('reference.adt.items.editTitle', { name: item.displayName })
          : t('reference.adt.items.addTitle')
      }
      opened
      size="lg"
      {...savingDialog(checked, save, onClose)}
    >
      {item?.shared && (
        <Alert color="yellow" role="note">
          {t('reference.adt.items.sharedWarning', { structure })}
        </Alert>
      )}
      {item ? (
        <Text size="sm">
          {t('reference.adt.items.heading')}: {item.columnHeading} · {t('reference.adt.items.address')}:{' '}
          {item.key} · {segmentTypeLabel(t, item.segmentType)} · {dataTypeLabel(t, item.dataType)}
        </Text>
      ) : (
        <>
          <TextInput
            label={t('reference.adt.items.heading')}
            required
            maxLength={L.headingMax}
            {...form.getInputProps('columnHeading')}
            data-autofocus
          />
          <Checkbox
            label={t('reference.adt.items.physician')}
            description={t('reference.adt.items.physicianHint')}
            checked={draft.isPhysician}
            onChange={(e) => {
              const on = e.currentTarget.checked;
              set(
                on
                  ? {
                      isPhysician: true,
                      componentIndex: 1,
                      dataType: 4,
                      readOnly: false,
                      highlighted: false,
                      inOrderSummary: false,
                    }
                  : { isPhysician: false, follows: null },
              );
            }}
          />
          <SimpleGrid cols={{ base: 2, sm: 5 }}>
            <Select
              label={t('reference.adt.items.segmentType')}
              data={SEGMENT_TYPES.map((s) => ({ value: String(s), label: segmentTypeLabel(t, s) }))}
              value={String(draft.segmentType)}
              allowDeselect={false}
              onChange={(v) => v && set({ segmentType: Number(v), inOrderSummary: false })}
            />
            <TextInput
              label={t('reference.adt.items.segment')}
              value={draft.segmentName}
              required
              maxLength={3}
              onChange={(e) => set({ segmentName: e.currentTarget.value.toUpperCase() })}
            />
            <NumberInput
              label={t('reference.adt.items.field')}
              value={draft.fieldIndex}
              required
              min={1}
              max={L.fieldMax}
              allowDecimal={false}
              allowNegative={false}
              onChange={(v) => set({ fieldIndex: num(v) })}
            />
            <NumberInput
              label={t('reference.adt.items.component')}
              value={draft.componentIndex}
              required
              min={1}
              max={L.componentMax}
              allowDecimal={false}
              allowNegative={false}
              disabled={draft.isPhysician}
              onChange={(v) => set({ componentIndex: num(v) })}
            />
            <Select
              label={t('reference.adt.items.dataType')}
              data={DATA_TYPES.map((d) => ({ value: String(d), label: dataTypeLabel(t, d) }))}
              value={String(draft.dataType)}
              allowDeselect={false}
              disabled={draft.isPhysician}
              onChange={(v) => v && set({ dataType: Number(v) })}
            />
          </SimpleGrid>
        </>
      )}
      <Group grow align="flex-start">
        <TextInput
          label={t('reference.adt.items.displayName')}
          required
          maxLength={L.displayNameMax}
          {...form.getInputProps('displayName')}
          data-autofocus={item ? true : undefined}
        />
        <NumberInput
          label={t('reference.adt.items.ordinal')}
          description={t('reference.adt.items.ordinalHint')}
          value={draft.ordinal}
          min={0}
          max={L.ordinalMax}
          allowDecimal={false}
          allowNegative={false}
          onChange={(v) => set({ ordinal: num(v) })}
        />
      </Group>
      <Checkbox
        label={t('reference.adt.items.mandatory')}
        checked={draft.mandatory}
        onChange={(e) => set({ mandatory: e.currentTarget.checked })}
      />
      {!kind.isPhysician && (
        <>
          <Checkbox
            label={t('reference.adt.items.readOnly')}
            checked={draft.readOnly}
            onChange={(e) => set({ readOnly: e.currentTarget.checked })}
          />
          <Checkbox
            label={t('reference.adt.items.highlighted')}
            checked={draft.highlighted}
            onChange={(e) => set({ highlighted: e.currentTarget.checked })}
          />
          {kind.segmentType === 2 && (
            <Checkbox
              label={t('reference.adt.items.inOrderSummary')}
              checked={draft.inOrderSummary}
              onChange={(e) => set({ inOrderSummary: e.currentTarget.checked })}
            />
          )}
        </>
      )}
      <Checkbox
        label={t('reference.adt.items.refreshOnEdit')}
        description={t('reference.adt.items.refreshOnEditHint')}
        checked={draft.refreshOnEdit}
        onChange={(e) => set({ refreshOnEdit: e.currentTarget.checked })}
      />
      {kind.isPhysician && (
        <Select
          label={t('reference.adt.items.follows')}
          data={[
            { value: 'none', label: t('reference.adt.items.followsNone') },
            { value: 'dictator', label: t('reference.adt.items.followsDictator') },
            { value: 'dictatedFor', label: t('reference.adt.items.followsDictatedFor') },
          ]}
          value={draft.follows ?? 'none'}
          allowDeselect={false}
          onChange={(v) => set({ follows: v === 'dictator' || v === 'dictatedFor' ? v : null })}
        />
      )}
    </ReferenceFormModal>
  );
}
