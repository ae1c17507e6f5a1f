import { Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The version shown in the footer: the root package.json version, injected at build time. */
export const APP_VERSION = import.meta.env.VITE_APP_VERSION ?? 'dev';

/** Spec 01 §2: a prototype version and a copyright line. */
export function Footer() {
  const { t } = useTranslation();
  return (
    <Group
      component="footer"
      justify="space-between"
      gap="xs"
      px="lg"
      py="sm"
      style={{ borderTop: '1px solid var(--mantine-color-gray-3)', background: 'var(--mantine-color-white)' }}
    >
      <Text size="sm" c="gray.7">
        {t('app.footerVersion', { version: APP_VERSION })}
      </Text>
      <Text size="sm" c="gray.7">
        {t('app.footerCopyright', { year: String(new Date().getFullYear()) })}
      </Text>
    </Group>
  );
}
