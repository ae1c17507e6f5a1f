import { Modal, Stack, Text, Textarea } from '@mantine/core';
import { type FormEvent, type KeyboardEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../app/toasts';
import { ApiRequestError } from '../../lib/api';
import { DialogButtons } from './DialogButtons';
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
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    if (busy) return;
    if (!note.trim()) {
      setError(t('toSign.returnDialog.noteRequired'));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await returnForCorrection(jobId, note.trim());
      showToast(t('toSign.returnDialog.returned', { jobId: String(jobId) }), { kind: 'success' });
      onReturned(jobId);
      onClose();
    } catch (failure) {
      const refused =
        failure instanceof ApiRequestError &&
        failure.status >= 400 &&
        failure.status < 500 &&
        failure.status !== 401;
      setError(refused ? failure.message : t('toSign.returnDialog.failed'));
    } finally {
      setBusy(false);
    }
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      void submit();
    }
  };

  return (
    <form onSubmit={(e) => void submit(e)} noValidate>
      <Stack gap="md">
        <Text size="sm">{t('toSign.returnDialog.lead')}</Text>
        <Textarea
          data-autofocus
          label={t('toSign.returnDialog.note')}
          required
          rows={5}
          maxLength={RETURN_NOTE_MAX}
          value={note}
          onChange={(e) => {
            setNote(e.currentTarget.value);
            if (error) setError(null);
          }}
          onKeyDown={onKeyDown}
          error={error ?? undefined}
          description={t('toSign.returnDialog.remaining', { count: RETURN_NOTE_MAX - note.length })}
        />
        <DialogButtons
          cancel={t('toSign.returnDialog.cancel')}
          submit={t('toSign.returnDialog.submit')}
          busy={busy}
          onCancel={onClose}
        />
      </Stack>
    </form>
  );
}
