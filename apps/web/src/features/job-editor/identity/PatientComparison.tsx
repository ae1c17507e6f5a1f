import { Table, Text } from '@mantine/core';
import {
  type DocumentPatient,
  IDENTITY_PARTS,
  type IdentityPart,
  identityDate,
  identityDifferences,
  type JobPatientIdentity,
  jobPatientName,
} from '@quill/core/rules/jobEditor/patientIdentity';
import { formatJobDate } from '@quill/core/rules/time/jobTime';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../app/session/SessionContext';
import classes from './PatientIdentity.module.css';

export interface PatientComparisonProps {
  document: DocumentPatient | null;
  /** The patient compared with the document's: the job's, or a search result's. */
  other: JobPatientIdentity | null;
  /** The heading of the other patient's column. */
  otherLabel: string;
}

/**
 * A birth date (a calendar day, never moved by a zone; HL7's YYYYMMDD too) in the user's date
 * format, as written when it does not read as a date.
 */
export function useBirthDate(): (value: string | null) => string {
  const { userSettings } = useSession();
  return (value) => (value ? formatJobDate(identityDate(value), userSettings) || value : '');
}

/**
 * Issue 39: the document's patient beside another (the job's, or one being chosen), part by part
 * — name, MRN, date of birth, sex — each row saying whether the two differ (in words and colour).
 */
export function PatientComparison({ document, other, otherLabel }: PatientComparisonProps) {
  const { t } = useTranslation();
  const birthDate = useBirthDate();
  const differs = new Set<IdentityPart>(identityDifferences(document, other));
  const docValue: Record<IdentityPart, string> = {
    name: document?.name ?? '',
    mrn: document?.mrn ?? '',
    birthDate: birthDate(document?.birthDate ?? null),
    sex: document?.sex ?? '',
  };
  const otherValue: Record<IdentityPart, string> = {
    name: jobPatientName(other) ?? '',
    mrn: other?.mrn ?? '',
    birthDate: birthDate(other?.birthDate ?? null),
    sex: other?.sex ?? '',
  };
  return (
    <Table withTableBorder className={classes.comparison} aria-label={t('patientIdentity.title')}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('patientIdentity.part')}</Table.Th>
          <Table.Th>{t('patientIdentity.documentPatient')}</Table.Th>
          <Table.Th>{otherLabel}</Table.Th>
          <Table.Th>{t('patientIdentity.status')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {IDENTITY_PARTS.map((part) => {
          const different = differs.has(part);
          const compared = docValue[part] !== '' && otherValue[part] !== '';
          return (
            <Table.Tr key={part} data-differs={different || undefined}>
              <Table.Th scope="row">{t(`patientIdentity.${part}`)}</Table.Th>
              <Table.Td>{docValue[part]}</Table.Td>
              <Table.Td>{otherValue[part]}</Table.Td>
              <Table.Td>
                {different ? (
                  <Text span fw={700} size="sm" className={classes.differs}>
                    {t('patientIdentity.differs')}
                  </Text>
                ) : compared ? (
                  t('patientIdentity.same')
                ) : (
                  t('patientIdentity.notCompared')
                )}
              </Table.Td>
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </Table>
  );
}

/** The document's patient on one line: name · MRN · date of birth · sex (the parts it gives). */
export function useDocumentPatientLine(): (patient: DocumentPatient | null) => string {
  const { t } = useTranslation();
  const birthDate = useBirthDate();
  return (patient) =>
    patient
      ? [
          patient.name,
          patient.mrn && `${t('patientIdentity.mrn')} ${patient.mrn}`,
          patient.birthDate && `${t('patientIdentity.birthDate')} ${birthDate(patient.birthDate)}`,
          patient.sex && `${t('patientIdentity.sex')} ${patient.sex}`,
        ]
          .filter(Boolean)
          .join(' · ')
      : t('patientIdentity.noDocumentPatient');
}
