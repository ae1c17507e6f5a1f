import { Alert, Badge, Button, Group, Loader, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import type { DirectoryRow, PhysicianDirectoryPage } from '@quill/core/contract/physicianDirectory';
import { PHYSICIAN_DIRECTORY_LIMITS } from '@quill/core/rules/recipients/physicianDirectory';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../../app/toasts';
import { usePaging } from '../../job-list/view/usePaging';
import type { SectionProps } from '../referenceApi';
import { MergePhysicianModal } from './MergePhysicianModal';
import { PhysicianFormModal, type PhysicianFormTarget } from './PhysicianFormModal';
import {
  type DirectoryFilters,
  directoryKey,
  directoryLabel,
  NO_DIRECTORY_FILTERS,
  searchDirectory,
  setPhysicianDisabled,
} from './physiciansApi';

/**
 * The Physicians tab of the Reference data page (issue 26): the facility's physician directory
 * (its own physicians and those of every facility of its structure), searched by name, access
 * code and status, a page at a time; with dictatorAdd each physician can be edited, disabled or
 * enabled, and a duplicate merged into it, and physicians added. Read-only otherwise.
 */
export function PhysiciansSection({ facility, canEdit }: SectionProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<DirectoryFilters>(NO_DIRECTORY_FILTERS);
  const [filters, setFilters] = useState<DirectoryFilters>(NO_DIRECTORY_FILTERS);
  const paging = usePaging(PHYSICIAN_DIRECTORY_LIMITS.pageSizes[0]);
  const { page, pageSize } = paging;
  const [form, setForm] = useState<PhysicianFormTarget | null>(null);
  const [merging, setMerging] = useState<DirectoryRow | null>(null);
  const result = useQuery<PhysicianDirectoryPage>({
    queryKey: [...directoryKey(facility.id), 'search', filters, page, pageSize],
    queryFn: ({ signal }) => searchDirectory(facility.id, filters, page + 1, pageSize, signal),
    placeholderData: keepPreviousData,
    retry: false,
  });
  const toggle = useMutation({
    mutationFn: (r: DirectoryRow) => setPhysicianDisabled(facility.id, r.id, !r.disabled),
    onSuccess: async (p) => {
      const name = directoryLabel(p);
      showToast(
        p.disabled
          ? t('reference.physicians.disabledDone', { name })
          : t('reference.physicians.enabledDone', { name }),
        { kind: 'success' },
      );
      await queryClient.invalidateQueries({ queryKey: directoryKey(facility.id) });
    },
    onError: (err) => showToast(err.message, { kind: 'error' }),
  });

  return (
    <Stack gap="sm">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          setFilters(draft);
          paging.firstPage();
        }}
      >
        <Group align="flex-end">
          <TextInput
            label={t('reference.physicians.searchLabel')}
            value={draft.q}
            maxLength={PHYSICIAN_DIRECTORY_LIMITS.searchTextMax}
            onChange={(e) => setDraft({ ...draft, q: e.currentTarget.value })}
          />
          <TextInput
            label={t('reference.physicians.accessCodeLabel')}
            value={draft.accessCode}
            maxLength={PHYSICIAN_DIRECTORY_LIMITS.searchTextMax}
            onChange={(e) => setDraft({ ...draft, accessCode: e.currentTarget.value })}
          />
          <Select
            label={t('reference.physicians.status')}
            placeholder={t('reference.physicians.anyStatus')}
            data={[
              { value: 'false', label: t('reference.physicians.enabled') },
              { value: 'true', label: t('reference.physicians.disabled') },
            ]}
            value={draft.disabled || null}
            onChange={(v) => setDraft({ ...draft, disabled: (v ?? '') as DirectoryFilters['disabled'] })}
            clearable
          />
          <Button type="submit">{t('reference.physicians.search')}</Button>
          {canEdit && (
            <Button variant="light" onClick={() => setForm({ mode: 'add' })}>
              {t('reference.physicians.add')}
            </Button>
          )}
        </Group>
      </form>
      <section aria-label={t('reference.physicians.results')} aria-busy={result.isFetching}>
        {result.isPending && <Loader size="sm" aria-label={t('reference.physicians.loading')} />}
        {result.isError && (
          <Alert color="red" role="alert">
            {result.error.message}
          </Alert>
        )}
        {result.data &&
          (result.data.total === 0 ? (
            <Text size="sm">{t('reference.physicians.none')}</Text>
          ) : (
            <Table striped highlightOnHover aria-label={t('reference.physicians.results')}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('reference.physicians.columns.name')}</Table.Th>
                  <Table.Th>{t('reference.physicians.columns.credentials')}</Table.Th>
                  <Table.Th>{t('reference.physicians.columns.specialty')}</Table.Th>
                  <Table.Th>{t('reference.physicians.columns.accessCode')}</Table.Th>
                  <Table.Th>{t('reference.physicians.columns.fax')}</Table.Th>
                  <Table.Th>{t('reference.physicians.columns.distribution')}</Table.Th>
                  <Table.Th>{t('reference.physicians.columns.dictator')}</Table.Th>
                  <Table.Th>{t('reference.physicians.columns.status')}</Table.Th>
                  {canEdit && <Table.Th>{t('reference.physicians.columns.actions')}</Table.Th>}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {result.data.rows.map((r) => (
                  <PhysicianRow
                    key={r.id}
                    row={r}
                    canEdit={canEdit}
                    busy={toggle.isPending && toggle.variables?.id === r.id}
                    onEdit={() => setForm({ mode: 'edit', id: r.id, name: directoryLabel(r) })}
                    onToggle={() => toggle.mutate(r)}
                    onMerge={() => setMerging(r)}
                  />
                ))}
              </Table.Tbody>
            </Table>
          ))}
        {paging.pager(result.data?.total)}
      </section>
      {canEdit && (
        <>
          <PhysicianFormModal facility={facility} target={form} onClose={() => setForm(null)} />
          <MergePhysicianModal facility={facility} kept={merging} onClose={() => setMerging(null)} />
        </>
      )}
    </Stack>
  );
}

/** One physician of the table: its details, its status in words, and what the manager may do. */
function PhysicianRow({
  row: r,
  canEdit,
  busy,
  onEdit,
  onToggle,
  onMerge,
}: {
  row: DirectoryRow;
  canEdit: boolean;
  busy: boolean;
  onEdit: () => void;
  onToggle: () => void;
  onMerge: () => void;
}) {
  const { t } = useTranslation();
  const name = directoryLabel(r);
  return (
    <Table.Tr>
      <Table.Td>
        {name}
        {r.allFacilities && (
          <Badge ml="xs" size="sm" variant="outline" color="gray.7">
            {t('reference.physicians.allFacilities')}
          </Badge>
        )}
      </Table.Td>
      <Table.Td>{r.credentials ?? ''}</Table.Td>
      <Table.Td>{r.specialty ?? ''}</Table.Td>
      <Table.Td>{r.accessCode ?? ''}</Table.Td>
      <Table.Td>{r.fax ?? ''}</Table.Td>
      <Table.Td>{t(`reference.physicians.methods.${r.distributionMethod}`)}</Table.Td>
      <Table.Td>{r.isDictator ? t('reference.physicians.yes') : t('reference.physicians.no')}</Table.Td>
      <Table.Td>
        {r.mergedInto ? (
          t('reference.physicians.mergedInto', { name: r.mergedInto.name })
        ) : r.disabled ? (
          <Badge color="gray.7">{t('reference.physicians.disabled')}</Badge>
        ) : (
          t('reference.physicians.enabled')
        )}
      </Table.Td>
      {canEdit && (
        <Table.Td>
          <Group gap={4} wrap="nowrap">
            <Button
              size="xs"
              variant="default"
              aria-label={t('reference.physicians.editNamed', { name })}
              onClick={onEdit}
            >
              {t('reference.edit')}
            </Button>
            {!r.mergedInto && (
              <Button
                size="xs"
                variant="default"
                loading={busy}
                aria-label={t(
                  r.disabled ? 'reference.physicians.enableNamed' : 'reference.physicians.disableNamed',
                  {
                    name,
                  },
                )}
                onClick={onToggle}
              >
                {r.disabled ? t('reference.physicians.enable') : t('reference.physicians.disable')}
              </Button>
            )}
            {!r.disabled && (
              <Button
                size="xs"
                variant="default"
                aria-label={t('reference.physicians.mergeNamed', { name })}
                onClick={onMerge}
              >
                {t('reference.physicians.merge')}
              </Button>
            )}
          </Group>
        </Table.Td>
      )}
    </Table.Tr>
  );
}
