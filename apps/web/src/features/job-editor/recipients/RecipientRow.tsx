import { Badge, Button, Group } from '@mantine/core';
import { physicianKind } from '@quill/core/rules/recipients/recipients';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { PhysicianPopover } from '../details/PhysicianPopover';
import { physicianName } from '../physicianName';
import classes from './Recipients.module.css';
import type { RecipientView } from './recipientList';

export interface RecipientRowProps {
  view: RecipientView;
  /** The edit buttons are shown (edit mode, jobEditAdt). */
  showEdit: boolean;
  /** …and enabled (nothing in progress). */
  editable: boolean;
  onMove: () => void;
  onRemove: () => void;
  onRestore: () => void;
}

/**
 * One recipient (spec 02 §2, §4): its name ('The Patient' for the patient), its kind, the
 * physician popover, and in edit mode Move to CCs / Move to Addressees and Remove; a removed
 * automatic entry is struck through with Restore.
 */
export function RecipientRow({ view, showEdit, editable, onMove, onRemove, onRestore }: RecipientRowProps) {
  const { t } = useTranslation();
  const { facts, physician } = view;
  const name = facts.isPatient
    ? t('jobDetails.thePatient')
    : physicianName(physician) || String(physician.userId);
  const removed = facts.removed;
  const moveKey = facts.isAddressee ? 'moveToCcs' : 'moveToAddressees';
  /** A row's button: its short text, and the recipient's name in its accessible name. */
  const rowButton = (
    key: 'moveToCcs' | 'moveToAddressees' | 'restore' | 'remove',
    onClick: () => void,
    /** Its colour: the text in its darkest shade (4.5:1 on white and on its own hover tint). */
    tone?: 'red',
  ) => (
    <Button
      size="compact-xs"
      variant="subtle"
      color={tone}
      c={editable && tone ? `${tone}.9` : undefined}
      // Its hover tint the lightest shade: the darkest text keeps 4.5:1 under the pointer too.
      style={tone ? ({ '--button-hover': `var(--mantine-color-${tone}-0)` } as CSSProperties) : undefined}
      disabled={!editable}
      onClick={onClick}
      aria-label={t(`recipients.${key}Named`, { name })}
      data-action={key}
    >
      {t(`recipients.${key}`)}
    </Button>
  );
  return (
    <li className={`${classes.row} ${removed ? classes.removed : ''}`} data-recipient={view.index}>
      <Group justify="space-between" gap={4} wrap="nowrap" align="flex-start">
        <span className={classes.name}>{name}</span>
        <PhysicianPopover name={name} physician={physician} isPatient={facts.isPatient} />
      </Group>
      <Group justify="space-between" gap={4} wrap="nowrap">
        <Group gap={4}>
          <Badge size="sm" variant="outline" color="gray.7">
            {t(`recipients.kinds.${physicianKind(facts)}`)}
          </Badge>
          {removed && (
            <Badge size="sm" variant="outline" color="red.8">
              {t('recipients.removedAuto')}
            </Badge>
          )}
        </Group>
        {showEdit && (
          <Group gap={4} wrap="nowrap">
            {!removed && rowButton(moveKey, onMove)}
            {removed ? rowButton('restore', onRestore) : rowButton('remove', onRemove, 'red')}
          </Group>
        )}
      </Group>
    </li>
  );
}
