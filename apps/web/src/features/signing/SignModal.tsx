import { Modal, PasswordInput, Stack, Text } from '@mantine/core';
import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../app/session/SessionContext';
import { ApiRequestError } from '../../lib/api';
import { ConfirmSignForm } from './ConfirmSignForm';
import { DialogButtons } from './DialogButtons';
import { SignProblem } from './SignProblem';
import type { JobToSign, SignModalProps } from './signTypes';
import { useSignRequest } from './useSignRequest';

/**
 * Issue 43: Sign and Sign all selected ask for the password again, as a legal signature does — or,
 * for a user who signs in only through the organisation's identity provider, a fresh sign-in there
 * (ConfirmSignForm). Esc or Cancel closes without signing.
 */
export function SignModal(props: SignModalProps) {
  const { t } = useTranslation();
  const { userSettings } = useSession();
  const { jobs, onClose } = props;
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
      {jobs &&
        (userSettings.signWith === 'oidc' ? (
          <ConfirmSignForm {...props} jobs={jobs} />
        ) : (
          <SignForm {...props} jobs={jobs} />
        ))}
    </Modal>
  );
}

/**
 * The password asked again: Enter signs; a refusal (403: wrong password) stays open with the
 * message and the field emptied; a changed job (409) says so; success toasts and closes.
 */
function SignForm(props: SignModalProps & { jobs: readonly JobToSign[] }) {
  const { t } = useTranslation();
  const { jobs, onClose } = props;
  const [password, setPassword] = useState('');
  const { busy, problem, setProblem, sign } = useSignRequest(props);
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
    const error = await sign({ password });
    if (error instanceof ApiRequestError && error.status === 403) {
      setPassword('');
      field.current?.focus();
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
        <SignProblem problem={problem} />
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
