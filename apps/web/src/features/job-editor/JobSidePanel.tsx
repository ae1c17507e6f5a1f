import { Button, Group, Tooltip } from '@mantine/core';
import type { CdaEdits } from '@quill/core/contract/documents/cda';
import type { JobViewDetails, SetJobDataRequest } from '@quill/core/contract/job';
import type { JobDataRequest } from '@quill/core/contract/jobSave';
import type { TextType } from '@quill/core/rules/jobEditor/textType';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useHasPermission } from '../../app/session/SessionContext';
import { AdtPanelState } from './adt/AdtPanelState';
import { OrdersPanel } from './adt/OrdersPanel';
import { PatientVisitPanel } from './adt/PatientVisitPanel';
import { AdtSearchModal } from './adt/search/AdtSearchModal';
import type { AdtPanels } from './adt/useAdtPanels';
import { AttachmentSearchModal } from './attachments/AttachmentSearchModal';
import { DocumentDetailsCard } from './details/DocumentDetailsCard';
import { documentPatientKey, useDocumentPatient } from './identity/identityApi';
import { JobIdentityComparison } from './identity/JobIdentityComparison';
import classes from './JobView.module.css';
import { PhysicianScopeProvider } from './recipients/physicianScope';
import { RecipientsCard } from './recipients/RecipientsCard';

export interface JobSidePanelProps {
  details: JobViewDetails;
  /** The job data as edited (the Document Details card edits its part). */
  jobData: SetJobDataRequest;
  onJobDataChange: (next: SetJobDataRequest) => void;
  /** The cards' controls are enabled (edit mode, details permission, nothing in progress). */
  editable: boolean;
  editMode: boolean;
  textType: TextType;
  /** The CDA edits as they would be saved (for the hold queue check). */
  cda: () => CdaEdits | undefined;
  /** The job's ADT for the Patient & Visit and Orders panels. */
  adt: AdtPanels;
  /** The account may see patient data (adtViewGate): Patient & Visit is enabled. */
  adtVisible: boolean;
  /** The ADT can be changed: edit mode, jobEditAdt (adtEditGate), nothing in progress. */
  adtEditable: boolean;
  /** The live booking cookie (Accept ADT presents it). */
  bookingCookie: () => string | null;
}

type Panel = 'document' | 'patient' | 'orders' | 'recipients';

/**
 * Spec 02 §2 side area: Document / Patient & Visit / Orders (only when the facility has orders) /
 * Recipients. The panels stay mounted while another is shown, so added fields, the chosen order
 * and the recipients added stay. Every Physician modal of the job reads its scope from here.
 */
export function JobSidePanel({
  details,
  jobData,
  onJobDataChange,
  editable,
  editMode,
  textType,
  cda,
  adt,
  adtVisible,
  adtEditable,
  bookingCookie,
}: JobSidePanelProps) {
  const { t } = useTranslation();
  const [chosen, setChosen] = useState<Panel>('document');
  const [searchOpen, setSearchOpen] = useState(false);
  const documentPatient = useDocumentPatient(details.jobId, adtVisible);
  const client = useQueryClient();
  const [attachmentsOpen, setAttachmentsOpen] = useState(false);
  const template = adt.adt?.orderTemplate ?? null;
  const panel: Panel = chosen === 'orders' && !template ? 'document' : chosen;
  const searchConfiguration = adt.adt?.adtSearchConfiguration ?? null;
  // The search modal exists in edit mode only: Accept writes the job under the live booking.
  const cookie = editMode ? bookingCookie() : null;
  const canEditDetails = useHasPermission('jobEditAdt');

  const tab = (which: Panel, label: string, disabledTip: string | null = null) => {
    const button = (
      <Button
        size="compact-xs"
        variant={panel === which ? 'filled' : 'default'}
        aria-pressed={panel === which}
        disabled={disabledTip !== null}
        onClick={() => setChosen(which)}
      >
        {label}
      </Button>
    );
    if (!disabledTip) return button;
    return (
      <Tooltip label={disabledTip} openDelay={200}>
        <span>{button}</span>
      </Tooltip>
    );
  };
  const aside = (
    <aside className={classes.side} aria-label={t('jobView.panels')}>
      <Group gap={4} mb="xs" wrap="nowrap">
        {tab('document', t('jobView.panelDocument'))}
        {tab('patient', t('jobView.panelPatient'), adtVisible ? null : t('adt.noViewPermission'))}
        {template && tab('orders', t('jobView.panelOrders'))}
        {tab('recipients', t('jobView.panelRecipients'))}
      </Group>
      <div hidden={panel !== 'document'}>
        <DocumentDetailsCard
          details={details}
          value={jobData}
          onChange={onJobDataChange}
          editable={editable}
          editMode={editMode}
          textType={textType}
          cda={cda}
          identityComparison={
            adtVisible ? (
              // The ADT as the check sends it: the job data carries the panel's unsaved values.
              <JobIdentityComparison jobId={details.jobId} items={(jobData as JobDataRequest).inputAdtData} />
            ) : null
          }
        />
      </div>
      {adtVisible && (
        <div hidden={panel !== 'patient'}>
          <AdtPanelState adt={adt}>
            {(current) => (
              <PatientVisitPanel
                adt={current}
                onChange={adt.onAdtChange}
                editable={adtEditable}
                attachmentsEnabled={details.attachmentsEnabled}
                onClear={adt.clear}
                onRevert={adt.revert}
                onSearch={() => setSearchOpen(true)}
                onAttachments={() => setAttachmentsOpen(true)}
                comparison={<JobIdentityComparison jobId={details.jobId} items={current.outputAdtData} />}
              />
            )}
          </AdtPanelState>
        </div>
      )}
      {adt.adt && template && (
        <div hidden={panel !== 'orders'}>
          <OrdersPanel adt={adt.adt} template={template} onChange={adt.onAdtChange} editable={adtEditable} />
        </div>
      )}
      {details.attachmentsEnabled && adtVisible && (
        <AttachmentSearchModal
          clientFacilityId={details.clientFacility.id}
          jobId={details.jobId}
          jobPatientId={details.patientId}
          opened={attachmentsOpen}
          onClose={() => setAttachmentsOpen(false)}
        />
      )}
      {searchConfiguration && cookie && (
        <AdtSearchModal
          jobId={details.jobId}
          companyId={details.clientFacility.id}
          bookingCookie={cookie}
          searchConfiguration={searchConfiguration}
          opened={searchOpen}
          onClose={() => setSearchOpen(false)}
          onAccepted={(accepted) => {
            adt.accepted(accepted);
            // The header compares the document's patient with the one just accepted.
            void client.invalidateQueries({ queryKey: documentPatientKey(details.jobId) });
          }}
          documentPatient={documentPatient.data?.documentPatient}
        />
      )}
      <div hidden={panel !== 'recipients'}>
        <RecipientsCard
          details={details}
          value={jobData}
          onChange={onJobDataChange}
          showEdit={editMode && canEditDetails}
          editable={editable}
        />
      </div>
    </aside>
  );
  return <PhysicianScopeProvider details={details}>{aside}</PhysicianScopeProvider>;
}
