import { Button, Group, Table } from '@mantine/core';
import type { FacilityWorkType, SaveWorkTypeRequest } from '@quill/core/contract/facilityLists';
import { addresseeHint } from '@quill/core/rules/recipients';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ruleText } from '../../job-editor/recipients/ruleText';
import { ConfirmDeleteModal, ReferenceModal, RowActions } from '../common/ReferenceDialogs';
import { useReferenceChange } from '../common/useReferenceChange';
import type { SectionProps } from '../referenceApi';
import { addWorkType, deleteWorkType, listKey, loadWorkTypes, saveWorkType } from './facilityListsApi';
import { ListFrame } from './ListFrame';
import { WorkTypeForm } from './WorkTypeForm';
import { WorkTypeTemplateForm } from './WorkTypeTemplateForm';

/** Which form is open: none, Add (null) or a work type's Edit. */
type Editing = { workType: FacilityWorkType | null } | null;

/**
 * Reference data ▸ Work types (issue 26): the work types a facility sees — its own and those its
 * whole structure shares (said in the Belongs to column) — with their addressee limits; with
 * dictatorAdd, Add, Edit and Delete (a work type jobs use cannot be deleted: the server says how
 * many use it), and each work type's Template (issue 27).
 */
export function WorkTypesSection({ facility, canEdit }: SectionProps) {
  const { t } = useTranslation();
  const cfId = facility.id;
  const list = useQuery({
    queryKey: listKey(cfId, 'workTypes'),
    queryFn: ({ signal }) => loadWorkTypes(cfId, signal),
  });
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<FacilityWorkType | null>(null);
  const [templating, setTemplating] = useState<FacilityWorkType | null>(null);
  const save = useReferenceChange(
    listKey(cfId, 'workTypes'),
    ({ id, body }: { id: number | null; body: SaveWorkTypeRequest }) =>
      id === null ? addWorkType(cfId, body) : saveWorkType(cfId, id, body),
    (w, { id }) =>
      t(id === null ? 'reference.lists.workTypes.added' : 'reference.lists.workTypes.saved', {
        number: String(w.number),
      }),
    { onDone: () => setEditing(null) },
  );
  const remove = useReferenceChange(
    listKey(cfId, 'workTypes'),
    (w: FacilityWorkType) => deleteWorkType(cfId, w.id),
    (_, w) => t('reference.lists.workTypes.deleted', { number: String(w.number) }),
    { onDone: () => setDeleting(null) },
  );
  const rows = list.data?.workTypes ?? [];
  const limitsOf = (w: FacilityWorkType) => {
    if (!w.enableAddressee) return t('reference.lists.workTypes.disabled');
    const hint = addresseeHint(w);
    return hint ? ruleText(t, hint) : t('reference.lists.workTypes.noLimits');
  };

  return (
    <>
      <ListFrame
        loading={list.isPending}
        error={list.error}
        empty={rows.length === 0}
        emptyText={t('reference.lists.workTypes.none')}
        note={t('reference.lists.workTypes.note', { structure: facility.corporateStructure })}
        addLabel={t('reference.lists.workTypes.add')}
        onAdd={
          canEdit
            ? () => {
                save.reset();
                setEditing({ workType: null });
              }
            : undefined
        }
      >
        <Table striped aria-label={t('reference.lists.workTypes.tableLabel', { facility: facility.name })}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('reference.lists.workTypes.number')}</Table.Th>
              <Table.Th>{t('reference.lists.name')}</Table.Th>
              <Table.Th>{t('reference.lists.workTypes.addressees')}</Table.Th>
              <Table.Th>{t('reference.lists.workTypes.patient')}</Table.Th>
              <Table.Th>{t('reference.lists.workTypes.scope')}</Table.Th>
              {canEdit && <Table.Th>{t('reference.lists.actions')}</Table.Th>}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((w) => (
              <Table.Tr key={w.id} data-work-type={w.number}>
                <Table.Td>{w.number}</Table.Td>
                <Table.Td>{w.name}</Table.Td>
                <Table.Td>{limitsOf(w)}</Table.Td>
                <Table.Td>
                  {w.allowPatientAsRecipient ? t('reference.lists.yes') : t('reference.lists.no')}
                </Table.Td>
                <Table.Td>
                  {w.shared ? t('reference.lists.workTypes.shared') : t('reference.lists.workTypes.own')}
                </Table.Td>
                {canEdit && (
                  <Table.Td>
                    <Group gap={4} wrap="nowrap">
                      <Button
                        size="compact-sm"
                        variant="default"
                        aria-label={t('transcribe.templates.actionLabel', { name: `${w.number} ${w.name}` })}
                        onClick={() => setTemplating(w)}
                      >
                        {t('transcribe.templates.action')}
                      </Button>
                      <RowActions
                        editLabel={t('reference.editLabel', { name: `${w.number} ${w.name}` })}
                        deleteLabel={t('reference.deleteLabel', { name: `${w.number} ${w.name}` })}
                        onEdit={() => {
                          save.reset();
                          setEditing({ workType: w });
                        }}
                        onDelete={() => {
                          remove.reset();
                          setDeleting(w);
                        }}
                      />
                    </Group>
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
          editing?.workType
            ? t('reference.lists.workTypes.editTitle', { number: String(editing.workType.number) })
            : t('reference.lists.workTypes.addTitle')
        }
        onClose={() => setEditing(null)}
      >
        {editing && (
          <WorkTypeForm
            workType={editing.workType}
            others={rows}
            structure={facility.corporateStructure}
            busy={save.isPending}
            error={save.error?.message ?? null}
            onSubmit={(body) => save.mutate({ id: editing.workType?.id ?? null, body })}
            onClose={() => setEditing(null)}
          />
        )}
      </ReferenceModal>
      <ReferenceModal
        opened={templating !== null}
        size="xl"
        title={
          templating
            ? t('transcribe.templates.title', { number: String(templating.number), name: templating.name })
            : ''
        }
        onClose={() => setTemplating(null)}
      >
        {templating && (
          <WorkTypeTemplateForm
            cfId={cfId}
            workType={templating}
            structure={facility.corporateStructure}
            onClose={() => setTemplating(null)}
          />
        )}
      </ReferenceModal>
      <ConfirmDeleteModal
        opened={deleting !== null}
        title={t('reference.lists.workTypes.deleteTitle')}
        question={
          deleting
            ? t('reference.lists.workTypes.deleteConfirm', {
                number: String(deleting.number),
                name: deleting.name,
              })
            : ''
        }
        note={
          deleting?.shared
            ? t('reference.lists.workTypes.deleteShared', { structure: facility.corporateStructure })
            : undefined
        }
        onClose={() => setDeleting(null)}
        onConfirm={() => deleting && remove.mutate(deleting)}
        busy={remove.isPending}
        error={remove.error?.message ?? null}
      />
    </>
  );
}
