import { Table, TextInput } from '@mantine/core';
import type { FacilityDepartment } from '@quill/core/contract/facilityLists';
import { departmentProblems, FACILITY_LIST_LIMITS, listTextTaken } from '@quill/core/rules/facilityLists';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ruleText } from '../../job-editor/recipients/ruleText';
import { ConfirmDeleteModal, ReferenceForm, ReferenceModal, RowActions } from '../common/ReferenceDialogs';
import { useReferenceChange } from '../common/useReferenceChange';
import type { SectionProps } from '../referenceApi';
import {
  addDepartment,
  deleteDepartment,
  listKey,
  loadDepartments,
  saveDepartment,
} from './facilityListsApi';
import { ListFrame } from './ListFrame';

/** Add (no department) or rename one: the name, unique in the facility ignoring case. */
function DepartmentForm({
  department,
  others,
  busy,
  error,
  onSubmit,
  onClose,
}: {
  department: FacilityDepartment | null;
  others: readonly FacilityDepartment[];
  busy: boolean;
  error: string | null;
  onSubmit: (name: string) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [name, setName] = useState(department?.name ?? '');
  const [tried, setTried] = useState(false);
  const [problem] = departmentProblems({ name });
  const taken = listTextTaken(name, others, (d) => d.name, department?.id);
  const shown = problem
    ? ruleText(t, problem.message)
    : taken
      ? t('reference.lists.departments.nameTaken', { name: taken.name })
      : undefined;
  return (
    <ReferenceForm
      onClose={onClose}
      onSubmit={() => {
        setTried(true);
        if (!shown) onSubmit(name);
      }}
      busy={busy}
      error={error}
    >
      <TextInput
        label={t('reference.lists.name')}
        required
        data-autofocus
        value={name}
        maxLength={FACILITY_LIST_LIMITS.nameMax}
        onChange={(e) => setName(e.currentTarget.value)}
        error={tried ? shown : undefined}
      />
    </ReferenceForm>
  );
}

type Editing = { department: FacilityDepartment | null } | null;

/**
 * Reference data ▸ Departments (issue 26): the facility's departments by name; with dictatorAdd,
 * Add, Rename and Delete (a department jobs use cannot be deleted).
 */
export function DepartmentsSection({ facility, canEdit }: SectionProps) {
  const { t } = useTranslation();
  const cfId = facility.id;
  const list = useQuery({
    queryKey: listKey(cfId, 'departments'),
    queryFn: ({ signal }) => loadDepartments(cfId, signal),
  });
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<FacilityDepartment | null>(null);
  const save = useReferenceChange(
    listKey(cfId, 'departments'),
    ({ id, name }: { id: number | null; name: string }) =>
      id === null ? addDepartment(cfId, { name }) : saveDepartment(cfId, id, { name }),
    (d, { id }) =>
      t(id === null ? 'reference.lists.departments.added' : 'reference.lists.departments.saved', {
        name: d.name,
      }),
    { onDone: () => setEditing(null) },
  );
  const remove = useReferenceChange(
    listKey(cfId, 'departments'),
    (d: FacilityDepartment) => deleteDepartment(cfId, d.id),
    (_, d) => t('reference.lists.departments.deleted', { name: d.name }),
    { onDone: () => setDeleting(null) },
  );
  const rows = list.data?.departments ?? [];

  return (
    <>
      <ListFrame
        loading={list.isPending}
        error={list.error}
        empty={rows.length === 0}
        emptyText={t('reference.lists.departments.none')}
        note={t('reference.lists.departments.note')}
        addLabel={t('reference.lists.departments.add')}
        onAdd={
          canEdit
            ? () => {
                save.reset();
                setEditing({ department: null });
              }
            : undefined
        }
      >
        <Table striped aria-label={t('reference.lists.departments.tableLabel', { facility: facility.name })}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('reference.lists.name')}</Table.Th>
              {canEdit && <Table.Th>{t('reference.lists.actions')}</Table.Th>}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((d) => (
              <Table.Tr key={d.id}>
                <Table.Td>{d.name}</Table.Td>
                {canEdit && (
                  <Table.Td>
                    <RowActions
                      editLabel={t('reference.editLabel', { name: d.name })}
                      deleteLabel={t('reference.deleteLabel', { name: d.name })}
                      onEdit={() => {
                        save.reset();
                        setEditing({ department: d });
                      }}
                      onDelete={() => {
                        remove.reset();
                        setDeleting(d);
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
          editing?.department
            ? t('reference.lists.departments.editTitle')
            : t('reference.lists.departments.addTitle')
        }
        onClose={() => setEditing(null)}
      >
        {editing && (
          <DepartmentForm
            department={editing.department}
            others={rows}
            busy={save.isPending}
            error={save.error?.message ?? null}
            onSubmit={(name) => save.mutate({ id: editing.department?.id ?? null, name })}
            onClose={() => setEditing(null)}
          />
        )}
      </ReferenceModal>
      <ConfirmDeleteModal
        opened={deleting !== null}
        title={t('reference.lists.departments.deleteTitle')}
        question={deleting ? t('reference.lists.departments.deleteConfirm', { name: deleting.name }) : ''}
        onClose={() => setDeleting(null)}
        onConfirm={() => deleting && remove.mutate(deleting)}
        busy={remove.isPending}
        error={remove.error?.message ?? null}
      />
    </>
  );
}
