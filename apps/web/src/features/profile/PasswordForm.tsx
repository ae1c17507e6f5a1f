import { Button, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../app/toasts';
import { ApiRequestError } from '../../lib/api';
import { NewPasswordFields, useNewPassword } from './NewPasswordFields';
import classes from './Profile.module.css';
import { changePassword } from './profileApi';

/**
 * Change password: the current one, the new one twice. The rules the browser can check (length,
 * repetition, sequence, the user name) show as the user types; the server also checks the list of
 * common passwords and says so.
 */
export function PasswordForm({ userName, onChanged }: { userName: string; onChanged: () => void }) {
  const { t } = useTranslation();
  const [current, setCurrent] = useState('');
  const fresh = useNewPassword(userName);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    // The server's last answer is about the last try: never left beside a new error (issue 39).
    setError(null);
    if (!fresh.check()) return;
    setSaving(true);
    try {
      await changePassword({ currentPassword: current, newPassword: fresh.next });
      setCurrent('');
      fresh.reset();
      showToast(t('profile.passwordChanged'), { kind: 'success' });
      onChanged();
    } catch (err) {
      setError(err instanceof ApiRequestError && err.status < 500 ? err.message : t('profile.loadFailed'));
    } finally {
      setSaving(false);
    }
  }

  return (
    <form className={classes.section} onSubmit={submit} aria-labelledby="profile-password" noValidate>
      <Title order={2} size="h4" id="profile-password">
        {t('profile.passwordTitle')}
      </Title>
      <Stack gap="xs" mt="xs">
        <PasswordInput
          label={t('profile.currentPassword')}
          value={current}
          required
          autoComplete="current-password"
          onChange={(e) => {
            setCurrent(e.currentTarget.value);
            setError(null);
          }}
        />
        <NewPasswordFields state={fresh} />
        {error && (
          <Text size="sm" c="red.9" role="alert">
            {error}
          </Text>
        )}
        <Button type="submit" loading={saving} w="fit-content" disabled={current === ''}>
          {t('profile.changePassword')}
        </Button>
      </Stack>
    </form>
  );
}
