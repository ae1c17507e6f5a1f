import { Button, Group, Stack, Text } from '@mantine/core';
import type { ReferenceFacility } from '@quill/core/contract/referenceData';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDeleteModal, RowActions } from '../common/ReferenceDialogs';
import { type ReferenceColumn, ReferenceTable } from '../common/ReferenceTable';
import type { useDeleteRow } from '../common/useDeleteRow';

/** A row's Edit and Delete in an ADT setup list, and the dialog asking before a delete. */
export interface AdtRowActions<Row> {
  /** How the buttons name the row for a screen reader. */
  editLabel: (row: Row) => string;
  deleteLabel: (row: Row) => string;
  /** Without it every row may be deleted. */
  canDelete?: (row: Row) => boolean;
  remove: ReturnType<typeof useDeleteRow<Row>>;
  /** The delete dialog's title and question about the row asked about (null while it closes). */
  deleteTitle: (row: Row | null) => string;
  deleteQuestion: (row: Row | null) => string;
}

/**
 * An ADT setup section once its list is loaded: what it is, when a change applies, the Add button
 * (with dictatorAdd), then the table (or why none); Add and a row's Edit open `form` (the form's
 * own dialog), a row's Delete asks first. Its words are the catalogue's `reference.adt.<kind>.*`
 * (lead, add, none, tableLabel).
 */
export function AdtList<Row extends { id: number }>({
  kind,
  facility,
  note,
  canEdit,
  rows,
  columns,
  rowActions: a,
  form,
}: {
  kind: 'rules' | 'items' | 'searches';
  facility: ReferenceFacility;
  /** When a change applies; by default, from the next load of a job. */
  note?: ReactNode;
  /** Without it, no Add button and no Actions column. */
  canEdit: boolean;
  rows: readonly Row[];
  columns: readonly ReferenceColumn<Row>[];
  rowActions: AdtRowActions<Row>;
  /** The Add (null) or Edit form of a row, in its dialog. */
  form: (row: Row | null, onClose: () => void) => ReactNode;
}) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<{ row: Row | null } | null>(null);
  const k = `reference.adt.${kind}` as const;
  return (
    <Stack gap="sm">
      <Text size="sm">{t(`${k}.lead`)}</Text>
      <Text size="sm" c="dimmed">
        {note ?? t('reference.adt.nextLoad')}
      </Text>
      {canEdit && (
        <Group>
          <Button onClick={() => setEditing({ row: null })}>{t(`${k}.add`)}</Button>
        </Group>
      )}
      {rows.length === 0 ? (
        <Text>{t(`${k}.none`)}</Text>
      ) : (
        <ReferenceTable
          label={t(`${k}.tableLabel`, { facility: facility.name })}
          columns={columns}
          rows={rows}
          actionsHeader={t('reference.adt.actions')}
          actions={
            canEdit
              ? (row: Row) => (
                  <RowActions
                    editLabel={a.editLabel(row)}
                    deleteLabel={a.deleteLabel(row)}
                    onEdit={() => setEditing({ row })}
                    onDelete={a.canDelete?.(row) === false ? undefined : () => a.remove.ask(row)}
                  />
                )
              : undefined
          }
        />
      )}
      {editing && form(editing.row, () => setEditing(null))}
      <ConfirmDeleteModal
        {...a.remove.dialog}
        title={a.deleteTitle(a.remove.deleting)}
        question={a.deleteQuestion(a.remove.deleting)}
      />
    </Stack>
  );
}
