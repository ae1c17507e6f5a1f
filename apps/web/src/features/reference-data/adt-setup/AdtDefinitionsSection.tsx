import { Alert, Loader } from '@mantine/core';
import type { AdtItemRow } from '@quill/core/contract/adt/adtSetup';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useDeleteRow } from '../common/useDeleteRow';
import type { SectionProps } from '../referenceApi';
import { AdtItemForm } from './AdtItemForm';
import { AdtList } from './AdtList';
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
  const remove = useDeleteRow(
    key,
    (item: AdtItemRow) => deleteItem(cfId, item.id),
    (item) => t('reference.adt.items.deleted', { name: item.displayName }),
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
    <AdtList
      kind="items"
      facility={facility}
      note={
        <>
          {t('reference.adt.items.sharedNote', { structure })} {t('reference.adt.nextLoad')}
        </>
      }
      canEdit={canEdit}
      rows={list}
      columns={[
        { header: t('reference.adt.items.displayName'), cell: (item) => item.displayName },
        { header: t('reference.adt.items.heading'), cell: (item) => item.columnHeading },
        { header: t('reference.adt.items.address'), cell: (item) => item.key },
        {
          header: t('reference.adt.items.segmentType'),
          cell: (item) => segmentTypeLabel(t, item.segmentType),
        },
        {
          header: t('reference.adt.items.dataType'),
          cell: (item) =>
            item.isPhysician ? t('reference.adt.items.physician') : dataTypeLabel(t, item.dataType),
        },
        { header: t('reference.adt.items.ordinal'), cell: (item) => item.ordinal },
        { header: t('reference.adt.items.flags'), cell: (item) => itemSettings(t, item) },
        { header: t('reference.adt.items.owner'), cell: owner },
      ]}
      rowActions={{
        editLabel: (item) => t('reference.editLabel', { name: item.displayName }),
        deleteLabel: (item) => t('reference.deleteLabel', { name: item.displayName }),
        canDelete: (item) => !item.shared,
        remove,
        deleteTitle: (item) => t('reference.adt.items.deleteTitle', { name: item?.displayName ?? '' }),
        deleteQuestion: (item) =>
          item && replacesShared(item)
            ? t('reference.adt.items.deleteReplacing', { name: item.displayName, key: item.key })
            : t('reference.adt.items.deleteConfirm', { name: item?.displayName ?? '', key: item?.key ?? '' }),
      }}
      form={(item, onClose) => (
        <AdtItemForm cfId={cfId} structure={structure} item={item} items={list} onClose={onClose} />
      )}
    />
  );
}
