import { Alert, Loader, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../app/useDocumentTitle';
import { DetailsForm } from './DetailsForm';
import { PasswordForm } from './PasswordForm';
import classes from './Profile.module.css';
import { loadProfile } from './profileApi';
import { SessionsTable } from './SessionsTable';

export const PROFILE_QUERY = ['profile'] as const;

/** /profile: the signed-in user's details, password and sessions (issue 26). */
export function ProfilePage() {
  const { t } = useTranslation();
  useDocumentTitle(t('profile.title'));
  const queryClient = useQueryClient();
  const profile = useQuery({
    queryKey: PROFILE_QUERY,
    queryFn: ({ signal }) => loadProfile(signal),
    retry: false,
  });
  const reload = () => queryClient.invalidateQueries({ queryKey: PROFILE_QUERY });

  return (
    <main className={classes.page}>
      <Title order={1} size="h3">
        {t('profile.title')}
      </Title>
      {profile.isPending && <Loader size="sm" aria-label={t('account.loading')} />}
      {profile.isError && (
        <Alert color="red" role="alert">
          {t('profile.loadFailed')}
        </Alert>
      )}
      {profile.data && (
        <>
          <DetailsForm profile={profile.data} onSaved={(p) => queryClient.setQueryData(PROFILE_QUERY, p)} />
          {profile.data.hasPassword ? (
            <PasswordForm userName={profile.data.userName} onChanged={reload} />
          ) : (
            <Text size="sm" className={classes.section}>
              {t('profile.noPassword')}
            </Text>
          )}
          <SessionsTable sessions={profile.data.sessions} onEnded={reload} />
        </>
      )}
    </main>
  );
}
