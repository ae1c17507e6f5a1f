import { Button, Modal } from '@mantine/core';
import { ADDENDUM_REASON_MAX } from '@quill/core/contract/jobSave';
import { addendumGate } from '@quill/core/rules/signing/addendum';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePermissions } from '../../../app/session/SessionContext';
import { ReasonForm } from '../../signing/ReasonForm';

export interface AddendumActionProps {
  jobId: number;
  stageId: number;
  editing: boolean;
  disabled: boolean;
  /** Books the job out for an addendum with the reason; throws what failed. */
  onOpen: (reason: string) => Promise<void>;
}

/**
 * Issue 43: Add addendum on the job view of a Finished job (jobEdit and jobEditText, core
 * addendumGate): asks the reason in a dialog, then opens the editor booked for the addendum.
 */
export function AddendumAction({ jobId, stageId, editing, disabled, onOpen }: AddendumActionProps) {
  const { t } = useTranslation();
  const permissions = usePermissions();
  const [opened, setOpened] = useState(false);
  if (editing || !addendumGate(permissions, { stageId }).shown) return null;
  const close = () => setOpened(false);
  const words = {
    lead: t('addendum.lead'),
    label: t('addendum.reason'),
    required: t('addendum.reasonRequired'),
    remaining: (count: number) => t('addendum.remaining', { count }),
    submit: t('addendum.submit'),
    cancel: t('addendum.cancel'),
    failed: t('addendum.failed'),
  };
  const submit = async (reason: string) => {
    await onOpen(reason);
    close();
  };
  return (
    <>
      <Button
        variant="default"
        disabled={disabled}
        onClick={() => setOpened(true)}
        data-testid="job-addendum"
      >
        {t('addendum.action')}
      </Button>
      <Modal
        opened={opened}
        onClose={close}
        title={t('addendum.title', { jobId: String(jobId) })}
        centered
        size="lg"
      >
        {opened && <ReasonForm words={words} max={ADDENDUM_REASON_MAX} onSubmit={submit} onClose={close} />}
      </Modal>
    </>
  );
}
