import { Alert, Button, Drawer, Group, Loader, Stack, Table, Text, Title } from '@mantine/core';
import type { Hl7SegmentView } from '@quill/core/rules/interop/segmentView';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../app/toasts';
import { refusalText } from '../deliveries/deliveryCalls';
import classes from './Interfaces.module.css';
import { interfaceKeys, loadMessage, markHandled, resendMessage } from './interfacesApi';

/** One segment's non-empty fields: position, HL7 name, value (a long one cut, with its length). */
function SegmentTable({ segment }: { segment: Hl7SegmentView }) {
  const { t } = useTranslation();
  const title = segment.name ? `${segment.id} — ${segment.name}` : segment.id;
  return (
    <section className={classes.segment} aria-label={title}>
      <Title order={4} size="h6">
        {title}
      </Title>
      <Table withTableBorder striped aria-label={title}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={90}>{t('interfaces.detail.field')}</Table.Th>
            <Table.Th w={220}>{t('interfaces.detail.name')}</Table.Th>
            <Table.Th>{t('interfaces.detail.value')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {segment.fields.map((f) => (
            <Table.Tr key={f.position}>
              <Table.Td>{f.position}</Table.Td>
              <Table.Td>{f.name ?? ''}</Table.Td>
              <Table.Td className={classes.value}>
                {f.value}
                {f.fullLength !== null && ` ${t('interfaces.detail.truncated', { count: f.fullLength })}`}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </section>
  );
}

/** The segments of one message, in their order (which never changes: the index is their key). */
function SegmentList({ segments }: { segments: readonly Hl7SegmentView[] }) {
  return segments.map((s, i) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: a message's segments never reorder; ids repeat (OBX)
    <SegmentTable key={i} segment={s} />
  ));
}

/**
 * One message of the log, segment by segment with field names, and its acknowledgement; Resend
 * and Mark handled for a failed one (issue 44). Opening it is an audited read of patient data.
 */
export function MessageDrawer({ messageId, onClose }: { messageId: number | null; onClose: () => void }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const view = useQuery({
    queryKey: interfaceKeys.message(messageId ?? 0),
    queryFn: ({ signal }) => loadMessage(messageId!, signal),
    enabled: messageId !== null,
    retry: false,
  });
  const act = async (action: 'resend' | 'handled') => {
    if (messageId === null || busy) return;
    setBusy(true);
    setProblem(null);
    try {
      if (action === 'resend') {
        const after = await resendMessage(messageId);
        const status = t(`interfaces.statuses.${after.status}`, { defaultValue: after.status });
        showToast(t('interfaces.detail.resent', { status }), {
          kind: after.status === 'failed' ? 'error' : 'success',
        });
      } else {
        await markHandled(messageId);
        showToast(t('interfaces.detail.handled'), { kind: 'success' });
      }
      await client.invalidateQueries({ queryKey: interfaceKeys.all });
    } catch (error) {
      setProblem(refusalText(error, t('interfaces.detail.actionFailed')));
    } finally {
      setBusy(false);
    }
  };
  const m = view.data?.message;
  return (
    <Drawer
      opened={messageId !== null}
      onClose={onClose}
      position="right"
      size="xl"
      title={m ? t('interfaces.detail.title', { type: m.messageType, controlId: m.controlId }) : ''}
      closeButtonProps={{ 'aria-label': t('interfaces.detail.close') }}
    >
      {view.isPending && messageId !== null && <Loader size="sm" aria-label={t('interfaces.loading')} />}
      {view.isError && (
        <Alert color="red" role="alert">
          {refusalText(view.error, t('interfaces.loadFailed'))}
        </Alert>
      )}
      {view.data && m && (
        <Stack gap="sm">
          {m.error && (
            <Alert color="red" title={t(`interfaces.statuses.${m.status}`, { defaultValue: m.status })}>
              {t('interfaces.detail.error', { error: m.error })}
            </Alert>
          )}
          {problem && (
            <Alert color="red" role="alert">
              {problem}
            </Alert>
          )}
          {(view.data.canResend || view.data.canMarkHandled) && (
            <Group>
              {view.data.canResend && (
                <Button loading={busy} onClick={() => void act('resend')}>
                  {t('interfaces.detail.resend')}
                </Button>
              )}
              {view.data.canMarkHandled && (
                <Button variant="default" loading={busy} onClick={() => void act('handled')}>
                  {t('interfaces.detail.markHandled')}
                </Button>
              )}
            </Group>
          )}
          <Title order={3} size="h5">
            {t('interfaces.detail.segments')}
          </Title>
          <SegmentList segments={view.data.segments} />
          <Title order={3} size="h5">
            {t('interfaces.detail.ack')}
          </Title>
          {view.data.ack.length === 0 ? (
            <Text size="sm">{t('interfaces.detail.noAck')}</Text>
          ) : (
            <SegmentList segments={view.data.ack} />
          )}
        </Stack>
      )}
    </Drawer>
  );
}
