import { Alert, Loader } from '@mantine/core';
import type { AdtSearchRow } from '@quill/core/contract/adt/adtSetup';
import { adtKey } from '@quill/core/rules/adt/adtValues';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useDeleteRow } from '../common/useDeleteRow';
import type { SectionProps } from '../referenceApi';
import { AdtList } from './AdtList';
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
  const remove = useDeleteRow(
    key,
    (s: AdtSearchRow) => deleteSearch(cfId, s.id),
    (s) => t('reference.adt.searches.deleted', { name: s.name }),
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
    <AdtList
      kind="searches"
      facility={facility}
      canEdit={canEdit}
      rows={list}
      columns={[
        { header: t('reference.adt.searches.name'), cell: (s) => s.name },
        { header: t('reference.adt.searches.identifier'), cell: (s) => s.identifier },
        {
          header: t('reference.adt.searches.fields'),
          cell: (s) => s.fields.map((f) => `${f.name} (${adtKey(f.hl7Identifier)})`).join(', '),
        },
      ]}
      rowActions={{
        editLabel: (s) => t('reference.adt.searches.editLabel', { name: s.name }),
        deleteLabel: (s) => t('reference.adt.searches.deleteLabel', { name: s.name }),
        remove,
        deleteTitle: (s) => t('reference.adt.searches.deleteTitle', { name: s?.name ?? '' }),
        deleteQuestion: (s) => t('reference.adt.searches.deleteConfirm', { name: s?.name ?? '' }),
      }}
      form={(search, onClose) => (
        <AdtSearchForm
          cfId={cfId}
          search={search}
          searches={list}
          items={items.data?.items ?? []}
          onClose={onClose}
        />
      )}
    />
  );
}
