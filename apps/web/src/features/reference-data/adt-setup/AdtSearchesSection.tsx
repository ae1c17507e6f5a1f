import { Alert, Button, Group, Loader, Stack, Table, Text } from '@mantine/core';
import type { AdtSearchRow } from '@quill/core/contract/adtSetup';
import { adtKey } from '@quill/core/rules/adtValues';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDeleteModal, RowActions } from '../common/ReferenceDialogs';
import { useReferenceChange } from '../common/useReferenceChange';
import type { SectionProps } from '../referenceApi';
import { AdtSearchForm } from './AdtSearchForm';
import { adtSetupKeys, deleteSearch, loadItems, loadSearches } from './adtSetupApi';

/**
 * Reference data ▸ ADT searches (issue 26): the searches the Search & Accept ADT dialog of a job
 * of the facility offers, with their fields. With dictatorAdd: Add, Edit and Delete. The next
 * search of a job uses the change.
 */
export function AdtSearchesSection({ facility, canEdit }: SectionProps) {
  const { t } = useTranslation();
  const cfId = facility.id;
  const key = adtSetupKeys.searches(cfId);
  const searches = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => loadSearches(cfId, signal),
    retry: false,
  });
  // The facility's ADT items, for the fields a search may have (only the forms need them).
  const items = useQuery({
    queryKey: adtSetupKeys.items(cfId),
    queryFn: ({ signal }) => loadItems(cfId, signal),
    enabled: canEdit,
    retry: false,
  });
  const [editing, setEditing] = useState<{ search: AdtSearchRow | null } | null>(null);
  const [deleting, setDeleting] = useState<AdtSearchRow | null>(null);
  const remove = useReferenceChange(
    key,
    (s: AdtSearchRow) => deleteSearch(cfId, s.id),
    (_, s) => t('reference.adt.searches.deleted', { name: s.name }),
    { onDone: () => setDeleting(null) },
  );

  if (searches.isPending) return <Loader size="sm" aria-label={t('reference.adt.loading')} />;
  if (searches.isError)
    return (
      <Alert color="red" role="alert">
        {t('reference.adt.loadFailed', { reason: searches.error.message })}
      </Alert>
    );
  const list = searches.data.searches;
  return (
    <Stack gap="sm">
      <Text size="sm">{t('reference.adt.searches.lead')}</Text>
      <Text size="sm" c="dimmed">
        {t('reference.adt.nextLoad')}
      </Text>
      {canEdit && (
        <Group>
          <Button onClick={() => setEditing({ search: null })}>{t('reference.adt.searches.add')}</Button>
        </Group>
      )}
      {list.length === 0 ? (
        <Text>{t('reference.adt.searches.none')}</Text>
      ) : (
        <Table striped aria-label={t('reference.adt.searches.tableLabel', { facility: facility.name })}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('reference.adt.searches.name')}</Table.Th>
              <Table.Th>{t('reference.adt.searches.identifier')}</Table.Th>
              <Table.Th>{t('reference.adt.searches.fields')}</Table.Th>
              {canEdit && <Table.Th>{t('reference.adt.actions')}</Table.Th>}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {list.map((s) => (
              <Table.Tr key={s.id}>
                <Table.Td>{s.name}</Table.Td>
                <Table.Td>{s.identifier}</Table.Td>
                <Table.Td>
                  {s.fields.map((f) => `${f.name} (${adtKey(f.hl7Identifier)})`).join(', ')}
                </Table.Td>
                {canEdit && (
                  <Table.Td>
                    <RowActions
                      editLabel={t('reference.adt.searches.editLabel', { name: s.name })}
                      deleteLabel={t('reference.adt.searches.deleteLabel', { name: s.name })}
                      onEdit={() => setEditing({ search: s })}
                      onDelete={() => {
                        remove.reset();
                        setDeleting(s);
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
        <AdtSearchForm
          cfId={cfId}
          search={editing.search}
          searches={list}
          items={items.data?.items ?? []}
          onClose={() => setEditing(null)}
        />
      )}
      <ConfirmDeleteModal
        opened={deleting !== null}
        title={t('reference.adt.searches.deleteTitle', { name: deleting?.name ?? '' })}
        question={t('reference.adt.searches.deleteConfirm', { name: deleting?.name ?? '' })}
        busy={remove.isPending}
        error={remove.error?.message ?? null}
        onConfirm={() => deleting && remove.mutate(deleting)}
        onClose={() => setDeleting(null)}
      />
    </Stack>
  );
}
