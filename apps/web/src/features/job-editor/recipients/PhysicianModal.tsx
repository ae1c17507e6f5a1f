import { Button, Group, Modal, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import sticky from '../StickyFooter.module.css';
import { PhysicianForm } from './PhysicianForm';
import { PhysicianSearch } from './PhysicianSearch';
import { type PhysicianScope, usePhysicianScope } from './physicianScope';
import classes from './Recipients.module.css';
import { type PhysicianModalOptions, usePhysicianModal } from './usePhysicianModal';

/** The Physician modal's props: whether it is open, and what usePhysicianModal is given. */
export interface PhysicianModalProps extends PhysicianModalOptions {
  opened: boolean;
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
