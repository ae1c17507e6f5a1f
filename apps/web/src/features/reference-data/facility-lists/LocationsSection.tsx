import { Checkbox, Table, TextInput } from '@mantine/core';
import type { FacilityLocation, SaveLocationRequest } from '@quill/core/contract/facilityLists';
import { FACILITY_LIST_LIMITS, listTextTaken, locationProblems } from '@quill/core/rules/facilityLists';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ruleText } from '../../job-editor/recipients/ruleText';
import { ConfirmDeleteModal, ReferenceForm, ReferenceModal, RowActions } from '../common/ReferenceDialogs';
import { useReferenceChange } from '../common/useReferenceChange';
import type { SectionProps } from '../referenceApi';
import { addLocation, deleteLocation, listKey, loadLocations, saveLocation } from './facilityListsApi';
import { ListFrame } from './ListFrame';

/** Add (no location) or edit one: code (unique in the facility ignoring case), name and the automatic flag. */
function LocationForm({
  location,
  others,
  busy,
  error,
  onSubmit,
  onClose,
}: {
  location: FacilityLocation | null;
  others: readonly FacilityLocation[];
  busy: boolean;
  error: string | null;
  onSubmit: (request: SaveLocationRequest) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<SaveLocationRequest>(
    location
      ? { code: location.code, name: location.name, auto: location.auto }
      : { code: '', name: '', auto: false },
  );
  const [tried, setTried] = useState(false);
  const problems = locationProblems(draft);
  const taken = listTextTaken(draft.code, others, (l) => l.code, location?.id);
  const errorOf = (field: 'code' | 'name') => {
    const p = problems.find((x) => x.field === field);
    if (p) return ruleText(t, p.message);
    if (field === 'code' && taken) return t('reference.lists.locations.codeTaken', { code: taken.code });
    return undefined;
  };
  const valid = !errorOf('code') && !errorOf('name');
  const set = (next: Partial<SaveLocationRequest>) => setDraft((d) => ({ ...d, ...next }));
  return (
    <ReferenceForm
      onClose={onClose}
      onSubmit={() => {
        setTried(true);
        if (valid) onSubmit(draft);
      }}
      busy={busy}
      error={error}
    >
      <TextInput
        label={t('reference.lists.locations.code')}
        required
        data-autofocus
        value={draft.code}
        maxLength={FACILITY_LIST_LIMITS.locationCodeMax}
        onChange={(e) => set({ code: e.currentTarget.value })}
        error={tried ? errorOf('code') : undefined}
      />
      <TextInput
        label={t('reference.lists.name')}
        required
        value={draft.name}
        maxLength={FACILITY_LIST_LIMITS.nameMax}
        onChange={(e) => set({ name: e.currentTarget.value })}
        error={tried ? errorOf('name') : undefined}
      />
      <Checkbox
        label={t('reference.lists.locations.auto')}
        description={t('reference.lists.locations.autoDescription')}
        checked={draft.auto}
        onChange={(e) => set({ auto: e.currentTarget.checked })}
      />
    </ReferenceForm>
  );
}

type Editing = { location: FacilityLocation | null } | null;

/**
 * Reference data ▸ Locations (issue 26): the facility's locations by code; with dictatorAdd, Add,
 * Edit and Delete (a location jobs use cannot be deleted).
 */
export function LocationsSection({ facility, canEdit }: SectionProps) {
  const { t } = useTranslation();
  const cfId = facility.id;
  const list = useQuery({
    queryKey: listKey(cfId, 'locations'),
    queryFn: ({ signal }) => loadLocations(cfId, signal),
  });
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<FacilityLocation | null>(null);
  const save = useReferenceChange(
    listKey(cfId, 'locations'),
    ({ id, body }: { id: number | null; body: SaveLocationRequest }) =>
      id === null ? addLocation(cfId, body) : saveLocation(cfId, id, body),
    (l, { id }) =>
      t(id === null ? 'reference.lists.locations.added' : 'reference.lists.locations.saved', {
        code: l.code,
      }),
    { onDone: () => setEditing(null) },
  );
  const remove = useReferenceChange(
    listKey(cfId, 'locations'),
    (l: FacilityLocation) => deleteLocation(cfId, l.id),
    (_, l) => t('reference.lists.locations.deleted', { code: l.code }),
    { onDone: () => setDeleting(null) },
  );
  const rows = list.data?.locations ?? [];

  return (
    <>
      <ListFrame
        loading={list.isPending}
        error={list.error}
        empty={rows.length === 0}
        emptyText={t('reference.lists.locations.none')}
        note={t('reference.lists.locations.note')}
        addLabel={t('reference.lists.locations.add')}
        onAdd={
          canEdit
            ? () => {
                save.reset();
                setEditing({ location: null });
              }
            : undefined
        }
      >
        <Table striped aria-label={t('reference.lists.locations.tableLabel', { facility: facility.name })}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('reference.lists.locations.code')}</Table.Th>
              <Table.Th>{t('reference.lists.name')}</Table.Th>
              <Table.Th>{t('reference.lists.locations.auto')}</Table.Th>
              {canEdit && <Table.Th>{t('reference.lists.actions')}</Table.Th>}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((l) => (
              <Table.Tr key={l.id}>
                <Table.Td>{l.code}</Table.Td>
                <Table.Td>{l.name}</Table.Td>
                <Table.Td>{l.auto ? t('reference.lists.yes') : t('reference.lists.no')}</Table.Td>
                {canEdit && (
                  <Table.Td>
                    <RowActions
                      editLabel={t('reference.editLabel', { name: `${l.code} ${l.name}` })}
                      deleteLabel={t('reference.deleteLabel', { name: `${l.code} ${l.name}` })}
                      onEdit={() => {
                        save.reset();
                        setEditing({ location: l });
                      }}
                      onDelete={() => {
                        remove.reset();
                        setDeleting(l);
                      }}
                    />
                  </Table.Td>
                )}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ListFrame>
      <ReferenceModal
        opened={editing !== null}
        title={
          editing?.location
            ? t('reference.lists.locations.editTitle', { code: editing.location.code })
            : t('reference.lists.locations.addTitle')
        }
        onClose={() => setEditing(null)}
      >
        {editing && (
          <LocationForm
            location={editing.location}
            others={rows}
            busy={save.isPending}
            error={save.error?.message ?? null}
            onSubmit={(body) => save.mutate({ id: editing.location?.id ?? null, body })}
            onClose={() => setEditing(null)}
          />
        )}
      </ReferenceModal>
      <ConfirmDeleteModal
        opened={deleting !== null}
        title={t('reference.lists.locations.deleteTitle')}
        question={
          deleting
            ? t('reference.lists.locations.deleteConfirm', { code: deleting.code, name: deleting.name })
            : ''
        }
        onClose={() => setDeleting(null)}
        onConfirm={() => deleting && remove.mutate(deleting)}
        busy={remove.isPending}
        error={remove.error?.message ?? null}
      />
    </>
  );
}
