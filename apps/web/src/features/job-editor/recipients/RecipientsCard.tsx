import { Paper, Stack, Title } from '@mantine/core';
import type { JobViewDetails, SetJobDataRequest } from '@quill/core/contract/job';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PhysicianModal } from './PhysicianModal';
import { RecipientRow } from './RecipientRow';
import { RecipientSection } from './RecipientSection';
import type { RecipientView } from './recipientList';
import { useRecipients } from './useRecipients';

export interface RecipientsCardProps {
  details: JobViewDetails;
  /** The job data as edited; the card edits its `recipients`. */
  value: SetJobDataRequest;
  onChange: (next: SetJobDataRequest) => void;
  /** The edit buttons are shown: edit mode and jobEditAdt (spec 02 §5, §6). */
  showEdit: boolean;
  /** …and enabled: nothing in progress. */
  editable: boolean;
}

type Section = 'addressees' | 'copies';

/**
 * Moves the focus after the next render to the first element of the card a selector finds (the
 * row just moved or restored, or the section's Add after a remove), for keyboard use.
 */
function useFocusLater() {
  const container = useRef<HTMLDivElement>(null);
  const [targets, setTargets] = useState<string[] | null>(null);
  useEffect(() => {
    if (!targets) return;
    for (const selector of targets) {
      const found = container.current?.querySelector<HTMLElement>(selector);
      if (found) {
        found.focus();
        break;
      }
    }
    setTargets(null);
  }, [targets]);
  return { container, later: (...selectors: string[]) => setTargets(selectors) };
}

/**
 * Spec 02 §2 "Recipients card" (§4, §5): Addressees with the range hint, the count message,
 * Include Patient and Add Addressee; Carbon Copies with Include Patient and Add Carbon Copy; each
 * recipient with its kind, popover, Move and Remove. Its edits are the job data's `recipients`.
 */
export function RecipientsCard({ details, value, onChange, showEdit, editable }: RecipientsCardProps) {
  const { t } = useTranslation();
  const r = useRecipients({ details, value, onChange });
  const [adding, setAdding] = useState<Section | null>(null);
  const focus = useFocusLater();
  const row = (section: Section) => (v: RecipientView) => {
    const at = `[data-recipient="${v.index}"]`;
    return (
      <RecipientRow
        key={v.index}
        view={v}
        showEdit={showEdit}
        editable={editable}
        onMove={() => r.move(v.index) && focus.later(`${at} [data-action^="move"]`)}
        onRemove={() => {
          r.remove(v.index);
          focus.later(
            `${at} [data-action="restore"]`,
            `[data-add="${section}"]:not(:disabled)`,
            `[data-section="${section}"] h3`,
          );
        }}
        onRestore={() => r.restore(v.index) && focus.later(`${at} [data-action="remove"]`)}
      />
    );
  };
  const section = (which: Section) => {
    const isAddressee = which === 'addressees';
    const views = r.views.filter((v) => v.input.isAddressee === isAddressee);
    return (
      <RecipientSection
        which={which}
        title={t(isAddressee ? 'recipients.addressees' : 'recipients.carbonCopies')}
        views={views}
        hint={isAddressee ? r.hint : null}
        countMessage={isAddressee ? r.countMessage : null}
        showEdit={showEdit}
        patientAllowed={r.patientAllowed}
        includePatientDisabled={!editable || r.hasPatient || (isAddressee && !r.canAddAddressee)}
        onIncludePatient={() => r.includePatient(isAddressee)}
        addLabel={t(isAddressee ? 'recipients.addAddressee' : 'recipients.addCarbonCopy')}
        addDisabled={!editable || (isAddressee && !r.canAddAddressee)}
        onAdd={() => setAdding(which)}
        row={row(which)}
      />
    );
  };
  return (
    <Paper withBorder p="sm" component="section" aria-label={t('recipients.title')} ref={focus.container}>
      <Title order={2} size="h5" mb="xs">
        {t('recipients.title')}
      </Title>
      <Stack gap="md">
        {section('addressees')}
        {section('copies')}
      </Stack>
      <PhysicianModal
        opened={adding !== null}
        onClose={() => setAdding(null)}
        searchFor={adding === 'copies' ? 'carbonCopy' : 'addressee'}
        customAllowed
        onConfirm={(choice) => r.add(choice, adding === 'addressees')}
      />
    </Paper>
  );
}
