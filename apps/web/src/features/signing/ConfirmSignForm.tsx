import { Alert, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { type FormEvent, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../app/session/SessionContext';
import { leaveToConfirm } from './confirmSignIn';
import { SignProblem } from './SignProblem';
import type { JobToSign, SignModalProps } from './signTypes';
import { useSignRequest } from './useSignRequest';

/**
 * Issue 43, a user without a password: "Confirm with <provider>" takes the page to the identity
 * provider for a fresh sign-in (the jobs kept, confirmSignIn.ts); back here confirmed, the dialog
 * signs at once with that sign-in, which the signature uses up. A refused confirmation or signature
 * says why, and the button is there to try again. Nothing is signed until the server says so.
 */
export function ConfirmSignForm(props: SignModalProps & { jobs: readonly JobToSign[] }) {
  const { t } = useTranslation();
  const { userSettings } = useSession();
  const { jobs, onClose, returned } = props;
  const { busy, problem, sign } = useSignRequest(props);
  const provider = userSettings.signInProvider ?? t('toSign.sign.defaultProvider');
  const count = jobs.length;
  const jobIds = jobs.map((j) => j.jobId).join(', ');
  const started = useRef(false);

  useEffect(() => {
    if (returned !== 'confirmed' || started.current) return;
    started.current = true;
    void sign({ reauthenticated: true });
  }, [returned, sign]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!busy) leaveToConfirm(jobs, props.returnPath ?? window.location.pathname);
  };
  const refusal =
    returned && returned !== 'confirmed' ? t(`toSign.sign.reauth.${returned}`, { provider }) : null;

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text size="sm">{t('toSign.sign.lead', { count, jobIds })}</Text>
        <Text size="sm">{t('toSign.sign.confirmLead', { provider })}</Text>
        {busy && (
          <Group gap="xs" role="status">
            <Loader size="sm" aria-hidden="true" />
            <Text size="sm">{t('toSign.sign.confirming')}</Text>
          </Group>
        )}
        {refusal && !problem && (
          <Alert color="red" role="alert" data-testid="sign-problem">
            {refusal}
          </Alert>
        )}
        <SignProblem problem={problem} asAlert />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={busy}>
            {t('toSign.sign.cancel')}
          </Button>
          <Button type="submit" loading={busy} data-autofocus>
            {t('toSign.sign.confirmWith', { provider })}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
