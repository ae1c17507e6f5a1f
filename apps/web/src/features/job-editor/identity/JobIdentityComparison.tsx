import { Stack, Text } from '@mantine/core';
import type { Hl7Identifier } from '@quill/core/contract/adt/adt';
import { adtKey } from '@quill/core/rules/adt/adtValues';
import { jobPatientFromAdt } from '@quill/core/rules/jobEditor/patientIdentity';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useDocumentPatient } from './identityApi';
import { PatientComparison } from './PatientComparison';

export interface JobIdentityComparisonProps {
  jobId: number;
  /** The job's ADT values as edited (unsaved changes included); absent: as stored. */
  items?: readonly { hl7Identifier: Hl7Identifier; value: string | null }[] | undefined;
}

/**
 * Issue 39: the document's patient beside the job's — the panel's values as edited, or the stored
 * ones — in the Patient Details card and the Check Flags dialog.
 */
export function JobIdentityComparison({ jobId, items }: JobIdentityComparisonProps) {
  const { t } = useTranslation();
  const answer = useDocumentPatient(jobId, true);
  const edited = useMemo(
    () =>
      items
        ? jobPatientFromAdt(Object.fromEntries(items.map((i) => [adtKey(i.hl7Identifier), i.value])))
        : null,
    [items],
  );
  if (answer.isError) return <Text size="sm">{t('patientIdentity.loadFailed')}</Text>;
  if (!answer.data) return null;
  return (
    <Stack gap={4}>
      {answer.data.documentPatient === null && (
        <Text size="sm">{t('patientIdentity.noDocumentPatient')}</Text>
      )}
      <PatientComparison
        document={answer.data.documentPatient}
        other={edited ?? answer.data.jobPatient}
        otherLabel={t('patientIdentity.jobPatient')}
      />
    </Stack>
  );
}
