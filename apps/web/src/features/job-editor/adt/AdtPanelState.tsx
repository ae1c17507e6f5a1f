import { Button, Loader, Paper, Stack, Text } from '@mantine/core';
import type { JobAdt } from '@quill/core/contract/adt/adt';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdtPanels } from './useAdtPanels';

/**
 * The ADT panels before the ADT is there: loading, or the failure with Retry; then the panel
 * itself with the ADT, with a note while a change of the details refreshes it.
 */
export function AdtPanelState({ adt, children }: { adt: AdtPanels; children: (adt: JobAdt) => ReactNode }) {
  const { t } = useTranslation();
  if (adt.adt)
    return (
      <Stack gap={4}>
        {adt.busy && (
          <Text size="xs" c="dimmed" role="status">
            {t('adtPanel.refreshing')}
          </Text>
        )}
        {children(adt.adt)}
      </Stack>
    );
  return (
    <Paper withBorder p="sm">
      {adt.failed ? (
        <Stack gap="xs" align="flex-start">
          <Text size="sm" role="alert">
            {t('adtPanel.loadFailed')}
          </Text>
          <Button size="compact-sm" variant="light" onClick={adt.retry}>
            {t('adtPanel.retry')}
          </Button>
        </Stack>
      ) : (
        <Stack gap="xs" align="center" role="status">
          <Loader size="sm" />
          <Text size="sm">{t('adtPanel.loading')}</Text>
        </Stack>
      )}
    </Paper>
  );
}
