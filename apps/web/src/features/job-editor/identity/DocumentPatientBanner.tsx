import { Alert } from '@mantine/core';
import { identityDifferences, jobPatientName } from '@quill/core/rules/jobEditor/patientIdentity';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useDocumentPatient } from './identityApi';

/**
 * Issue 40: above the document, while the patient it names differs from the job's patient — a
 * labelled region (reachable by a screen reader's landmarks) saying so in one sentence, with both
 * names and what to do. Nothing for a person who may not see patient data (`enabled` false).
 */
export function DocumentPatientBanner({ jobId, enabled }: { jobId: number; enabled: boolean }) {
  const { t } = useTranslation();
  const titleId = useId();
  const answer = useDocumentPatient(jobId, enabled);
  if (!enabled || !answer.data) return null;
  const { documentPatient, jobPatient } = answer.data;
  const parts = identityDifferences(documentPatient, jobPatient);
  if (parts.length === 0) return null;
  return (
    <Alert
      color="red"
      variant="light"
      mb="xs"
      role="region"
      aria-labelledby={titleId}
      title={<span id={titleId}>{t('documentPatient.bannerTitle')}</span>}
      data-testid="document-patient-banner"
    >
      {t('documentPatient.banner', {
        document: documentPatient?.name ?? t('documentPatient.bannerUnnamed'),
        job: jobPatientName(jobPatient) ?? t('jobView.none'),
        parts: parts.map((p) => t(`patientIdentity.${p}`)).join(', '),
      })}
    </Alert>
  );
}
