import { Modal } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../app/toasts';
import { ReasonForm } from './ReasonForm';
import { returnForCorrection } from './signingApi';

/** The note's bound (ReturnForCorrectionSchema: plain text, multi-line, at most 1,000 characters). */
export const RETURN_NOTE_MAX = 1000;

export interface ReturnModalProps {
  /** The job to return; null: the dialog is closed. */
  jobId: number | null;
  onClose: () => void;
  onReturned: (jobId: number) => void;
}

/**
 * Issue 43: Return for correction asks what needs correcting (a required, multi-line note of at
 * most RETURN_NOTE_MAX characters); the job goes back to transcription. Ctrl+Enter returns it, Esc
 * or Cancel closes; a refusal stays open with its message.
 */
export function ReturnModal({ jobId, onClose, onReturned }: ReturnModalProps) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={jobId !== null}
      onClose={onClose}
      title={t('toSign.returnDialog.title', { jobId: String(jobId ?? '') })}
      centered
      size="lg"
    >
      {jobId !== null && <ReturnForm jobId={jobId} onClose={onClose} onReturned={onReturned} />}
    </Modal>
  );
}

function ReturnForm({ jobId, onClose, onReturned }: ReturnModalProps & { jobId: number }) {
  const { t } = useTranslation();
  const words = {
    lead: t('toSign.returnDialog.lead'),
    label: t('toSign.returnDialog.note'),
    required: t('toSign.returnDialog.noteRequired'),
    remaining: (count: number) => t('toSign.returnDialog.remaining', { count }),
    submit: t('toSign.returnDialog.submit'),
    cancel: t('toSign.returnDialog.cancel'),
    failed: t('toSign.returnDialog.failed'),
  };
  const submit = async (note: string) => {
    await returnForCorrection(jobId, note);
    showToast(t('toSign.returnDialog.returned', { jobId: String(jobId) }), { kind: 'success' });
    onReturned(jobId);
    onClose();
  };
  return <ReasonForm words={words} max={RETURN_NOTE_MAX} onSubmit={submit} onClose={onClose} />;
}
