import { ActionIcon, Button, Fieldset, Group, Select, Stack, TextInput } from '@mantine/core';
import type { AdtItemRow, AdtSearchRow } from '@quill/core/contract/adt/adtSetup';
import {
  isTaken,
  ADT_SETUP_LIMITS as L,
  SEARCH_IDENTIFIER_PATTERN,
  searchFieldsProblem,
} from '@quill/core/rules/adt/adtSetup';
import { adtKey, parseAdtKey } from '@quill/core/rules/adt/adtValues';
import { useTranslation } from 'react-i18next';
import { ReferenceFormModal } from '../common/ReferenceDialogs';
import { savingDialog, useCheckedForm, WHOLE_FORM } from '../common/useCheckedForm';
import { useReferenceChange } from '../common/useReferenceChange';
import { addSearch, adtSetupKeys, saveSearch } from './adtSetupApi';

interface FieldDraft {
  name: string;
  /** "SEG.f.c" of the value item searched; '' while none is chosen. */
  key: string;
}
interface Draft {
  name: string;
  identifier: string;
  fields: FieldDraft[];
}

const draftOf = (search: AdtSearchRow | null): Draft => ({
  name: search?.name ?? '',
  identifier: search?.identifier ?? '',
  fields: search?.fields.map((f) => ({ name: f.name, key: adtKey(f.hl7Identifier) })) ?? [
    { name: '', key: '' },
  ],
});

/**
 * Add or edit an ADT search: its name, identifier (unique in the facility ignoring case) and
 * fields, each a label and the value item of the facility it searches (the field's input type
 * and record are the item's).
 */
export function AdtSearchForm({
  cfId,
  search,
  searches,
  items,
  onClose,
}: {
  cfId: number;
  /** Null: a new search. */
  search: AdtSearchRow | null;
  searches: readonly AdtSearchRow[];
  items: readonly AdtItemRow[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const save = useReferenceChange(
    adtSetupKeys.searches(cfId),
    (d: Draft) => {
      const body = {
        name: d.name,
        identifier: d.identifier,
        fields: d.fields.map((f) => ({ name: f.name, hl7Identifier: parseAdtKey(f.key)! })),
      };
      return search ? saveSearch(cfId, search.id, body) : addSearch(cfId, body);
    },
    (saved) =>
      t(search ? 'reference.adt.searches.saved' : 'reference.adt.searches.added', { name: saved.name }),
    { onDone: onClose },
  );
  // A physician item holds a physician, and a job-only value is on no record: neither is searched.
  const options = items
    .filter((i) => !i.isPhysician && i.source !== 'job' && !i.replaced)
    .map((i) => ({ value: i.key, label: `${i.displayName} (${i.key})` }));
  const nameOf = new Map(items.map((i) => [i.key, i.displayName]));
  const others = searches.filter((s) => s.id !== search?.id).map((s) => s.identifier);
  const valueKeys = new Set(options.map((o) => o.value));
  const checked = useCheckedForm<Draft>(
    draftOf(search),
    (d) => {
      const identifier = d.identifier.trim();
      const fieldsProblem = searchFieldsProblem(d.fields, valueKeys);
      return {
        name: d.name.trim() ? null : t('reference.adt.searches.nameRequired'),
        identifier: !SEARCH_IDENTIFIER_PATTERN.test(identifier)
          ? t('reference.adt.searches.identifierInvalid')
          : isTaken(identifier, others)
            ? t('reference.adt.searches.identifierTaken', { identifier })
            : null,
        [WHOLE_FORM]: d.fields.some((f) => !f.key)
          ? t('reference.adt.searches.fieldItemRequired')
          : fieldsProblem
            ? t(fieldsProblem.key, fieldsProblem.values)
            : d.fields.some((f) => !f.name.trim())
              ? t('reference.adt.searches.fieldNameRequired')
              : null,
      };
    },
    { live: ['identifier'] },
  );
  const { form } = checked;
  const draft = form.values;
  const setFields = (change: (fields: FieldDraft[]) => FieldDraft[]) => form.setFieldValue('fields', change);
  const setField = (i: number, patch: Partial<FieldDraft>) =>
    setFields((fields) => fields.map((f, j) => (j === i ? { ...f, ...patch } : f)));

  return (
    <ReferenceFormModal
      title={
        search
          ? t('reference.adt.searches.editTitle', { name: search.name })
          : t('reference.adt.searches.addTitle')
      }
      opened
      size="lg"
      {...savingDialog(checked, save, onClose)}
    >
      <Group grow align="flex-start">
        <TextInput
          label={t('reference.adt.searches.name')}
          required
          maxLength={L.searchNameMax}
          {...form.getInputProps('name')}
          data-autofocus
        />
        <TextInput
          label={t('reference.adt.searches.identifier')}
          description={t('reference.adt.searches.identifierHint')}
          required
          maxLength={L.searchIdentifierMax}
          {...form.getInputProps('identifier')}
        />
      </Group>
      <Fieldset legend={t('reference.adt.searches.fields')}>
        <Stack gap="xs">
          {draft.fields.map((f, i) => {
            const n = String(i + 1);
            return (
              // biome-ignore lint/suspicious/noArrayIndexKey: a field row has no id of its own until saved
              <Group key={i} align="flex-end" wrap="nowrap">
                <Select
                  label={t('reference.adt.searches.fieldItem', { n })}
                  data={options}
                  value={f.key || null}
                  searchable
                  onChange={(v) =>
                    setField(i, { key: v ?? '', name: f.name.trim() ? f.name : (nameOf.get(v ?? '') ?? '') })
                  }
                />
                <TextInput
                  label={t('reference.adt.searches.fieldName', { n })}
                  value={f.name}
                  required
                  maxLength={L.searchFieldNameMax}
                  onChange={(e) => setField(i, { name: e.currentTarget.value })}
                />
                <ActionIcon
                  variant="subtle"
                  color="red"
                  size="lg"
                  disabled={draft.fields.length === 1}
                  aria-label={t('reference.adt.searches.removeField', { n })}
                  onClick={() => setFields((fields) => fields.filter((_, j) => j !== i))}
                >
                  ✕
                </ActionIcon>
              </Group>
            );
          })}
          <Group>
            <Button
              variant="default"
              size="xs"
              disabled={draft.fields.length >= L.searchFieldsMax}
              onClick={() => setFields((fields) => [...fields, { name: '', key: '' }])}
            >
              {t('reference.adt.searches.addField')}
            </Button>
          </Group>
        </Stack>
      </Fieldset>
    </ReferenceFormModal>
  );
}
