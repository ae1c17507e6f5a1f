import { Center, Group, Loader, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** What the authenticated layout shows while it checks the sign-in and loads the account. */
export function SessionLoading() {
  const { t } = useTranslation();
  return (
    <Center py={96} aria-busy="true">
      <Group gap="sm" role="status">
        <Loader size="sm" color="blue.8" aria-hidden="true" />
        <Text c="gray.8">{t('account.loading')}</Text>
      </Group>
    </Center>
  );
}
