import { Alert, Button, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import classes from './JobList.module.css';

/** Spec 01 §7/§8: 'Failed to get Job list' with Retry. */
export function JobListFailed({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert color="red" variant="light" role="alert" className={classes.failed}>
      <Group justify="space-between" gap="sm">
        <Text fw={600} c="gray.9">
          {t('jobList.listFailed')}
        </Text>
        <Button size="xs" variant="default" onClick={onRetry}>
          {t('jobList.retry')}
        </Button>
      </Group>
    </Alert>
  );
}
