import { Badge, Button, Group, Loader, Table, Text } from '@mantine/core';
import type { Delivery } from '@quill/core/contract/delivery';
import { allowed, type Gate } from '@quill/core/rules/jobList/actions/actionGates';
import { deliveryActionGate } from '@quill/core/rules/jobList/actions/deliveryGates';
import { formatJobDateTime } from '@quill/core/rules/time/jobTime';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePermissions, useSession } from '../../app/session/SessionContext';
import classes from './Deliveries.module.css';
import { deliveryKeys, fetchDeliveries } from './deliveryApi';
import { runRetry } from './deliveryCalls';
import { RedirectModal } from './RedirectModal';

const STATUS_COLOR: Record<Delivery['status'], string> = {
  queued: 'gray.8',
  sending: 'blue.9',
  sent: 'teal.9',
  failed: 'red.9',
  redirected: 'violet.9',
};

/**
 * A job's deliveries (issue 43), from DELIVERY.list: recipient, method, status, attempts, last
 * error, queued and completed times (in the facility's zone). With distributionJobActionsQueue a
 * job with failed deliveries offers Retry, and each failed delivery Redirect.
 */
export function JobDeliveries({ jobId, timeZone }: { jobId: number; timeZone: string }) {
  const { t } = useTranslation();
  const { userSettings } = useSession();
  const gate: Gate = deliveryActionGate(usePermissions());
  const client = useQueryClient();
  const [redirecting, setRedirecting] = useState<Delivery | null>(null);
  const [retrying, setRetrying] = useState(false);
  const deliveries = useQuery({
    queryKey: deliveryKeys.job(jobId),
    queryFn: ({ signal }) => fetchDeliveries(jobId, signal),
    retry: false,
  });
  const when = (value: string | null) =>
    value ? formatJobDateTime(value, timeZone, userSettings, { zoneLabel: true }) : '';
  const failed = (deliveries.data ?? []).filter((d) => d.status === 'failed');
  const retry = async () => {
    setRetrying(true);
    await runRetry([jobId], t, client);
    setRetrying(false);
  };

  return (
    <section
      className={classes.section}
      aria-label={t('deliveries.title')}
      data-testid={`deliveries-${jobId}`}
    >
      <Group justify="space-between" gap="xs">
        <Text fw={600} size="sm" component="h2" className={classes.heading}>
          {t('deliveries.title')}
        </Text>
        {allowed(gate) && failed.length > 0 && (
          <Button
            size="compact-sm"
            variant="default"
            loading={retrying}
            onClick={() => void retry()}
            aria-label={t('deliveries.retryJob', { jobId: String(jobId) })}
          >
            {t('deliveries.retry')}
          </Button>
        )}
      </Group>
      {deliveries.isPending && (
        <Group gap="xs" role="status">
          <Loader size="xs" aria-hidden="true" />
          <Text size="sm">{t('deliveries.loading')}</Text>
        </Group>
      )}
      {deliveries.isError && (
        <Group gap="sm" role="alert">
          <Text size="sm" c="red.9">
            {t('deliveries.failed')}
          </Text>
          <Button size="compact-xs" variant="default" onClick={() => void deliveries.refetch()}>
            {t('deliveries.retryLoad')}
          </Button>
        </Group>
      )}
      {deliveries.data?.length === 0 && (
        <Text size="sm" c="gray.7">
          {t('deliveries.none')}
        </Text>
      )}
      {deliveries.data && deliveries.data.length > 0 && (
        <Table.ScrollContainer minWidth={720}>
          <Table striped className={classes.table}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('deliveries.columns.recipient')}</Table.Th>
                <Table.Th>{t('deliveries.columns.method')}</Table.Th>
                <Table.Th>{t('deliveries.columns.status')}</Table.Th>
                <Table.Th>{t('deliveries.columns.attempts')}</Table.Th>
                <Table.Th>{t('deliveries.columns.lastError')}</Table.Th>
                <Table.Th>{t('deliveries.columns.created')}</Table.Th>
                <Table.Th>{t('deliveries.columns.completed')}</Table.Th>
                {allowed(gate) && failed.length > 0 && <Table.Th>{t('deliveries.columns.actions')}</Table.Th>}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {deliveries.data.map((d) => (
                <Table.Tr key={d.id} data-testid={`delivery-${d.id}`}>
                  <Table.Td>
                    {d.recipientName}
                    {d.preliminary && (
                      <Text size="xs" c="gray.7">
                        {t('deliveries.preliminary')}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>{t(`deliveries.methods.${d.method}`)}</Table.Td>
                  <Table.Td>
                    <Badge color={STATUS_COLOR[d.status]} size="sm" miw="max-content">
                      {t(`deliveries.statuses.${d.status}`)}
                    </Badge>
                  </Table.Td>
                  <Table.Td>{d.attempts}</Table.Td>
                  <Table.Td className={classes.error}>{d.lastError ?? ''}</Table.Td>
                  <Table.Td className={classes.nowrap}>{when(d.createdAt)}</Table.Td>
                  <Table.Td className={classes.nowrap}>{when(d.completedAt)}</Table.Td>
                  {allowed(gate) && failed.length > 0 && (
                    <Table.Td>
                      {d.status === 'failed' && (
                        <Button
                          size="compact-xs"
                          variant="default"
                          onClick={() => setRedirecting(d)}
                          aria-label={t('deliveries.redirectLabel', {
                            method: t(`deliveries.methods.${d.method}`),
                            recipient: d.recipientName,
                          })}
                        >
                          {t('deliveries.redirect')}
                        </Button>
                      )}
                    </Table.Td>
                  )}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <RedirectModal jobId={jobId} delivery={redirecting} onClose={() => setRedirecting(null)} />
    </section>
  );
}
