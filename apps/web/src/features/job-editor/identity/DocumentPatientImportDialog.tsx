import { Button, Group, List, Modal, Stack, Text } from '@mantine/core';
import type { DocumentPatientMismatch } from '@quill/core/contract/documents/documents';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { PatientComparison } from './PatientComparison';
import { ReasonField, useRequiredReason } from './ReasonField';

export interface DocumentPatientImportDialogProps {
  /** The refused import's two patients; null: the dialog is closed. */
  mismatch: DocumentPatientMismatch | null;
  /** The server's refusal (names what differs). */
  refusal: string;
  importing: boolean;
  /** Cancel: nothing is imported. */
  onCancel(): void;
  /** Import anyway, with the reason given (kept in the audit trail). */
  onConfirm(reason: string): void;
}

/**
 * Issue 40: an import refused because its document names another patient than the job's — the
 * two patients side by side (issue 39's comparison; the parts that differ only, for a person who
 * may not see patient data), a required reason (one line, at most IDENTITY_REASON_MAX characters),
 * Cancel (the safe default: nothing is imported) or Import anyway.
 */
export function DocumentPatientImportDialog(props: DocumentPatientImportDialogProps) {
  const { mismatch, refusal, importing, onCancel, onConfirm } = props;
  const { t } = useTranslation();
  const partsId = useId();
  const opened = mismatch !== null;
  const reason = useRequiredReason(opened);
  const sideBySide = mismatch?.documentPatient && mismatch.jobPatient;
  return (
    <Modal opened={opened} onClose={onCancel} title={t('documentPatient.confirmTitle')} centered size="lg">
      <Stack gap="sm">
        <Text>{t('documentPatient.confirmText')}</Text>
        <Text size="sm" data-testid="document-patient-refusal">
          {refusal}
        </Text>
        {sideBySide ? (
          <PatientComparison
            document={mismatch.documentPatient}
            other={mismatch.jobPatient}
            otherLabel={t('patientIdentity.jobPatient')}
          />
        ) : (
          mismatch &&
          mismatch.differences.length > 0 && (
            <div>
              <Text fw={600} id={partsId}>
                {t('documentPatient.differingParts')}
              </Text>
              <List aria-labelledby={partsId}>
                {mismatch.differences.map((d) => (
                  <List.Item key={d.part}>{t(`patientIdentity.${d.part}`)}</List.Item>
                ))}
              </List>
            </div>
          )
        )}
        <ReasonField
          label={t('documentPatient.reason')}
          requiredMessage={t('documentPatient.reasonRequired')}
          state={reason}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            {t('documentPatient.cancel')}
          </Button>
          <Button color="red.9" onClick={() => reason.confirm(onConfirm)} loading={importing}>
            {t('documentPatient.confirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
