import { Alert, Loader, Switch } from '@mantine/core';
import type { HoldQueueRuleRow } from '@quill/core/contract/adt/adtSetup';
import { HOLD_QUEUE_RULE_KINDS, type HoldQueueRuleKind } from '@quill/core/rules/jobEditor/holdQueueRules';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useDeleteRow } from '../common/useDeleteRow';
import { useReferenceChange } from '../common/useReferenceChange';
import type { SectionProps } from '../referenceApi';
import { AdtList } from './AdtList';
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
  const toggle = useReferenceChange(
    key,
    (r: { id: number; enabled: boolean }) => setRuleEnabled(cfId, r.id, r.enabled),
    (r) =>
      t(r.enabled ? 'reference.adt.rules.enabledDone' : 'reference.adt.rules.disabledDone', { code: r.code }),
    { toastErrors: true },
  );
  const remove = useDeleteRow(
    key,
    (r: HoldQueueRuleRow) => deleteRule(cfId, r.id),
    (r) => t('reference.adt.rules.deleted', { code: r.code }),
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
    <AdtList
      kind="rules"
      facility={facility}
      canEdit={canEdit}
      rows={list}
      columns={[
        { header: t('reference.adt.rules.code'), cell: (r) => r.code },
        { header: t('reference.adt.rules.description'), cell: (r) => r.description },
        { header: t('reference.adt.rules.kind'), cell: (r) => kindLabel(r.kind) },
        { header: t('reference.adt.rules.checks'), cell: (r) => r.explanation },
        {
          header: t('reference.adt.rules.enabled'),
          cell: (r) =>
            canEdit ? (
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
            ),
        },
      ]}
      rowActions={{
        editLabel: (r) => t('reference.adt.rules.editLabel', { code: r.code }),
        deleteLabel: (r) => t('reference.adt.rules.deleteLabel', { code: r.code }),
        remove,
        deleteTitle: (r) => t('reference.adt.rules.deleteTitle', { code: r?.code ?? '' }),
        deleteQuestion: (r) => t('reference.adt.rules.deleteConfirm', { code: r?.code ?? '' }),
      }}
      form={(rule, onClose) => (
        <HoldQueueRuleForm
          cfId={cfId}
          rule={rule}
          rules={list}
          items={items.data?.items ?? []}
          onClose={onClose}
        />
      )}
    />
  );
}
