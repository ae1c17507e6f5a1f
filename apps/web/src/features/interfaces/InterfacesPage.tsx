import { Alert, Badge, Button, Loader, Select, Table, Text, TextInput, Title } from '@mantine/core';
import { INTERFACE_LOG_LIMITS, type InterfaceMessages } from '@quill/core/contract/interfaceLog';
import { INTERFACE_MESSAGE_STATUSES } from '@quill/core/contract/interfaces';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useHasPermission } from '../../app/session/SessionContext';
import { useDocumentTitle } from '../../app/useDocumentTitle';
import { refusalText } from '../deliveries/deliveryCalls';
import { usePaging } from '../job-list/view/usePaging';
import { NotPermitted } from '../users/NotPermitted';
import classes from './Interfaces.module.css';
import { interfaceKeys, listMessages, type MessageFilters, NO_FILTERS } from './interfacesApi';
import { MessageDrawer } from './MessageDrawer';

const timeFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'medium' });
const STATUSES = [...new Set([...INTERFACE_MESSAGE_STATUSES.in, ...INTERFACE_MESSAGE_STATUSES.out])];
const STATUS_COLOURS: Record<string, string> = { failed: 'red', applied: 'green', acknowledged: 'green' };

/** /interfaces (issue 44): the HL7 message log of the account's structures, filtered; a row opens the message. */
export function InterfacesPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('interfaces.title'));
  const allowed = useHasPermission('adtUpload');
  const [draft, setDraft] = useState<MessageFilters>(NO_FILTERS);
  const [filters, setFilters] = useState<MessageFilters>(NO_FILTERS);
  const paging = usePaging(INTERFACE_LOG_LIMITS.defaultPageSize);
  const { page, pageSize } = paging;
  const [open, setOpen] = useState<number | null>(null);
  const result = useQuery<InterfaceMessages>({
    queryKey: interfaceKeys.list(filters, page, pageSize),
    queryFn: ({ signal }) => listMessages(filters, page + 1, pageSize, signal),
    placeholderData: keepPreviousData,
    enabled: allowed,
    retry: false,
  });
  const set = (key: keyof MessageFilters) => (value: string | null) =>
    setDraft((d) => ({ ...d, [key]: value ?? '' }));

  if (!allowed) return <NotPermitted />;
  return (
    <main className={classes.page}>
      <Title order={1} size="h3">
        {t('interfaces.title')}
      </Title>
      <Text size="sm">{t('interfaces.lead')}</Text>
      <form
        className={classes.filters}
        onSubmit={(e) => {
          e.preventDefault();
          setFilters(draft);
          paging.firstPage();
        }}
      >
        <Select
          label={t('interfaces.filters.direction')}
          placeholder={t('interfaces.filters.anyDirection')}
          data={(['in', 'out'] as const).map((d) => ({ value: d, label: t(`interfaces.directions.${d}`) }))}
          value={draft.direction || null}
          onChange={set('direction')}
          clearable
        />
        <Select
          label={t('interfaces.filters.status')}
          placeholder={t('interfaces.filters.anyStatus')}
          data={STATUSES.map((s) => ({ value: s, label: t(`interfaces.statuses.${s}`) }))}
          value={draft.status || null}
          onChange={set('status')}
          clearable
        />
        <TextInput
          label={t('interfaces.filters.type')}
          placeholder={t('interfaces.filters.typePlaceholder')}
          value={draft.type}
          onChange={(e) => set('type')(e.currentTarget.value.toUpperCase())}
        />
        <TextInput
          type="date"
          label={t('interfaces.filters.from')}
          value={draft.from}
          onChange={(e) => set('from')(e.currentTarget.value)}
        />
        <TextInput
          type="date"
          label={t('interfaces.filters.to')}
          value={draft.to}
          onChange={(e) => set('to')(e.currentTarget.value)}
        />
        <Button type="submit">{t('interfaces.filters.search')}</Button>
      </form>
      <section aria-label={t('interfaces.title')} aria-busy={result.isFetching}>
        {result.isPending && <Loader size="sm" aria-label={t('interfaces.loading')} />}
        {result.isError && (
          <Alert color="red" role="alert">
            {refusalText(result.error, t('interfaces.loadFailed'))}
          </Alert>
        )}
        {result.data &&
          (result.data.total === 0 ? (
            <Text size="sm">{t('interfaces.none')}</Text>
          ) : (
            <Table striped highlightOnHover aria-label={t('interfaces.title')}>
              <Table.Thead>
                <Table.Tr>
                  {(
                    [
                      'received',
                      'interface',
                      'direction',
                      'type',
                      'controlId',
                      'facility',
                      'status',
                      'error',
                      'job',
                    ] as const
                  ).map((c) => (
                    <Table.Th key={c}>{t(`interfaces.columns.${c}`)}</Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {result.data.rows.map((m) => (
                  <Table.Tr key={m.id}>
                    <Table.Td>{timeFormat.format(new Date(m.receivedAt))}</Table.Td>
                    <Table.Td>{m.interfaceName}</Table.Td>
                    <Table.Td>{t(`interfaces.directions.${m.direction}`)}</Table.Td>
                    <Table.Td>{m.messageType}</Table.Td>
                    <Table.Td>
                      <Button
                        variant="subtle"
                        size="compact-sm"
                        aria-label={t('interfaces.open', { controlId: m.controlId })}
                        onClick={() => setOpen(m.id)}
                      >
                        {m.controlId}
                      </Button>
                    </Table.Td>
                    <Table.Td>{m.facility ?? ''}</Table.Td>
                    <Table.Td>
                      <Badge color={STATUS_COLOURS[m.status] ?? 'gray.7'} variant="light">
                        {t(`interfaces.statuses.${m.status}`, { defaultValue: m.status })}
                      </Badge>
                    </Table.Td>
                    <Table.Td>{m.error ?? ''}</Table.Td>
                    <Table.Td>{m.jobId ?? ''}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          ))}
        {paging.pager(result.data?.total)}
      </section>
      <MessageDrawer messageId={open} onClose={() => setOpen(null)} />
    </main>
  );
}
