import { Button, Stack, TextInput, Title } from '@mantine/core';
import type { Profile } from '@quill/core/contract/profile';
import { PROFILE_EMAIL_MAX, PROFILE_NAME_MAX } from '@quill/core/contract/profile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../app/toasts';
import { ApiRequestError } from '../../lib/api';
import classes from './Profile.module.css';
import { saveDetails } from './profileApi';

/** The user's name and email, saved with Save details (Enter in a field saves too). */
export function DetailsForm({ profile, onSaved }: { profile: Profile; onSaved: (p: Profile) => void }) {
  const { t } = useTranslation();
  const [name, setName] = useState(profile.name);
  const [email, setEmail] = useState(profile.email ?? '');
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    setSaving(true);
    setError(null);
    try {
      onSaved(await saveDetails({ name, email }));
      showToast(t('profile.detailsSaved'), { kind: 'success' });
    } catch (err) {
      setError(err instanceof ApiRequestError && err.status === 400 ? err.message : t('profile.loadFailed'));
    } finally {
      setSaving(false);
    }
  }

  return (
    <form className={classes.section} onSubmit={submit} aria-labelledby="profile-details">
      <Title order={2} size="h4" id="profile-details">
        {t('profile.detailsTitle')}
      </Title>
      <Stack gap="xs" mt="xs">
        <TextInput label={t('profile.userName')} value={profile.userName} readOnly />
        <TextInput
          label={t('profile.name')}
          value={name}
          maxLength={PROFILE_NAME_MAX}
          required
          onChange={(e) => setName(e.currentTarget.value)}
          autoComplete="name"
        />
        <TextInput
          label={t('profile.email')}
          type="email"
          value={email}
          maxLength={PROFILE_EMAIL_MAX}
          onChange={(e) => setEmail(e.currentTarget.value)}
          autoComplete="email"
          error={error}
        />
        <Button type="submit" loading={saving} w="fit-content">
          {t('profile.saveDetails')}
        </Button>
      </Stack>
    </form>
  );
}
