import { Alert, Button, Container, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../app/useDocumentTitle';
import { ApiRequestError } from '../../lib/api';
import { safeReturnPath } from '../../lib/paths';
import { signIn } from './signInApi';

export interface SignInPageProps {
  /** Where to go after signing in (the `returnUrl` query value); only a same-site path is used. */
  returnUrl?: string;
}

/**
 * The local sign-in page (the server sends `/api/account/scheme/local` here): user name and
 * password, Enter or the button signs in, the server's message shows on failure (wrong password,
 * too many attempts, empty field), then the browser returns to `returnUrl`.
 */
export function SignInPage({ returnUrl }: SignInPageProps) {
  const { t } = useTranslation();
  useDocumentTitle(t('auth.signInTitle'));
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const usernameInput = useRef<HTMLInputElement>(null);
  const passwordInput = useRef<HTMLInputElement>(null);

  const login = useMutation({
    mutationFn: signIn,
    onSuccess: () => {
      // Whatever was cached belonged to the signed-out browser.
      queryClient.clear();
      void navigate({ href: safeReturnPath(returnUrl), replace: true });
    },
    onError: () => {
      setPassword('');
      (username.trim() ? passwordInput : usernameInput).current?.focus();
    },
  });

  const error = login.error;
  const message =
    error instanceof ApiRequestError && error.status >= 400 && error.status < 500
      ? error.message
      : error
        ? t('auth.signInFailed')
        : null;

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!login.isPending) login.mutate({ username: username.trim(), password });
  };

  return (
    <Container size={440} py={72}>
      <Stack gap="lg">
        <Text fw={700} size="xl" c="blue.9" ta="center">
          {t('app.name')}
        </Text>
        <Paper withBorder radius="md" p="xl" shadow="sm">
          <form onSubmit={submit} noValidate aria-labelledby="sign-in-title">
            <Stack gap="md">
              <div>
                <Title order={1} size="h2" id="sign-in-title">
                  {t('auth.signInTitle')}
                </Title>
                <Text c="dimmed" size="sm" mt={4}>
                  {t('auth.signInLead')}
                </Text>
              </div>
              {message && (
                <Alert color="red" variant="light" role="alert" id="sign-in-error">
                  <Text size="sm" c="red.9" fw={500}>
                    {message}
                  </Text>
                </Alert>
              )}
              <TextInput
                ref={usernameInput}
                label={t('auth.userName')}
                name="username"
                autoComplete="username"
                autoCapitalize="none"
                spellCheck={false}
                value={username}
                onChange={(e) => setUsername(e.currentTarget.value)}
                aria-describedby={message ? 'sign-in-error' : undefined}
                autoFocus
                size="md"
              />
              <TextInput
                ref={passwordInput}
                type="password"
                label={t('auth.password')}
                name="password"
                autoComplete="current-password"
                value={password}
                onChange={(e) => setPassword(e.currentTarget.value)}
                aria-describedby={message ? 'sign-in-error' : undefined}
                size="md"
              />
              <Button type="submit" size="md" fullWidth loading={login.isPending} mt="xs">
                {t('auth.signIn')}
              </Button>
            </Stack>
          </form>
        </Paper>
      </Stack>
    </Container>
  );
}
