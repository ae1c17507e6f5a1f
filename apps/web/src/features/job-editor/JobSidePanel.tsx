import { Button, Group, Tooltip } from '@mantine/core';
import type { CdaEdits } from '@quill/core/contract/cda';
import type { JobViewDetails, SetJobDataRequest } from '@quill/core/contract/job';
import type { TextType } from '@quill/core/rules/textType';
import { useTranslation } from 'react-i18next';
import { DocumentDetailsCard } from './details/DocumentDetailsCard';
import classes from './JobView.module.css';

export interface JobSidePanelProps {
  details: JobViewDetails;
  /** The job data as edited (the Document Details card edits its part). */
  jobData: SetJobDataRequest;
  onJobDataChange: (next: SetJobDataRequest) => void;
  /** The card's controls are enabled (edit mode, details permission, nothing in progress). */
  editable: boolean;
  editMode: boolean;
  textType: TextType;
  /** The CDA edits as they would be saved (for the hold queue check). */
  cda: () => CdaEdits | undefined;
}

/**
 * Spec 02 §2 side area: Document / Patient & Visit / Orders / Recipients. The last three arrive
 * with a later issue and are shown disabled, never with made-up data. The Document panel holds
 * the editable Document Details card.
 */
export function JobSidePanel({
  details,
  jobData,
  onJobDataChange,
  editable,
  editMode,
  textType,
  cda,
}: JobSidePanelProps) {
  const { t } = useTranslation();
  const later = (label: string) => (
    <Tooltip label={t('jobView.panelLater')} openDelay={200}>
      <span>
        <Button size="compact-xs" variant="default" disabled>
          {label}
        </Button>
      </span>
    </Tooltip>
  );
  return (
    <aside className={classes.side} aria-label={t('jobView.panels')}>
      <Group gap={4} mb="xs" wrap="nowrap">
        <Button size="compact-xs" variant="filled" aria-pressed>
          {t('jobView.panelDocument')}
        </Button>
        {later(t('jobView.panelPatient'))}
        {later(t('jobView.panelOrders'))}
        {later(t('jobView.panelRecipients'))}
      </Group>
      <DocumentDetailsCard
        details={details}
        value={jobData}
        onChange={onJobDataChange}
        editable={editable}
        editMode={editMode}
        textType={textType}
        cda={cda}
      />
    </aside>
  );
}
