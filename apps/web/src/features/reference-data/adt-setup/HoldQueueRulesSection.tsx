import { Alert, Button, Group, Loader, Stack, Switch, Table, Text } from '@mantine/core';
import type { HoldQueueRuleRow } from '@quill/core/contract/adtSetup';
import { HOLD_QUEUE_RULE_KINDS, type HoldQueueRuleKind } from '@quill/core/rules/holdQueueRules';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDeleteModal, RowActions } from '../common/ReferenceDialogs';
import { useReferenceChange } from '../common/useReferenceChange';
import type { SectionProps } from '../referenceApi';
import { adtSetupKeys, deleteRule, loadItems, loadRules, setRuleEnabled } from './adtSetupApi';
import { HoldQueueRuleForm } from './HoldQueueRuleForm';

/**
 * Reference data ▸ Hold-queue rules (issue 26): the facility's rules in the order they run, with
 * what each checks in words; with dictatorAdd, switches to turn each on or off, and Add, Edit and
 * Delete. A change applies from the next save of a job.
 */
export function HoldQueueRulesSection({ facility, canEdit }: SectionProps) {
  const { t } = useTranslation();
  const cfId = facility.id;
  const key = adtSetupKeys.rules(cfId);
  const rules = useQuery({ queryKey: key, queryFn: ({ signal }) => loadRules(cfId, signal), retry: false });
  // The facility's ADT items, for the items a rule checks (only the forms need them).
  const items = useQuery({
    queryKey: adtSetupKeys.items(cfId),
    queryFn: ({ signal }) => loadItems(cfId, signal),
    enabled: canEdit,
    retry: false,
  });
  const [editing, setEditing] = useState<{ rule: HoldQueueRuleRow | null } | null>(null);
  const [deleting, setDeleting] = useState<HoldQueueRuleRow | null>(null);
  const toggle = useReferenceChange(
    key,
    (r: { id: number; enabled: boolean }) => setRuleEnabled(cfId, r.id, r.enabled),
    (r) =>
      t(r.enabled ? 'reference.adt.rules.enabledDone' : 'reference.adt.rules.disabledDone', { code: r.code }),
    { toastErrors: true },
  );
  const remove = useReferenceChange(
    key,
    (r: HoldQueueRuleRow) => deleteRule(cfId, r.id),
    (_, r) => t('reference.adt.rules.deleted', { code: r.code }),
    { onDone: () => setDeleting(null) },
  );
  const kindLabel = (k: string) =>
    (HOLD_QUEUE_RULE_KINDS as readonly string[]).includes(k)
      ? t(`reference.adt.rules.kinds.${k as HoldQueueRuleKind}`)
      : k;

  if (rules.isPending) return <Loader size="sm" aria-label={t('reference.adt.loading')} />;
  if (rules.isError)
    return (
      <Alert color="red" role="alert">
        {t('reference.adt.loadFailed', { reason: rules.error.message })}
      </Alert>
    );
  const list = rules.data.rules;
  return (
    <Stack gap="sm">
      <Text size="sm">{t('reference.adt.rules.lead')}</Text>
      <Text size="sm" c="dimmed">
        {t('reference.adt.nextLoad')}
      </Text>
      {canEdit && (
        <Group>
          <Button onClick={() => setEditing({ rule: null })}>{t('reference.adt.rules.add')}</Button>
        </Group>
      )}
      {list.length === 0 ? (
        <Text>{t('reference.adt.rules.none')}</Text>
      ) : (
        <Table striped aria-label={t('reference.adt.rules.tableLabel', { facility: facility.name })}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('reference.adt.rules.code')}</Table.Th>
              <Table.Th>{t('reference.adt.rules.description')}</Table.Th>
              <Table.Th>{t('reference.adt.rules.kind')}</Table.Th>
              <Table.Th>{t('reference.adt.rules.checks')}</Table.Th>
              <Table.Th>{t('reference.adt.rules.enabled')}</Table.Th>
              {canEdit && <Table.Th>{t('reference.adt.actions')}</Table.Th>}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {list.map((r) => (
              <Table.Tr key={r.id}>
                <Table.Td>{r.code}</Table.Td>
                <Table.Td>{r.description}</Table.Td>
                <Table.Td>{kindLabel(r.kind)}</Table.Td>
                <Table.Td>{r.explanation}</Table.Td>
                <Table.Td>
                  {canEdit ? (
                    <Switch
                      checked={r.enabled}
                      label={r.enabled ? t('reference.adt.rules.on') : t('reference.adt.rules.off')}
                      aria-label={t('reference.adt.rules.enabledLabel', { code: r.code })}
                      disabled={toggle.isPending}
                      onChange={(e) => toggle.mutate({ id: r.id, enabled: e.currentTarget.checked })}
                    />
                  ) : r.enabled ? (
                    t('reference.adt.rules.on')
                  ) : (
                    t('reference.adt.rules.off')
                  )}
                </Table.Td>
                {canEdit && (
                  <Table.Td>
                    <RowActions
                      editLabel={t('reference.adt.rules.editLabel', { code: r.code })}
                      deleteLabel={t('reference.adt.rules.deleteLabel', { code: r.code })}
                      onEdit={() => setEditing({ rule: r })}
                      onDelete={() => {
                        remove.reset();
                        setDeleting(r);
                      }}
                    />
                  </Table.Td>
                )}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {editing && (
        <HoldQueueRuleForm
          cfId={cfId}
          rule={editing.rule}
          rules={list}
          items={items.data?.items ?? []}
          onClose={() => setEditing(null)}
        />
      )}
      <ConfirmDeleteModal
        opened={deleting !== null}
        title={t('reference.adt.rules.deleteTitle', { code: deleting?.code ?? '' })}
        question={t('reference.adt.rules.deleteConfirm', { code: deleting?.code ?? '' })}
        busy={remove.isPending}
        error={remove.error?.message ?? null}
        onConfirm={() => deleting && remove.mutate(deleting)}
        onClose={() => setDeleting(null)}
      />
    </Stack>
  );
}
