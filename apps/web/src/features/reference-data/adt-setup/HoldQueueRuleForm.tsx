import { Checkbox, MultiSelect, Select, Text, TextInput } from '@mantine/core';
import type { AdtItemRow, HoldQueueRuleRow } from '@quill/core/contract/adt/adtSetup';
import { isTaken, ADT_SETUP_LIMITS as L, takesFields } from '@quill/core/rules/adt/adtSetup';
import { HOLD_QUEUE_RULE_KINDS, type HoldQueueRuleKind } from '@quill/core/rules/jobEditor/holdQueueRules';
import { useTranslation } from 'react-i18next';
import { ReferenceFormModal } from '../common/ReferenceDialogs';
import { savingDialog, useCheckedForm } from '../common/useCheckedForm';
import { useReferenceChange } from '../common/useReferenceChange';
import { addRule, adtSetupKeys, saveRule } from './adtSetupApi';

interface Draft {
  code: string;
  description: string;
  kind: HoldQueueRuleKind;
  enabled: boolean;
  fields: string[];
}

const draftOf = (rule: HoldQueueRuleRow | null): Draft => ({
  code: rule?.code ?? '',
  description: rule?.description ?? '',
  kind: (rule?.kind as HoldQueueRuleKind | undefined) ?? 'missingMandatoryAdt',
  enabled: rule?.enabled ?? true,
  fields: rule?.fields ?? [],
});

/**
 * Add or edit a hold-queue rule: code (unique in the facility ignoring case), description, kind
 * (when adding; a rule's kind stays) and, for the kinds that take them, the ADT items it checks.
 * The page checks the code as the manager types, the description from the first try to save on;
 * the server checks all of it again.
 */
export function HoldQueueRuleForm({
  cfId,
  rule,
  rules,
  items,
  onClose,
}: {
  cfId: number;
  /** Null: a new rule. */
  rule: HoldQueueRuleRow | null;
  rules: readonly HoldQueueRuleRow[];
  items: readonly AdtItemRow[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const save = useReferenceChange(
    adtSetupKeys.rules(cfId),
    (d: Draft) => {
      const fields = takesFields(d.kind) ? d.fields : null;
      return rule
        ? saveRule(cfId, rule.id, {
            code: d.code,
            description: d.description,
            ...(takesFields(rule.kind) ? { fields } : {}),
          })
        : addRule(cfId, {
            code: d.code,
            description: d.description,
            kind: d.kind,
            enabled: d.enabled,
            fields,
          });
    },
    (saved) => t(rule ? 'reference.adt.rules.saved' : 'reference.adt.rules.added', { code: saved.code }),
    { onDone: onClose },
  );
  const others = rules.filter((r) => r.id !== rule?.id).map((r) => r.code);
  const checked = useCheckedForm<Draft>(
    draftOf(rule),
    (d) => {
      const code = d.code.trim();
      return {
        code: !code
          ? t('reference.adt.rules.codeRequired')
          : isTaken(code, others)
            ? t('reference.adt.rules.codeTaken', { code })
            : null,
        description: d.description.trim() ? null : t('reference.adt.rules.descriptionRequired'),
      };
    },
    { live: ['code'] },
  );
  const { form } = checked;
  const draft = form.values;
  const kind = rule?.kind ?? draft.kind;
  // The value items of a job (not an order's) this facility shows: what a rule may check.
  const options = items
    .filter((i) => !i.isPhysician && i.source !== 'order' && !i.replaced)
    .map((i) => ({ value: i.key, label: `${i.displayName} (${i.key})` }));
  const kindLabel = (k: string) =>
    (HOLD_QUEUE_RULE_KINDS as readonly string[]).includes(k)
      ? t(`reference.adt.rules.kinds.${k as HoldQueueRuleKind}`)
      : k;

  return (
    <ReferenceFormModal
      title={
        rule ? t('reference.adt.rules.editTitle', { code: rule.code }) : t('reference.adt.rules.addTitle')
      }
      opened
      {...savingDialog(checked, save, onClose)}
    >
      <TextInput
        label={t('reference.adt.rules.code')}
        required
        maxLength={L.ruleCodeMax}
        {...form.getInputProps('code')}
        data-autofocus
      />
      <TextInput
        label={t('reference.adt.rules.description')}
        required
        maxLength={L.ruleDescriptionMax}
        {...form.getInputProps('description')}
      />
      {rule ? (
        <div>
          <Text size="sm" fw={500}>
            {t('reference.adt.rules.kind')}: {kindLabel(rule.kind)}
          </Text>
          <Text size="xs" c="dimmed">
            {t('reference.adt.rules.kindFixed')}
          </Text>
        </div>
      ) : (
        <Select
          label={t('reference.adt.rules.kind')}
          data={HOLD_QUEUE_RULE_KINDS.map((k) => ({ value: k, label: kindLabel(k) }))}
          value={draft.kind}
          allowDeselect={false}
          onChange={(v) => v && form.setValues({ kind: v as HoldQueueRuleKind, fields: [] })}
        />
      )}
      {takesFields(kind) ? (
        <MultiSelect
          label={t('reference.adt.rules.fields')}
          description={
            kind === 'missingMandatoryAdt'
              ? t('reference.adt.rules.fieldsMissingHint')
              : t('reference.adt.rules.fieldsNameHint')
          }
          data={options}
          value={draft.fields}
          maxValues={L.ruleFieldsMax}
          searchable
          clearable
          onChange={(fields) => form.setFieldValue('fields', fields)}
        />
      ) : (
        <Text size="xs" c="dimmed">
          {t('reference.adt.rules.noFieldsHint')}
        </Text>
      )}
      {!rule && (
        <Checkbox
          label={t('reference.adt.rules.enabled')}
          {...form.getInputProps('enabled', { type: 'checkbox' })}
        />
      )}
    </ReferenceFormModal>
  );
}
