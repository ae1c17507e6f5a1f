import { Alert, Button, Group, Loader, Stack, Table, Text } from '@mantine/core';
import type { AdtItemRow } from '@quill/core/contract/adtSetup';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDeleteModal, RowActions } from '../common/ReferenceDialogs';
import { useReferenceChange } from '../common/useReferenceChange';
import type { SectionProps } from '../referenceApi';
import { AdtItemForm } from './AdtItemForm';
import { adtSetupKeys, deleteItem, loadItems } from './adtSetupApi';
import { dataTypeLabel, itemSettings, segmentTypeLabel } from './itemLabels';

/**
 * Reference data ▸ ADT data (issue 26): the items a job of the facility shows — the corporate
 * structure's, shared by every facility of it, and the facility's own — with their address, type,
 * order and settings. With dictatorAdd: Add (an item of the facility), Edit (any; a shared one
 * changes for the whole structure, and the form says so) and Delete (the facility's own only).
 */
export function AdtDefinitionsSection({ facility, canEdit }: SectionProps) {
  const { t } = useTranslation();
  const cfId = facility.id;
  const key = adtSetupKeys.items(cfId);
  const items = useQuery({ queryKey: key, queryFn: ({ signal }) => loadItems(cfId, signal), retry: false });
  const [editing, setEditing] = useState<{ item: AdtItemRow | null } | null>(null);
  const [deleting, setDeleting] = useState<AdtItemRow | null>(null);
  const remove = useReferenceChange(
    key,
    (item: AdtItemRow) => deleteItem(cfId, item.id),
    (_, item) => t('reference.adt.items.deleted', { name: item.displayName }),
    { onDone: () => setDeleting(null) },
  );

  if (items.isPending) return <Loader size="sm" aria-label={t('reference.adt.loading')} />;
  if (items.isError)
    return (
      <Alert color="red" role="alert">
        {t('reference.adt.loadFailed', { reason: items.error.message })}
      </Alert>
    );
  const { structure, items: list } = items.data;
  const replacesShared = (item: AdtItemRow) =>
    !item.shared && list.some((i) => i.shared && i.key === item.key && i.isPhysician === item.isPhysician);
  const owner = (item: AdtItemRow) =>
    item.shared
      ? item.replaced
        ? `${t('reference.adt.items.ownerStructure')}; ${t('reference.adt.items.replaced')}`
        : t('reference.adt.items.ownerStructure')
      : t('reference.adt.items.ownerFacility');

  return (
    <Stack gap="sm">
      <Text size="sm">{t('reference.adt.items.lead')}</Text>
      <Text size="sm" c="dimmed">
        {t('reference.adt.items.sharedNote', { structure })} {t('reference.adt.nextLoad')}
      </Text>
      {canEdit && (
        <Group>
          <Button onClick={() => setEditing({ item: null })}>{t('reference.adt.items.add')}</Button>
        </Group>
      )}
      {list.length === 0 ? (
        <Text>{t('reference.adt.items.none')}</Text>
      ) : (
        <Table striped aria-label={t('reference.adt.items.tableLabel', { facility: facility.name })}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('reference.adt.items.displayName')}</Table.Th>
              <Table.Th>{t('reference.adt.items.heading')}</Table.Th>
              <Table.Th>{t('reference.adt.items.address')}</Table.Th>
              <Table.Th>{t('reference.adt.items.segmentType')}</Table.Th>
              <Table.Th>{t('reference.adt.items.dataType')}</Table.Th>
              <Table.Th>{t('reference.adt.items.ordinal')}</Table.Th>
              <Table.Th>{t('reference.adt.items.flags')}</Table.Th>
              <Table.Th>{t('reference.adt.items.owner')}</Table.Th>
              {canEdit && <Table.Th>{t('reference.adt.actions')}</Table.Th>}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {list.map((item) => (
              <Table.Tr key={item.id}>
                <Table.Td>{item.displayName}</Table.Td>
                <Table.Td>{item.columnHeading}</Table.Td>
                <Table.Td>{item.key}</Table.Td>
                <Table.Td>{segmentTypeLabel(t, item.segmentType)}</Table.Td>
                <Table.Td>
                  {item.isPhysician ? t('reference.adt.items.physician') : dataTypeLabel(t, item.dataType)}
                </Table.Td>
                <Table.Td>{item.ordinal}</Table.Td>
                <Table.Td>{itemSettings(t, item)}</Table.Td>
                <Table.Td>{owner(item)}</Table.Td>
                {canEdit && (
                  <Table.Td>
                    <RowActions
                      editLabel={t('reference.editLabel', { name: item.displayName })}
                      deleteLabel={t('reference.deleteLabel', { name: item.displayName })}
                      onEdit={() => setEditing({ item })}
                      onDelete={
                        item.shared
                          ? undefined
                          : () => {
                              remove.reset();
                              setDeleting(item);
                            }
                      }
                    />
                  </Table.Td>
                )}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {editing && (
        <AdtItemForm
          cfId={cfId}
          structure={structure}
          item={editing.item}
          items={list}
          onClose={() => setEditing(null)}
        />
      )}
      <ConfirmDeleteModal
        opened={deleting !== null}
        title={t('reference.adt.items.deleteTitle', { name: deleting?.displayName ?? '' })}
        question={
          deleting && replacesShared(deleting)
            ? t('reference.adt.items.deleteReplacing', { name: deleting.displayName, key: deleting.key })
            : t('reference.adt.items.deleteConfirm', {
                name: deleting?.displayName ?? '',
                key: deleting?.key ?? '',
              })
        }
        busy={remove.isPending}
        error={remove.error?.message ?? null}
        onConfirm={() => deleting && remove.mutate(deleting)}
        onClose={() => setDeleting(null)}
      />
    </Stack>
  );
}
