import { Alert, Anchor, Button, Container, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { USERS } from '@quill/core/contract/endpoints/users';
import { SET_PASSWORD_PAGE_PATH } from '@quill/core/rules/settings/navigation';
import { useQuery } from '@tanstack/react-query';
import { createRoute } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { rootRoute } from '../../app/rootRoute';
import { useDocumentTitle } from '../../app/useDocumentTitle';
import { callApi } from '../../lib/api';
import { NewPasswordFields, useNewPassword } from '../profile/NewPasswordFields';

/** The token of a set-password link: it rides in the fragment, which no request carries. */
const tokenOf = () => new URLSearchParams(window.location.hash.replace(/^#/, '')).get('token') ?? '';

/**
 * /setpassword#token=…: a new user (or one given a new link) chooses their password, with the
 * rules shown as they type (issue 26). The link works once; then the sign-in page.
 */
export function SetPasswordPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('users.setPasswordTitle'));
  const [token] = useState(tokenOf);
  const info = useQuery({
    queryKey: ['passwordLink', token],
    queryFn: ({ signal }) => callApi(USERS.passwordLinkInfo, { body: { token } }, { signal }),
    enabled: token !== '',
    retry: false,
  });
  const fresh = useNewPassword(info.data?.userName ?? '');
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const [saving, setSaving] = useState(false);

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    if (!fresh.check()) return;
    setSaving(true);
    setError(null);
    try {
      await callApi(USERS.setPassword, { body: { token, newPassword: fresh.next } });
      setDone(true);
    } catch (err) {
      setError(err instanceof Error ? err.message : t('profile.loadFailed'));
    } finally {
      setSaving(false);
    }
  }

  return (
    <Container size={440} py={72}>
      <Paper withBorder p="lg">
        <Title order={1} size="h3" mb="sm">
          {t('users.setPasswordTitle')}
        </Title>
        {(token === '' || info.isError) && (
          <Alert color="red" role="alert">
            {t('users.linkExpired')}
          </Alert>
        )}
        {info.isPending && token !== '' && <Loader size="sm" aria-label={t('account.loading')} />}
        {done && (
          <Alert color="green" role="status">
            {t('users.passwordSet')}{' '}
            <Anchor href="/signin" c="blue.9">
              {t('auth.signIn')}
            </Anchor>
          </Alert>
        )}
        {info.data && !done && (
          <form onSubmit={submit} noValidate>
            <Stack gap="xs">
              <Text size="sm">{t('users.setPasswordLead', { userName: info.data.userName })}</Text>
              <NewPasswordFields state={fresh} />
              {error && (
                <Text size="sm" c="red.9" role="alert">
                  {error}
                </Text>
              )}
              <Button type="submit" loading={saving}>
                {t('users.setPassword')}
              </Button>
            </Stack>
          </form>
        )}
      </Paper>
    </Container>
  );
}

/** Public: the link is the credential; no navigation, no heartbeat. */
export const setPasswordRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: SET_PASSWORD_PAGE_PATH,
  staticData: { requireUser: false, hideNav: true, disableHeartbeat: true, showFooter: true },
  component: SetPasswordPage,
});
