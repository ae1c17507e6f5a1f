import { Alert, Loader, Text, Title } from '@mantine/core';
import type { JobSearchResult } from '@quill/core/contract/jobSearch';
import { canSeePatientName } from '@quill/core/rules/auth/permissions';
import { LIMITS } from '@quill/core/rules/settings/constants';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../app/session/SessionContext';
import { useDocumentTitle } from '../../app/useDocumentTitle';
import { ApiRequestError } from '../../lib/api';
import { useCorporateStructures } from '../job-list/structures/useCorporateStructures';
import { useJobListLabels } from '../job-list/useJobListLabels';
import { JobListPagination } from '../job-list/view/JobListPagination';
import classes from './JobSearch.module.css';
import { JobSearchForm } from './JobSearchForm';
import { JobSearchResults } from './JobSearchResults';
import { type JobSearchCriteria, searchJobs } from './jobSearchApi';

/**
 * /search: Job Search in Quill (when no legacy host is configured). The server searches the
 * corporate structures the account may see and answers a page at a time; the record line and
 * pager are the job list's.
 */
export function JobSearchPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('jobSearch.title'));
  const { userSettings } = useSession();
  const showPatient = canSeePatientName(new Set(userSettings.permissions));
  const structures = useCorporateStructures();
  const labels = useJobListLabels();
  const [criteria, setCriteria] = useState<JobSearchCriteria | null>(null);
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState<number>(LIMITS.pageSizes[0]);
  const result = useQuery<JobSearchResult>({
    queryKey: ['jobSearch', criteria, page, pageSize],
    queryFn: ({ signal }) => searchJobs(criteria!, page + 1, pageSize, signal),
    enabled: criteria !== null,
    placeholderData: keepPreviousData,
    retry: false,
  });
  const error =
    result.error instanceof ApiRequestError && result.error.status === 400 ? result.error.message : null;

  return (
    <main className={classes.page}>
      <Title order={1} size="h3">
        {t('jobSearch.title')}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {t('jobSearch.lead')}
      </Text>
      <JobSearchForm
        structures={structures.data ?? []}
        showPatient={showPatient}
        searching={result.isFetching}
        onSearch={(c) => {
          setCriteria(c);
          setPage(0);
        }}
      />
      <section className={classes.results} aria-label={t('jobSearch.results')} aria-busy={result.isFetching}>
        {criteria === null && <Text size="sm">{t('jobSearch.prompt')}</Text>}
        {result.isError && (
          <Alert color="red" role="alert">
            {error ?? t('jobSearch.failed')}
          </Alert>
        )}
        {result.isPending && criteria !== null && <Loader size="sm" aria-label={t('jobList.loading')} />}
        {result.data && !result.isError && (
          <>
            {result.data.total === 0 ? (
              <Text size="sm">{t('jobSearch.none')}</Text>
            ) : (
              <JobSearchResults rows={result.data.rows} structures={structures.data ?? []} labels={labels} />
            )}
            <JobListPagination
              page={page}
              pageSize={pageSize}
              total={result.data.total}
              onPage={setPage}
              onPageSize={(size) => {
                setPageSize(size);
                setPage(0);
              }}
            />
          </>
        )}
      </section>
    </main>
  );
}
