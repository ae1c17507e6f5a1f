import { Button, Group, List, Modal, Text } from '@mantine/core';
import { workTypeChangeEffects } from '@quill/core/rules/jobEditor/jobOptions';
import { useTranslation } from 'react-i18next';

export interface WorkTypeWarningModalProps {
  /** The work type being chosen; the modal is open while it is set. */
  workType: { name: string; enableAddressee: boolean; allowPatientAsRecipient: boolean } | null;
  onConfirm: () => void;
  onCancel: () => void;
}

/**
 * Spec 02 §2/§4 "Work type change warning modal": says what the new work type does to the
 * recipients (addressees become carbon copies; the patient is removed). Confirm applies the change.
 */
export function WorkTypeWarningModal({ workType, onConfirm, onCancel }: WorkTypeWarningModalProps) {
  const { t } = useTranslation();
  const effects = workType ? workTypeChangeEffects(workType) : null;
  return (
    <Modal
      opened={workType !== null}
      onClose={onCancel}
      title={t('jobDetails.workTypeWarningTitle')}
      centered
    >
      <Text size="sm">{t('jobDetails.workTypeWarningIntro', { name: workType?.name ?? '' })}</Text>
      <List size="sm" mt="xs">
        {effects?.addresseesBecomeCopies && <List.Item>{t('jobDetails.workTypeNoAddressees')}</List.Item>}
        {effects?.patientRemoved && <List.Item>{t('jobDetails.workTypeNoPatient')}</List.Item>}
      </List>
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={onCancel}>
          {t('jobDetails.cancel')}
        </Button>
        <Button onClick={onConfirm}>{t('jobDetails.confirm')}</Button>
      </Group>
    </Modal>
  );
}
