import { Alert, Stack, Text } from '@mantine/core';
import { ADT_LIMITS, type AdtSearchResult } from '@quill/core/contract/adt/adt';
import type { AdtSelection } from '@quill/core/rules/adt/adtValues';
import {
  type DocumentPatient,
  identityOfRow,
  identityValueDiffers,
} from '@quill/core/rules/jobEditor/patientIdentity';
import { useTranslation } from 'react-i18next';
import { PatientComparison } from '../../identity/PatientComparison';
import { AdtResultTable } from './AdtResultTable';
import { choosePatient, chooseVisit, chosenRecords, toggleOrder } from './adtSearchForm';

export interface AdtSearchResultsProps {
  /** Null before the first search. */
  result: AdtSearchResult | null;
  selection: AdtSelection;
  select(change: (selection: AdtSelection) => AdtSelection): void;
  /** Issue 39: the document's patient; the patients' cells that differ from it are marked. */
  documentPatient: DocumentPatient | null;
}

/**
 * The modal's results (spec 02 §2, §4): the prompt before a search, the no-match message, then
 * Patients; Visits once a patient is chosen; Orders once a visit is chosen.
 */
export function AdtSearchResults({ result, selection, select, documentPatient }: AdtSearchResultsProps) {
  const { t } = useTranslation();
  if (!result) return <Text c="dimmed">{t('adt.searchPrompt')}</Text>;
  if (result.patient.length === 0) return <Text>{t('adt.noPatients')}</Text>;
  const { patient, visit } = chosenRecords(result, selection);
  const note = (text: string) => (
    <Text size="sm" c="dimmed">
      {text}
    </Text>
  );

  return (
    <Stack gap="md">
      {result.truncated && (
        <Alert color="yellow" variant="light">
          {t('adt.searchModal.truncated', { count: ADT_LIMITS.maxSearchPatients })}
        </Alert>
      )}
      <AdtResultTable
        title={t('adt.searchModal.patients')}
        columns={result.patientMatchField}
        rows={result.patient}
        mode="single"
        selected={selection.patientId === null ? [] : [selection.patientId]}
        onChoose={(id) => select((s) => choosePatient(s, id))}
        chooseLabel={(name) => t('adt.searchModal.choosePatient', { name })}
        maxHeight={300}
        differs={(column, raw) =>
          column.identity !== undefined && identityValueDiffers(column.identity, raw, documentPatient)
        }
      />
      {patient && documentPatient && (
        <PatientComparison
          document={documentPatient}
          other={identityOfRow(
            result.patientMatchField,
            patient.value.map((v) => v.raw),
          )}
          otherLabel={t('patientIdentity.candidate')}
        />
      )}
      {patient &&
        (patient.visit.length === 0 ? (
          note(t('adt.searchModal.noVisits'))
        ) : (
          <AdtResultTable
            title={t('adt.searchModal.visits')}
            columns={result.visitMatchField}
            rows={patient.visit}
            mode="single"
            selected={selection.visitId === null ? [] : [selection.visitId]}
            onChoose={(id) => select((s) => chooseVisit(s, id))}
            chooseLabel={(name) => t('adt.searchModal.chooseVisit', { name })}
            maxHeight={200}
          />
        ))}
      {visit &&
        (visit.order.length === 0 ? (
          note(t('adt.searchModal.noOrders'))
        ) : (
          <AdtResultTable
            title={t('adt.searchModal.orders')}
            columns={result.orderMatchField}
            rows={visit.order}
            mode="multi"
            selected={selection.orderIds}
            onChoose={(id) => select((s) => toggleOrder(s, id))}
            chooseLabel={(name) => t('adt.searchModal.chooseOrder', { name })}
            maxHeight={200}
          />
        ))}
    </Stack>
  );
}
