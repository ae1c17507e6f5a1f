import { Alert, Box, Button, Container, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import type { HealthCheckResponse } from '@quill/core/contract/health';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../app/useDocumentTitle';
import { OverallStatus } from './CheckResultBadge';
import { ChecksTable } from './ChecksTable';
import classes from './HealthCheckPage.module.css';
import { requiredChecksPassed, useHealthCheck } from './useHealthCheck';

const timeFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'medium' });

/** A label and its value in the summary (a description list for screen readers). */
function Fact({ label, value, mono = false }: { label: string; value: React.ReactNode; mono?: boolean }) {
  return (
    <div>
      <Text component="dt" size="sm" c="gray.7" fw={500}>
        {label}
      </Text>
      <Text
        component="dd"
        m={0}
        mt={4}
        fw={600}
        ff={mono ? 'monospace' : undefined}
        style={{ overflowWrap: 'anywhere' }}
      >
        {value}
      </Text>
    </div>
  );
}

function Summary({ answer }: { answer: HealthCheckResponse }) {
  const { t } = useTranslation();
  return (
    <Paper withBorder radius="md" p="lg">
      <Box component="dl" className={classes.facts}>
        <Fact label={t('health.status')} value={<OverallStatus passed={requiredChecksPassed(answer)} />} />
        <Fact label={t('health.applicationName')} value={answer.applicationName} />
        <Fact label={t('health.build')} value={answer.version} mono />
        {/* Issue 23: only a signed-in manager is told the machine name. */}
        {answer.machineName !== undefined && (
          <Fact label={t('health.machineName')} value={answer.machineName} mono />
        )}
      </Box>
    </Paper>
  );
}

/**
 * Spec 02 §2 "Health Check page": application name, build, machine name, pass or fail per check,
 * and a Retry button when the request or a required check failed. No user required.
 */
export function HealthCheckPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('health.title'));
  const query = useHealthCheck();
  const { data, isPending, isError, isFetching, dataUpdatedAt } = query;
  const failed = isError || (data !== undefined && !requiredChecksPassed(data));

  const retry = (
    <Button onClick={() => void query.refetch()} loading={isFetching} variant="filled">
      {t('health.retry')}
    </Button>
  );

  return (
    <Container size="lg" py="xl">
      <Stack gap="lg">
        <Group justify="space-between" align="flex-end">
          <div>
            <Title order={1}>{t('health.title')}</Title>
            {data && !isError && (
              <Text size="sm" c="gray.7" mt={4}>
                {t('health.checkedAt', { time: timeFormat.format(dataUpdatedAt) })}
              </Text>
            )}
          </div>
          {failed && !isPending && retry}
        </Group>

        {isPending && (
          <Paper withBorder radius="md" p="xl" aria-busy="true">
            <Group gap="md" role="status">
              <Loader size="sm" aria-hidden="true" />
              <Text>{t('health.loading')}</Text>
            </Group>
          </Paper>
        )}

        {isError && (
          <Alert color="red" variant="light" role="alert">
            <Text c="gray.9">{t('health.failedToast')}</Text>
          </Alert>
        )}

        {data && !isError && (
          <>
            <Summary answer={data} />
            <Paper withBorder radius="md" p="lg">
              <Title order={2} size="h4" mb="sm" id="health-checks-heading">
                {t('health.checks')}
              </Title>
              <ChecksTable results={data.results} labelledBy="health-checks-heading" />
            </Paper>
          </>
        )}
      </Stack>
    </Container>
  );
}
