import { Button, Group, List, Modal, Stack, Text } from '@mantine/core';
import type { HoldQueueCheckRow } from '@quill/core/rules/jobEditor/holdQueueRules';
import { useTranslation } from 'react-i18next';
import { ReasonField, useRequiredReason } from './ReasonField';

export interface IdentityConfirmDialogProps {
  opened: boolean;
  /** The failing patient-identity rules (null: the server's message names them). */
  rules: readonly HoldQueueCheckRow[] | null;
  /** The server's refusal, shown when the rules could not be listed. */
  refusal: string;
  saving: boolean;
  /** Cancel: nothing is saved, the job stays held, editing goes on. */
  onCancel(): void;
  /** Release anyway, with the reason given (kept in the audit trail). */
  onConfirm(reason: string): void;
}

/**
 * Issue 39: a save that would release a held job while a patient-identity rule fails asks first —
 * the failing rules, a required reason (one line, at most IDENTITY_REASON_MAX characters), Cancel
 * (the safe default, the job stays held) or Release anyway.
 */
export function IdentityConfirmDialog(props: IdentityConfirmDialogProps) {
  const { opened, rules, refusal, saving, onCancel, onConfirm } = props;
  const { t } = useTranslation();
  const reason = useRequiredReason(opened);
  return (
    <Modal opened={opened} onClose={onCancel} title={t('patientIdentity.confirmTitle')} centered size="lg">
      <Stack gap="sm">
        <Text>{t('patientIdentity.confirmText')}</Text>
        <div>
          <Text fw={600} id="identity-failing-rules">
            {t('patientIdentity.failingRules')}
          </Text>
          {rules && rules.length > 0 ? (
            <List aria-labelledby="identity-failing-rules">
              {rules.map((r) => (
                <List.Item key={r.ruleCode}>
                  {r.ruleCode}: {r.ruleDescription}
                </List.Item>
              ))}
            </List>
          ) : (
            <Text>{refusal}</Text>
          )}
        </div>
        <ReasonField
          label={t('patientIdentity.reason')}
          requiredMessage={t('patientIdentity.reasonRequired')}
          state={reason}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            {t('patientIdentity.cancel')}
          </Button>
          <Button color="red.9" onClick={() => reason.confirm(onConfirm)} loading={saving}>
            {t('patientIdentity.release')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
