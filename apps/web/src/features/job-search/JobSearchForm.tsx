import { Button, Group, Select, TextInput } from '@mantine/core';
import type { CorporateStructure } from '@quill/core/contract/jobList';
import { JOB_SEARCH_LIMITS } from '@quill/core/contract/jobSearch';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './JobSearch.module.css';
import { EMPTY_CRITERIA, isEmptyCriteria, type JobSearchCriteria } from './jobSearchApi';

/**
 * The criteria of Job Search: job id, patient and MRN (only for accounts that may see patient
 * names, spec 01 §6), dictator, dictation days and the corporate structure. Search submits them.
 */
export function JobSearchForm({
  structures,
  showPatient,
  searching,
  onSearch,
}: {
  structures: readonly CorporateStructure[];
  showPatient: boolean;
  searching: boolean;
  onSearch: (criteria: JobSearchCriteria) => void;
}) {
  const { t } = useTranslation();
  const [criteria, setCriteria] = useState<JobSearchCriteria>(EMPTY_CRITERIA);
  const field = (key: keyof JobSearchCriteria) => ({
    value: criteria[key],
    onChange: (event: { currentTarget: { value: string } }) => {
      const value = event.currentTarget.value;
      setCriteria((c) => ({ ...c, [key]: value }));
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(criteria);
  };
  const maxLength = JOB_SEARCH_LIMITS.textMax;
  return (
    <form className={classes.form} onSubmit={submit} aria-label={t('jobSearch.title')}>
      <div className={classes.fields}>
        <TextInput label={t('jobSearch.jobId')} inputMode="numeric" maxLength={15} {...field('jobId')} />
        {showPatient && (
          <>
            <TextInput
              label={t('jobSearch.patient')}
              description={t('jobSearch.patientHint')}
              maxLength={maxLength}
              {...field('patient')}
            />
            <TextInput label={t('jobSearch.mrn')} maxLength={maxLength} {...field('mrn')} />
          </>
        )}
        <TextInput
          label={t('jobSearch.dictator')}
          description={t('jobSearch.dictatorHint')}
          maxLength={maxLength}
          {...field('dictator')}
        />
        <TextInput label={t('jobSearch.from')} type="date" {...field('from')} />
        <TextInput label={t('jobSearch.to')} type="date" {...field('to')} />
        <Select
          label={t('jobSearch.structure')}
          data={[
            { value: '', label: t('jobSearch.allStructures') },
            ...structures.map((s) => ({ value: String(s.id), label: s.companyNameId })),
          ]}
          value={criteria.cs}
          onChange={(value) => setCriteria((c) => ({ ...c, cs: value ?? '' }))}
          allowDeselect={false}
        />
      </div>
      {!showPatient && <p className={classes.note}>{t('jobSearch.patientNotShown')}</p>}
      <Group gap="sm" mt="sm">
        <Button type="submit" loading={searching} disabled={isEmptyCriteria(criteria)}>
          {t('jobSearch.search')}
        </Button>
        <Button type="button" variant="default" onClick={() => setCriteria(EMPTY_CRITERIA)}>
          {t('jobSearch.clear')}
        </Button>
      </Group>
    </form>
  );
}
