import { Alert, Modal, PasswordInput, Stack, Text } from '@mantine/core';
import type { ToSignRow } from '@quill/core/contract/signing';
import type { TFunction } from 'i18next';
import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../app/toasts';
import { ApiRequestError } from '../../lib/api';
import { DialogButtons } from './DialogButtons';
import { signJobs } from './signingApi';

/** A job to sign: its id and the version the signer read. */
export type JobToSign = Pick<ToSignRow, 'jobId' | 'version'>;
export type SignResult = Awaited<ReturnType<typeof signJobs>>;

export interface SignModalProps {
  /** The jobs to sign; null: the dialog is closed. */
  jobs: readonly JobToSign[] | null;
  onClose: () => void;
  /** Every job was signed (the toast has said so). */
  onSigned: (result: SignResult) => void;
  /** A job changed since it was read (409): nothing was signed; read the jobs again. */
  onChanged?: () => void;
}

/**
 * Issue 43: Sign and Sign all selected ask for the password again, as a legal signature does.
 * Enter signs; a refusal (403: wrong password) stays open with the message and the field emptied;
 * a changed job (409) says so; success toasts and closes. Esc or Cancel closes without signing.
 */
export function SignModal({ jobs, onClose, onSigned, onChanged }: SignModalProps) {
  const { t } = useTranslation();
  const count = jobs?.length ?? 0;
  const ids = (jobs ?? []).map((j) => j.jobId).join(', ');
  return (
    <Modal
      opened={jobs !== null}
      onClose={onClose}
      title={t('toSign.sign.title', { count, jobIds: ids })}
      centered
      size="md"
    >
      {jobs && <SignForm jobs={jobs} onClose={onClose} onSigned={onSigned} onChanged={onChanged} />}
    </Modal>
  );
}

type Problem = { field: string } | { alert: string; changed?: boolean } | null;

function SignForm({ jobs, onClose, onSigned, onChanged }: SignModalProps & { jobs: readonly JobToSign[] }) {
  const { t } = useTranslation();
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<Problem>(null);
  const field = useRef<HTMLInputElement>(null);
  const count = jobs.length;
  const jobIds = jobs.map((j) => j.jobId).join(', ');

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (!password) {
      setProblem({ field: t('toSign.sign.passwordPrompt') });
      field.current?.focus();
      return;
    }
    setBusy(true);
    setProblem(null);
    try {
      const result = await signJobs(jobs, password);
      showToast(t('toSign.sign.signed', { count: result.signed.length, jobIds }), { kind: 'success' });
      onSigned(result);
      onClose();
    } catch (error) {
      setProblem(problemOf(error, t));
      if (error instanceof ApiRequestError && error.status === 403) {
        setPassword('');
        field.current?.focus();
      }
      if (error instanceof ApiRequestError && error.status === 409) onChanged?.();
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={(e) => void submit(e)} noValidate>
      <Stack gap="md">
        <Text size="sm">{t('toSign.sign.lead', { count, jobIds })}</Text>
        <PasswordInput
          ref={field}
          data-autofocus
          label={t('toSign.sign.password')}
          description={t('toSign.sign.passwordPrompt')}
          autoComplete="current-password"
          value={password}
          onChange={(e) => {
            setPassword(e.currentTarget.value);
            if (problem && 'field' in problem) setProblem(null);
          }}
          error={problem && 'field' in problem ? problem.field : undefined}
          required
        />
        {problem && 'alert' in problem && (
          <Alert color={problem.changed ? 'yellow' : 'red'} role="alert" data-testid="sign-problem">
            {problem.alert}
          </Alert>
        )}
        <DialogButtons
          cancel={t('toSign.sign.cancel')}
          submit={t('toSign.sign.submit')}
          busy={busy}
          onCancel={onClose}
        />
      </Stack>
    </form>
  );
}

/** What a refused sign request shows: the password's own message, a changed job, or why it failed. */
function problemOf(error: unknown, t: TFunction): Problem {
  if (!(error instanceof ApiRequestError)) return { alert: t('toSign.sign.failed') };
  // The server's words when it gave some (a wrong password, or a job this account may not sign).
  if (error.status === 403)
    return {
      field: error.message && error.message !== error.code ? error.message : t('toSign.sign.wrongPassword'),
    };
  // A job saved since it was read gets the plain words; another conflict (no longer waiting, no
  // document) the server's own.
  if (error.status === 409)
    return {
      alert: error.code === 'stale_version' ? t('toSign.sign.changed') : error.message,
      changed: true,
    };
  // Another refusal (400, 404, 422) carries the server's own words; anything else: try again.
  if (error.status >= 400 && error.status < 500 && error.status !== 401) return { alert: error.message };
  return { alert: t('toSign.sign.failed') };
}
