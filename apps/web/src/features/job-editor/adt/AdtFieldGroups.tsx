import { ActionIcon, Stack, Text, TextInput } from '@mantine/core';
import type { Hl7IdentifierBase, PhysicianAdtItem } from '@quill/core/contract/adt/adt';
import type { Physician } from '@quill/core/contract/job';
import { sortAdtItems } from '@quill/core/rules/adt/adtValues';
import { useTranslation } from 'react-i18next';
import { physicianName } from '../physicianName';
import { PhysicianSearchButton } from '../recipients/PhysicianSearchButton';
import { AdtFieldInput } from './AdtFieldInput';
import classes from './AdtPanels.module.css';
import { type AdtGroups, itemKey } from './adtDraft';

export interface AdtFieldGroupsProps {
  groups: Pick<AdtGroups, 'mandatory' | 'additional'>;
  physicians: readonly PhysicianAdtItem[];
  editable: boolean;
  /** A value changed (key "SEG.field.component"; null: emptied). */
  onValue: (key: string, text: string | null) => void;
  /** An optional field removed: emptied and back in Add Field. */
  onRemove: (key: string) => void;
  /** A physician-type item's physician chosen in the Physician modal (ADT search type). */
  onPhysician: (base: Hl7IdentifierBase, physician: Physician) => void;
}

/**
 * Spec 02 §2: the fields under the Mandatory and Additional headings, values first then the
 * physician-type items (attending, referring, ordering) shown with their physician's name and,
 * when editable, a button to change it in the Physician modal; an optional field has a remove
 * button when it can be edited.
 */
export function AdtFieldGroups(props: AdtFieldGroupsProps) {
  const { groups, physicians, editable, onValue, onRemove, onPhysician } = props;
  const { t } = useTranslation();
  const sorted = sortAdtItems(physicians);
  const group = (title: string, mandatory: boolean) => {
    const items = mandatory ? groups.mandatory : groups.additional;
    const doctors = sorted.filter((p) => p.mandatory === mandatory);
    return (
      <fieldset className={classes.group}>
        <legend className={classes.groupTitle}>{title}</legend>
        <Stack gap={6}>
          {items.length + doctors.length === 0 && (
            <Text size="xs" c="dimmed">
              {t('adtPanel.noFields')}
            </Text>
          )}
          {items.map((item) => {
            const key = itemKey(item);
            const removable = !mandatory && editable && !item.readOnly;
            const remove = removable ? (
              <ActionIcon
                variant="subtle"
                color="gray.8"
                size="sm"
                aria-label={t('adtPanel.removeField', { field: item.displayName })}
                onClick={() => onRemove(key)}
              >
                ×
              </ActionIcon>
            ) : undefined;
            return (
              <AdtFieldInput
                key={key}
                item={item}
                editable={editable}
                onChange={(text) => onValue(key, text)}
                after={remove}
              />
            );
          })}
          {doctors.map((p) => (
            <TextInput
              key={`${p.hl7IdentifierBase.segment}.${p.hl7IdentifierBase.field}`}
              size="xs"
              label={p.displayName}
              value={physicianName(p.physician) || t('adtPanel.physicianNone')}
              // Follows the dictator or dictated-for (a refresh), or chosen in the modal; never typed.
              variant="filled"
              readOnly
              rightSectionPointerEvents="all"
              rightSection={
                editable ? (
                  <PhysicianSearchButton
                    searchFor="adt"
                    label={t('physicianModal.changeNamed', { field: p.displayName })}
                    current={p.physician}
                    disabled={!editable}
                    onPicked={(physician) => onPhysician(p.hl7IdentifierBase, physician)}
                  />
                ) : undefined
              }
            />
          ))}
        </Stack>
      </fieldset>
    );
  };
  return (
    <Stack gap="xs">
      {group(t('adtPanel.mandatory'), true)}
      {group(t('adtPanel.additional'), false)}
    </Stack>
  );
}
