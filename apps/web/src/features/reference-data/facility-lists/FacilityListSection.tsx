import { Group } from '@mantine/core';
import type { ReferenceFacility } from '@quill/core/contract/referenceData';
import { useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { type ComponentType, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDeleteModal, ReferenceModal, RowActions } from '../common/ReferenceDialogs';
import { type ReferenceColumn, ReferenceTable } from '../common/ReferenceTable';
import { useDeleteRow } from '../common/useDeleteRow';
import { useReferenceChange } from '../common/useReferenceChange';
import type { SectionProps } from '../referenceApi';
import { type FacilityList, listKey } from './facilityListsApi';
import { ListFrame } from './ListFrame';

/** What a list's Add / Edit form is given. */
export interface ListFormProps<Row, Body> {
  /** The row edited; null to add one. */
  row: Row | null;
  /** Every row of the list (what another row holds is taken). */
  others: readonly Row[];
  facility: ReferenceFacility;
  busy: boolean;
  /** The API's refusal. */
  error: string | null;
  onSubmit: (body: Body) => void;
  onClose: () => void;
}

/** A row's values in its list's messages. */
type ListValues = Partial<Record<'name' | 'code' | 'number', string>>;

/**
 * One of a list's messages about a row. Each list's message takes its own placeholders (a
 * department's name, a location's code…), which the row's values hold; the catalogue's type asks
 * every list's at once, hence the cast.
 */
const rowText = (
  t: TFunction,
  list: FacilityList,
  message: 'added' | 'saved' | 'deleted' | 'editTitle' | 'deleteConfirm',
  values: ListValues,
): string => t(`reference.lists.${list}.${message}`, values as Required<ListValues>);

/**
 * One of a facility's lists (issue 26): its calls, its table and its form. The list's words are
 * the catalogue's `reference.lists.<list>.*` (none, note, add, tableLabel, addTitle, editTitle,
 * deleteTitle, deleteConfirm, added, saved, deleted), given `values` of the row concerned.
 */
export interface FacilityListKind<Row extends { id: number }, Body, List extends FacilityList> {
  list: List;
  /** The list, under its name. */
  load: (cfId: number, signal?: AbortSignal) => Promise<Record<List, readonly Row[]>>;
  add: (cfId: number, body: Body) => Promise<Row>;
  save: (cfId: number, id: number, body: Body) => Promise<Row>;
  remove: (cfId: number, id: number) => Promise<unknown>;
  /** A row's values in the list's messages. */
  values: (row: Row) => ListValues;
  /** How a row's Edit and Delete buttons name it for a screen reader. */
  nameOf: (row: Row) => string;
  columns: (t: TFunction) => readonly ReferenceColumn<Row>[];
  rowProps?: (row: Row) => Record<`data-${string}`, string | number>;
  /** What the delete question adds about the row, if anything. */
  deleteNote?: (t: TFunction, row: Row, facility: ReferenceFacility) => string | undefined;
  Form: ComponentType<ListFormProps<Row, Body>>;
}

/** A flag in a list's words. */
export const yesNo = (t: TFunction, yes: boolean) =>
  yes ? t('reference.lists.yes') : t('reference.lists.no');

/**
 * Reference data ▸ one of a facility's lists: what a change affects, the table and, with
 * dictatorAdd, Add, each row's Edit and Delete (a row jobs use cannot be deleted: the server says
 * so in the dialog), each in its dialog; a change is said in a toast and the list reloads.
 */
export function FacilityListSection<Row extends { id: number }, Body, List extends FacilityList>({
  kind,
  facility,
  canEdit,
  rowTools,
}: SectionProps & {
  kind: FacilityListKind<Row, Body, List>;
  /** A row's further buttons, before Edit and Delete. */
  rowTools?: (row: Row) => ReactNode;
}) {
  const { t } = useTranslation();
  const cfId = facility.id;
  const k = `reference.lists.${kind.list as FacilityList}` as const;
  const key = listKey(cfId, kind.list);
  const list = useQuery({ queryKey: key, queryFn: ({ signal }) => kind.load(cfId, signal) });
  const [editing, setEditing] = useState<{ row: Row | null } | null>(null);
  const save = useReferenceChange(
    key,
    ({ id, body }: { id: number | null; body: Body }) =>
      id === null ? kind.add(cfId, body) : kind.save(cfId, id, body),
    (row, { id }) => rowText(t, kind.list, id === null ? 'added' : 'saved', kind.values(row)),
    { onDone: () => setEditing(null) },
  );
  const remove = useDeleteRow(
    key,
    (row: Row) => kind.remove(cfId, row.id),
    (row) => rowText(t, kind.list, 'deleted', kind.values(row)),
  );
  const { deleting } = remove;
  const rows = list.data?.[kind.list] ?? [];
  const edit = (row: Row | null) => {
    save.reset();
    setEditing({ row });
  };
  const actions = (row: Row) => {
    const name = kind.nameOf(row);
    const buttons = (
      <RowActions
        editLabel={t('reference.editLabel', { name })}
        deleteLabel={t('reference.deleteLabel', { name })}
        onEdit={() => edit(row)}
        onDelete={() => remove.ask(row)}
      />
    );
    return rowTools ? (
      <Group gap={4} wrap="nowrap">
        {rowTools(row)}
        {buttons}
      </Group>
    ) : (
      buttons
    );
  };
  const { Form } = kind;

  return (
    <>
      <ListFrame
        loading={list.isPending}
        error={list.error}
        empty={rows.length === 0}
        emptyText={t(`${k}.none`)}
        note={t(`${k}.note`, { structure: facility.corporateStructure })}
        addLabel={t(`${k}.add`)}
        onAdd={canEdit ? () => edit(null) : undefined}
      >
        <ReferenceTable
          label={t(`${k}.tableLabel`, { facility: facility.name })}
          columns={kind.columns(t)}
          rows={rows}
          actionsHeader={t('reference.lists.actions')}
          actions={canEdit ? actions : undefined}
          rowProps={kind.rowProps}
        />
      </ListFrame>
      <ReferenceModal
        opened={editing !== null}
        title={
          editing?.row ? rowText(t, kind.list, 'editTitle', kind.values(editing.row)) : t(`${k}.addTitle`)
        }
        onClose={() => setEditing(null)}
      >
        {editing && (
          <Form
            row={editing.row}
            others={rows}
            facility={facility}
            busy={save.isPending}
            error={save.error?.message ?? null}
            onSubmit={(body) => save.mutate({ id: editing.row?.id ?? null, body })}
            onClose={() => setEditing(null)}
          />
        )}
      </ReferenceModal>
      <ConfirmDeleteModal
        {...remove.dialog}
        title={t(`${k}.deleteTitle`)}
        question={deleting ? rowText(t, kind.list, 'deleteConfirm', kind.values(deleting)) : ''}
        note={deleting ? kind.deleteNote?.(t, deleting, facility) : undefined}
      />
    </>
  );
}
