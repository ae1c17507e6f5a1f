import { ActionIcon, Button, Fieldset, Group, Select, Stack, TextInput } from '@mantine/core';
import type { AdtItemRow, AdtSearchRow } from '@quill/core/contract/adt/adtSetup';
import {
  isTaken,
  ADT_SETUP_LIMITS as L,
  SEARCH_IDENTIFIER_PATTERN,
  searchFieldsProblem,
} from '@quill/core/rules/adt/adtSetup';
import { adtKey, parseAdtKey } from '@quill/core/rules/adt/adtValues';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ReferenceFormModal } from '../common/ReferenceDialogs';
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
  const [draft, setDraft] = useState<Draft>(() => draftOf(search));
  const [tried, setTried] = useState(false);
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
  const identifier = draft.identifier.trim();
  const identifierError = !SEARCH_IDENTIFIER_PATTERN.test(identifier)
    ? t('reference.adt.searches.identifierInvalid')
    : isTaken(
          identifier,
          searches.filter((s) => s.id !== search?.id).map((s) => s.identifier),
        )
      ? t('reference.adt.searches.identifierTaken', { identifier })
      : null;
  const nameError = draft.name.trim() ? null : t('reference.adt.searches.nameRequired');
  const labelMissing = draft.fields.some((f) => !f.name.trim());
  const itemMissing = draft.fields.some((f) => !f.key);
  const fieldsProblem = searchFieldsProblem(draft.fields, new Set(options.map((o) => o.value)));
  const formError = !tried
    ? null
    : itemMissing
      ? t('reference.adt.searches.fieldItemRequired')
      : fieldsProblem
        ? t(fieldsProblem.key, fieldsProblem.values)
        : labelMissing
          ? t('reference.adt.searches.fieldNameRequired')
          : null;
  const setField = (i: number, patch: Partial<FieldDraft>) =>
    setDraft((d) => ({ ...d, fields: d.fields.map((f, j) => (j === i ? { ...f, ...patch } : f)) }));

  return (
    <ReferenceFormModal
      title={
        search
          ? t('reference.adt.searches.editTitle', { name: search.name })
          : t('reference.adt.searches.addTitle')
      }
      opened
      size="lg"
      busy={save.isPending}
      error={formError ?? save.error?.message ?? null}
      onClose={onClose}
      onSubmit={() => {
        setTried(true);
        if (!nameError && !identifierError && !itemMissing && !fieldsProblem && !labelMissing)
          save.mutate(draft);
      }}
    >
      <Group grow align="flex-start">
        <TextInput
          label={t('reference.adt.searches.name')}
          value={draft.name}
          required
          maxLength={L.searchNameMax}
          error={tried ? nameError : null}
          onChange={(e) => setDraft({ ...draft, name: e.currentTarget.value })}
          data-autofocus
        />
        <TextInput
          label={t('reference.adt.searches.identifier')}
          description={t('reference.adt.searches.identifierHint')}
          value={draft.identifier}
          required
          maxLength={L.searchIdentifierMax}
          error={tried || draft.identifier ? identifierError : null}
          onChange={(e) => setDraft({ ...draft, identifier: e.currentTarget.value })}
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
                  onClick={() => setDraft({ ...draft, fields: draft.fields.filter((_, j) => j !== i) })}
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
              onClick={() => setDraft({ ...draft, fields: [...draft.fields, { name: '', key: '' }] })}
            >
              {t('reference.adt.searches.addField')}
            </Button>
          </Group>
        </Stack>
      </Fieldset>
    </ReferenceFormModal>
  );
}
