import { Button, Group, Text, Title } from '@mantine/core';
import { useId } from '@mantine/hooks';
import type { RuleMessage } from '@quill/core/rules/recipients/recipients';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './Recipients.module.css';
import type { RecipientView } from './recipientList';
import { ruleText } from './ruleText';

export interface RecipientSectionProps {
  title: string;
  /** 'addressees' or 'copies': names the section for focus moves. */
  which: 'addressees' | 'copies';
  views: RecipientView[];
  /** The range hint (Addressees only). */
  hint?: RuleMessage | null;
  /** The count message (Addressees only). */
  countMessage?: RuleMessage | null;
  /** The edit buttons are shown (edit mode, jobEditAdt). */
  showEdit: boolean;
  /** Include Patient is shown (the work type allows the patient). */
  patientAllowed: boolean;
  includePatientDisabled: boolean;
  onIncludePatient: () => void;
  addLabel: string;
  addDisabled: boolean;
  onAdd: () => void;
  /** The rows (RecipientRow), one per view. */
  row: (view: RecipientView) => ReactNode;
}

/** Colour of a count message: over the maximum red, under the minimum orange, at it grey. */
const COUNT_COLOR: Record<string, string> = {
  'recipients.countTooMany': 'red.8',
  'recipients.countNotEnough': 'orange.9',
  'recipients.countMaximum': 'gray.7',
};

/**
 * Spec 02 §2 "Recipients card": a section — Addressees with its range hint and count message, or
 * Carbon Copies — its recipients ('None' without), and in edit mode Include Patient and Add.
 */
export function RecipientSection(props: RecipientSectionProps) {
  const { t } = useTranslation();
  const { title, which, views, hint, countMessage, showEdit } = props;
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} data-section={which}>
      <Group justify="space-between" gap={4} align="baseline">
        <Title order={3} size="h6" id={headingId} tabIndex={-1}>
          {title}
        </Title>
        {hint && (
          <Text size="xs" c="dimmed">
            {ruleText(t, hint)}
          </Text>
        )}
      </Group>
      <Text size="xs" fw={600} c={countMessage ? COUNT_COLOR[countMessage.key] : undefined} role="status">
        {countMessage ? ruleText(t, countMessage) : ''}
      </Text>
      {views.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('recipients.none')}
        </Text>
      ) : (
        <ul className={classes.list} aria-label={title}>
          {views.map((v) => props.row(v))}
        </ul>
      )}
      {showEdit && (
        <Group gap={4} mt={4}>
          {props.patientAllowed && (
            <Button
              size="compact-xs"
              variant="default"
              disabled={props.includePatientDisabled}
              onClick={props.onIncludePatient}
            >
              {t('recipients.includePatient')}
            </Button>
          )}
          <Button
            size="compact-xs"
            variant="default"
            disabled={props.addDisabled}
            onClick={props.onAdd}
            data-add={which}
          >
            {props.addLabel}
          </Button>
        </Group>
      )}
    </section>
  );
}
