import { Alert, Button, Group, Loader, Modal, Table, Text } from '@mantine/core';
import { formatJobDateTime } from '@quill/core/rules/time/jobTime';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../app/session/SessionContext';
import { auditTrailExportUrl, fetchAuditTrail } from './auditTrailApi';

/** The user's time format with seconds after its minutes (HH:mm → HH:mm:ss), unless it has them. */
export function withSeconds(timeFormat: string): string {
  return timeFormat.includes('ss') ? timeFormat : timeFormat.replace('mm', 'mm:ss');
}

export interface AuditTrailDialogProps {
  jobId: number;
  /** The job's facility's IANA zone: the trail reads the facility's clock, as the rest of the job page. */
  timeZone: string;
  opened: boolean;
  onClose: () => void;
}

/**
 * A job's audit trail (issue 23): who read or changed the job, what, when (the facility's clock,
 * with its zone, issue 39), from where and how it ended, newest first, a page at a time, with the CSV export. A modal: focus stays inside, Escape
 * and the close button leave, and the pager and export are ordinary buttons.
 */
export function AuditTrailDialog({ jobId, timeZone, opened, onClose }: AuditTrailDialogProps) {
  const { t } = useTranslation();
  const { userSettings } = useSession();
  // Many calls fall in one minute: the trail shows seconds too.
  const formats = { ...userSettings, timeFormat: withSeconds(userSettings.timeFormat) };
  const [page, setPage] = useState(1);
  const trail = useQuery({
    queryKey: ['job', jobId, 'auditTrail', page],
    queryFn: ({ signal }) => fetchAuditTrail(jobId, page, signal),
    enabled: opened,
    staleTime: 0,
  });
  const data = trail.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  return (
    <Modal
      opened={opened}
      onClose={() => {
        setPage(1);
        onClose();
      }}
      title={t('auditTrail.title', { jobId: String(jobId) })}
      size="xl"
      closeButtonProps={{ 'aria-label': t('app.closeDialog') }}
    >
      <Text size="sm" mb="sm">
        {t('auditTrail.lead')}
      </Text>
      {trail.isError && <Alert color="red">{t('auditTrail.loadFailed')}</Alert>}
      {trail.isPending && opened && (
        <Loader size="sm" aria-label={t('auditTrail.title', { jobId: String(jobId) })} />
      )}
      {data && data.rows.length === 0 && <Text>{t('auditTrail.empty')}</Text>}
      {data && data.rows.length > 0 && (
        <Table striped withTableBorder data-testid="audit-trail">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('auditTrail.when')}</Table.Th>
              <Table.Th>{t('auditTrail.who')}</Table.Th>
              <Table.Th>{t('auditTrail.what')}</Table.Th>
              <Table.Th>{t('auditTrail.outcome')}</Table.Th>
              <Table.Th>{t('auditTrail.from')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data.rows.map((r) => (
              <Table.Tr key={r.id}>
                <Table.Td>{formatJobDateTime(r.at, timeZone, formats, { zoneLabel: true })}</Table.Td>
                <Table.Td>
                  {r.user ?? t('auditTrail.system')}
                  {r.account && (r.user === null || !r.account.startsWith(r.user)) && (
                    <Text size="xs" c="dimmed">
                      {r.account}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>{r.what}</Table.Td>
                <Table.Td>{r.outcomeText}</Table.Td>
                <Table.Td>{r.ip ?? ''}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <Group justify="space-between" mt="md">
        <Group gap="xs">
          <Button variant="default" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
            {t('auditTrail.previous')}
          </Button>
          <Button variant="default" disabled={page >= pages} onClick={() => setPage((p) => p + 1)}>
            {t('auditTrail.next')}
          </Button>
          {data && (
            <Text size="sm" aria-live="polite">
              {t('auditTrail.page', { page: String(page), pages: String(pages), total: String(data.total) })}
            </Text>
          )}
        </Group>
        <Button component="a" href={auditTrailExportUrl(jobId)} download>
          {t('auditTrail.export')}
        </Button>
      </Group>
    </Modal>
  );
}
