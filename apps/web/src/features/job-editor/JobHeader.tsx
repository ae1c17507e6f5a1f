import { Badge, Collapse, Group, UnstyledButton, VisuallyHidden } from '@mantine/core';
import type { JobViewDetails } from '@quill/core/contract/job';
import { canSeePatientName } from '@quill/core/rules/auth/permissions';
import { identityDifferences } from '@quill/core/rules/jobEditor/patientIdentity';
import { stageLabel } from '@quill/core/rules/jobList/stages';
import { formatJobDateTime } from '@quill/core/rules/time/jobTime';
import { type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../app/session/SessionContext';
import { useDocumentPatient } from './identity/identityApi';
import { useDocumentPatientLine } from './identity/PatientComparison';
import classes from './JobView.module.css';
import { physicianName } from './physicianName';

/** The job page labels its times with the facility's zone: the reader may be in another. */
const zoned = { zoneLabel: true };

function Fact({ label, children, wide }: { label: string; children: ReactNode; wide?: boolean }) {
  return (
    <div className={classes.fact} data-wide={wide || undefined}>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/**
 * Issue 39: the patient the document names, beside the job's patient above it, and a badge when
 * the two differ.
 */
function DocumentPatientFact({ jobId }: { jobId: number }) {
  const { t } = useTranslation();
  const answer = useDocumentPatient(jobId, true);
  const line = useDocumentPatientLine();
  if (!answer.data) return null;
  const { documentPatient, jobPatient } = answer.data;
  const differs = identityDifferences(documentPatient, jobPatient).length > 0;
  return (
    <Fact label={t('patientIdentity.documentPatient')} wide>
      {line(documentPatient)}
      {differs && (
        <Badge color="red.9" ml="xs" data-testid="identity-mismatch">
          {t('patientIdentity.mismatch')}
        </Badge>
      )}
    </Fact>
  );
}

/**
 * Spec 02 §2: the collapsible details header — job id, patient (the label Patient Name without an
 * ADT permission), dictator, dictated for, work type, stage, dates, STAT, department and location.
 */
export function JobHeader({
  details,
  version,
  status,
}: {
  details: JobViewDetails;
  version: number;
  status: ReactNode;
}) {
  const { t } = useTranslation();
  const { userSettings } = useSession();
  const [open, setOpen] = useState(true);
  const bodyId = useId();
  const seesPatient = canSeePatientName(new Set(userSettings.permissions));
  const none = t('jobView.none');
  const patient = seesPatient ? details.patientName || none : t('jobView.patientWithheld');
  return (
    <section className={classes.header} aria-label={t('jobView.details')}>
      <Group justify="space-between" wrap="nowrap">
        <UnstyledButton
          className={classes.headerToggle}
          aria-expanded={open}
          aria-controls={bodyId}
          onClick={() => setOpen((o) => !o)}
        >
          <span aria-hidden="true" className={classes.chevron} data-open={open}>
            ›
          </span>
          <h1 className={classes.title}>{t('jobView.title', { jobId: String(details.jobId) })}</h1>
          <VisuallyHidden>{open ? t('jobView.hideDetails') : t('jobView.showDetails')}</VisuallyHidden>
        </UnstyledButton>
        <Group gap="xs">
          {details.stat && (
            // red.9: white text on it reads at 4.5:1 or more (the default red does not).
            <Badge color="red.9">{t('jobView.stat')}</Badge>
          )}
          <Badge variant="light">{stageLabel(details.stageId, details.stageName) || none}</Badge>
          {status}
        </Group>
      </Group>
      <Collapse expanded={open} id={bodyId}>
        <dl className={classes.facts}>
          <Fact label={t('jobView.jobId')}>{details.jobId}</Fact>
          <Fact label={t('jobView.patient')}>{patient}</Fact>
          {seesPatient && <DocumentPatientFact jobId={details.jobId} />}
          <Fact label={t('jobView.dictator')}>{physicianName(details.dictator) || none}</Fact>
          <Fact label={t('jobView.dictatedFor')}>{physicianName(details.dictatedFor) || none}</Fact>
          <Fact label={t('jobView.workType')}>{details.workType?.name || none}</Fact>
          <Fact label={t('jobView.stage')}>{stageLabel(details.stageId, details.stageName) || none}</Fact>
          <Fact label={t('jobView.dictatedDate')}>
            {formatJobDateTime(details.dictatedDate, details.timeZone, userSettings, zoned) || none}
          </Fact>
          <Fact label={t('jobView.createdDate')}>
            {formatJobDateTime(details.createdDate, details.timeZone, userSettings, zoned)}
          </Fact>
          <Fact label={t('jobView.clientFacility')}>{details.clientFacility.name}</Fact>
          <Fact label={t('jobView.department')}>{details.department?.name || none}</Fact>
          <Fact label={t('jobView.location')}>{details.location?.name || none}</Fact>
          <Fact label={t('jobView.version')}>{version}</Fact>
        </dl>
      </Collapse>
    </section>
  );
}
