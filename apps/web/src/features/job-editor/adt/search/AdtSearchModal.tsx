import { Button, Group, Modal, Paper, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import type { AdtSearchConfiguration, JobAdt } from '@quill/core/contract/adt/adt';
import { acceptButtonLabel, canAcceptAdt } from '@quill/core/rules/adt/adtValues';
import type { DocumentPatient } from '@quill/core/rules/jobEditor/patientIdentity';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { CallFailure } from '../../CallFailure';
import { useDocumentPatientLine } from '../../identity/PatientComparison';
import identityClasses from '../../identity/PatientIdentity.module.css';
import classes from '../../StickyFooter.module.css';
import { AdtSearchResults } from './AdtSearchResults';
import { type AdtSearch, type AdtSearchValues, fieldKey, isDateField, isValueInvalid } from './adtSearchForm';
import { useAdtSearch } from './useAdtSearch';

export interface AdtSearchModalProps {
  jobId: number;
  /** The job's client facility: its searches and its structure's patients. */
  companyId: number;
  /** The live booking: Accept writes the job. */
  bookingCookie: string;
  searchConfiguration: AdtSearchConfiguration;
  opened: boolean;
  onClose(): void;
  /** Called with the job's ADT as Accept stored it; the modal has cleared itself and closes. */
  onAccepted(adt: JobAdt): void;
  /** Issue 39: who the job's document names (shown while searching; differences marked); undefined while unknown. */
  documentPatient?: DocumentPatient | null | undefined;
}

/**
 * Spec 02 §2 "Search & Accept ADT modal" (§4, §5, §8): choose a search, fill its fields (at least
 * 2 characters each, empty ones not sent), Search (also on Enter), choose a patient, a visit and
 * orders, and Accept them into the job. Close keeps the search for when the modal opens again.
 */
export function AdtSearchModal(props: AdtSearchModalProps) {
  const {
    jobId,
    companyId,
    bookingCookie,
    searchConfiguration,
    opened,
    onClose,
    onAccepted,
    documentPatient,
  } = props;
  const { t } = useTranslation();
  const patientLine = useDocumentPatientLine();
  const state = useAdtSearch({ jobId, companyId, bookingCookie }, searchConfiguration, (adt) => {
    onAccepted(adt);
    onClose();
  });
  const { search, selection } = state;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    state.runSearch();
  };

  return (
    <Modal opened={opened} onClose={onClose} title={t('adt.searchModal.title')} size="70rem">
      <Stack gap="md">
        {documentPatient !== undefined && (
          <Paper
            withBorder
            p="xs"
            className={identityClasses.documentPatient}
            role="note"
            aria-label={t('patientIdentity.documentPatient')}
          >
            <Text size="sm">
              <Text span fw={700} size="sm">
                {t('patientIdentity.documentPatient')}:
              </Text>{' '}
              {patientLine(documentPatient)}
            </Text>
          </Paper>
        )}
        <form onSubmit={submit} noValidate>
          <Stack gap="sm">
            <Select
              label={t('adt.searchModal.searchType')}
              data={searchConfiguration.availableSearch.map((s) => ({ value: s.identifier, label: s.name }))}
              value={search?.identifier ?? null}
              onChange={(value) => value && state.chooseSearch(value)}
              allowDeselect={false}
              maw={320}
            />
            {search ? (
              <SearchFields search={search} values={state.values} setValue={state.setValue} />
            ) : (
              <Text>{t('adt.searchModal.noSearches')}</Text>
            )}
            <Group>
              <Button type="submit" disabled={!state.canSearch} loading={state.searching}>
                {t('adt.searchModal.search')}
              </Button>
            </Group>
          </Stack>
        </form>
        <CallFailure failure={state.failure} />
        <AdtSearchResults
          result={state.result}
          selection={selection}
          select={state.select}
          documentPatient={documentPatient ?? null}
        />
        {/* Sticky: with long results the modal scrolls, and Accept and Close stay in reach. */}
        <Group justify="flex-end" className={classes.footer}>
          <Button onClick={state.accept} disabled={!canAcceptAdt(selection)} loading={state.accepting}>
            {acceptButtonLabel(selection, (key) => t(key))}
          </Button>
          <Button variant="default" onClick={onClose}>
            {t('adt.searchModal.close')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

interface SearchFieldsProps {
  search: AdtSearch;
  values: AdtSearchValues;
  setValue(key: string, value: string): void;
}

/** The chosen search's fields: a date picker for dates and date-times (searched by day), text otherwise. */
function SearchFields({ search, values, setValue }: SearchFieldsProps) {
  const { t } = useTranslation();
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="sm">
      {search.searchField.map((field) => {
        const key = fieldKey(field);
        const value = values[key] ?? '';
        return (
          <TextInput
            key={key}
            label={field.name}
            type={isDateField(field.type) ? 'date' : 'text'}
            value={value}
            onChange={(e) => setValue(key, e.currentTarget.value)}
            error={isValueInvalid(value) ? t('adt.valueTooShort') : undefined}
            autoComplete="off"
          />
        );
      })}
    </SimpleGrid>
  );
}
