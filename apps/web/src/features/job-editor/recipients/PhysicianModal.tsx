import { Button, Group, Modal, Stack } from '@mantine/core';
import type { Physician } from '@quill/core/contract/job';
import type { PhysicianDetails } from '@quill/core/contract/physician';
import { useTranslation } from 'react-i18next';
import sticky from '../StickyFooter.module.css';
import { PhysicianForm } from './PhysicianForm';
import { PhysicianSearch } from './PhysicianSearch';
import type { PhysicianRole } from './physicianApi';
import { type PhysicianScope, usePhysicianScope } from './physicianScope';
import classes from './Recipients.module.css';
import { type PhysicianChoice, usePhysicianModal } from './usePhysicianModal';

export interface PhysicianModalProps {
  opened: boolean;
  onClose: () => void;
  /** Who is looked for: the title's type and the search type. */
  searchFor: PhysicianRole;
  /** The current physician, pinned on top of the results. */
  pinned?: Physician | null;
  /** Confirm takes a custom physician (a recipient); elsewhere only Confirm and Save makes one usable. */
  customAllowed: boolean;
  /** Opens on these custom details (editing a custom recipient). */
  initialCustom?: PhysicianDetails;
  /** Confirm's choice; answers whether it was taken (false keeps the modal open, e.g. 'Recipient already added'). */
  onConfirm: (choice: PhysicianChoice) => boolean;
}

/**
 * Spec 02 §2 "Physician modal", one for every physician of the job view: search with the pinned
 * current physician, the details form (once a physician is chosen or Add Custom pressed), and Cancel, Clear all fields, Add Custom, Confirm and (with
 * Dictator add, on a job without a recipient registry id) Confirm and Save. Titled 'Search for
 * <type>', '<type> physician Select' or 'Edit Custom <type>'. Escape and Cancel close it and the
 * focus goes back to the button that opened it; it starts afresh every time it opens.
 */
export function PhysicianModal(props: PhysicianModalProps) {
  const scope = usePhysicianScope();
  if (!scope) return null;
  return (
    <Modal.Root opened={props.opened} onClose={props.onClose} size="xl">
      <Modal.Overlay />
      <Modal.Content>{props.opened && <PhysicianModalContent {...props} scope={scope} />}</Modal.Content>
    </Modal.Root>
  );
}

function PhysicianModalContent({ scope, ...props }: PhysicianModalProps & { scope: PhysicianScope }) {
  const { t } = useTranslation();
  const state = usePhysicianModal({ ...props, scope });
  return (
    <>
      <Modal.Header>
        <Modal.Title fw={600}>{state.title}</Modal.Title>
        <Modal.CloseButton aria-label={t('app.closeDialog')} />
      </Modal.Header>
      <Modal.Body className={classes.modal}>
        <Stack gap="sm">
          <PhysicianSearch state={state} pinned={props.pinned ?? null} />
          {state.mode !== 'search' && <PhysicianForm key={state.mode} state={state} scope={scope} />}
          {/* Sticky: with a long form the modal scrolls, and its buttons stay in reach. */}
          <Group justify="flex-end" gap="xs" className={sticky.footer}>
            <Button variant="default" onClick={props.onClose}>
              {t('physicianModal.cancel')}
            </Button>
            <Button variant="default" onClick={state.clearAll}>
              {t('physicianModal.clearAll')}
            </Button>
            <Button variant="default" onClick={state.addCustom}>
              {t('physicianModal.addCustom')}
            </Button>
            <Button onClick={state.confirm} disabled={!state.canConfirm}>
              {t('physicianModal.confirm')}
            </Button>
            {scope.canSave && (
              <Button
                onClick={state.confirmAndSave}
                disabled={!state.canConfirmAndSave}
                loading={state.saving}
              >
                {t('physicianModal.confirmAndSave')}
              </Button>
            )}
          </Group>
        </Stack>
      </Modal.Body>
    </>
  );
}
