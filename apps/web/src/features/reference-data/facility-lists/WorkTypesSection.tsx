import { Button } from '@mantine/core';
import type { FacilityWorkType, SaveWorkTypeRequest } from '@quill/core/contract/facilityLists';
import { addresseeHint } from '@quill/core/rules/recipients/recipients';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ruleText } from '../../job-editor/recipients/ruleText';
import { ReferenceModal } from '../common/ReferenceDialogs';
import type { SectionProps } from '../referenceApi';
import { type FacilityListKind, FacilityListSection, yesNo } from './FacilityListSection';
import { addWorkType, deleteWorkType, loadWorkTypes, saveWorkType } from './facilityListsApi';
import { WorkTypeForm } from './WorkTypeForm';
import { WorkTypeTemplateForm } from './WorkTypeTemplateForm';

/** A work type's addressee limits as the Recipients card says them. */
const limitsOf = (t: TFunction, w: FacilityWorkType) => {
  if (!w.enableAddressee) return t('reference.lists.workTypes.disabled');
  const hint = addresseeHint(w);
  return hint ? ruleText(t, hint) : t('reference.lists.workTypes.noLimits');
};

const WORK_TYPES: FacilityListKind<FacilityWorkType, SaveWorkTypeRequest, 'workTypes'> = {
  list: 'workTypes',
  load: loadWorkTypes,
  add: addWorkType,
  save: saveWorkType,
  remove: deleteWorkType,
  values: (w) => ({ number: String(w.number), name: w.name }),
  nameOf: (w) => `${w.number} ${w.name}`,
  columns: (t) => [
    { header: t('reference.lists.workTypes.number'), cell: (w) => w.number },
    { header: t('reference.lists.name'), cell: (w) => w.name },
    { header: t('reference.lists.workTypes.addressees'), cell: (w) => limitsOf(t, w) },
    { header: t('reference.lists.workTypes.patient'), cell: (w) => yesNo(t, w.allowPatientAsRecipient) },
    {
      header: t('reference.lists.workTypes.scope'),
      cell: (w) => (w.shared ? t('reference.lists.workTypes.shared') : t('reference.lists.workTypes.own')),
    },
  ],
  rowProps: (w) => ({ 'data-work-type': w.number }),
  deleteNote: (t, w, facility) =>
    w.shared
      ? t('reference.lists.workTypes.deleteShared', { structure: facility.corporateStructure })
      : undefined,
  Form: WorkTypeForm,
};

/**
 * Reference data ▸ Work types (issue 26): the work types a facility sees — its own and those its
 * whole structure shares (said in the Belongs to column) — with their addressee limits; with
 * dictatorAdd, Add, Edit and Delete (a work type jobs use cannot be deleted: the server says how
 * many use it), and each work type's Template (issue 27).
 */
export function WorkTypesSection(props: SectionProps) {
  const { t } = useTranslation();
  const { facility } = props;
  const [templating, setTemplating] = useState<FacilityWorkType | null>(null);
  return (
    <>
      <FacilityListSection
        kind={WORK_TYPES}
        {...props}
        rowTools={(w) => (
          <Button
            size="compact-sm"
            variant="default"
            aria-label={t('transcribe.templates.actionLabel', { name: `${w.number} ${w.name}` })}
            onClick={() => setTemplating(w)}
          >
            {t('transcribe.templates.action')}
          </Button>
        )}
      />
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
            cfId={facility.id}
            workType={templating}
            structure={facility.corporateStructure}
            onClose={() => setTemplating(null)}
          />
        )}
      </ReferenceModal>
    </>
  );
}
