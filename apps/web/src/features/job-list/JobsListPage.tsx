import { resolveQueueName } from '@quill/core/rules/jobList/jobListQueue';
import type { QueueName } from '@quill/core/rules/settings/constants';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { useCallback, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useHasPermission, useSession } from '../../app/session/SessionContext';
import { ShellSkipLink } from '../../app/shell/ShellContext';
import { showToast } from '../../app/toasts';
import { useDocumentTitle } from '../../app/useDocumentTitle';
import { ApiRequestError } from '../../lib/api';
import { ToSignTicker } from '../signing/ToSignTicker';
import classes from './JobList.module.css';
import { JobListHeader } from './JobListHeader';
import { JobListPanel } from './JobListPanel';
import { QueueTickers } from './queues/QueueTickers';
import { useJobCounts } from './queues/useJobCounts';
import { useClientFacilities } from './structures/useClientFacilities';
import { useCorporateStructures } from './structures/useCorporateStructures';
import { JOB_TABLE_ID } from './table/JobTable';
import { writeStoredCorporateStructure, writeStoredQueue } from './view/jobListStorage';

const route = getRouteApi('/authed/jobs/$cs/$joblisttype');

/**
 * /jobs/{cs}/{joblisttype} (spec 01 §2 "Job list screen"): the chosen structure with Change, the
 * queue tickers, and the list of the queue. The route keeps cs in step with the stored choice.
 */
export function JobsListPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('jobList.title'));
  const { cs, joblisttype } = route.useParams();
  const queue = resolveQueueName(joblisttype).queue;
  const navigate = useNavigate();
  const { applicationSettings } = useSession();
  const canViewHoldQueue = useHasPermission('holdQueueView');
  const validCs = /^\d+$/.test(cs);

  const facilities = useClientFacilities(cs);
  const structures = useCorporateStructures();
  const counts = useJobCounts(cs, facilities.data, applicationSettings);
  const facilitiesStatus = facilities.error instanceof ApiRequestError ? facilities.error.status : undefined;
  const notFound = !validCs || facilitiesStatus === 404;

  /** Change (and a structure that cannot be found): forget the choice and open the chooser. */
  const backToChooser = useCallback(
    (replace = false) => {
      writeStoredCorporateStructure(null);
      void navigate({ to: '/jobs', replace });
    },
    [navigate],
  );

  // The route keeps the stored structure and queue in step with what is shown.
  useEffect(() => {
    if (!validCs) return;
    writeStoredCorporateStructure(cs);
    writeStoredQueue(queue);
  }, [cs, queue, validCs]);

  // Spec 01 §8: 'Unable to find corporate structure {id}'; then back to the chooser.
  useEffect(() => {
    if (!notFound) return;
    showToast(t('jobList.corporateStructure.notFound', { id: cs }), {
      kind: 'error',
      id: `cs-not-found-${cs}`,
    });
    backToChooser(true);
  }, [notFound, cs, t, backToChooser]);

  const { isError: facilitiesFailed, errorUpdatedAt } = facilities;
  useEffect(() => {
    if (facilitiesFailed && !notFound)
      showToast(t('jobList.corporateStructure.failed', { id: cs }), {
        kind: 'error',
        id: `cs-failed-${errorUpdatedAt}`,
      });
  }, [facilitiesFailed, notFound, errorUpdatedAt, cs, t]);

  // The hold queue needs holdQueueView: without it the list is pending, with a warning.
  const holdQueueRefused = queue === 'hq' && !canViewHoldQueue;
  useEffect(() => {
    if (!holdQueueRefused) return;
    showToast(t('jobList.holdQueueNotPermitted'), { kind: 'warning', id: 'hold-queue-refused' });
    void navigate({ to: '/jobs/$cs/$joblisttype', params: { cs, joblisttype: 'pending' }, replace: true });
  }, [holdQueueRefused, cs, navigate, t]);

  const selectQueue = useCallback(
    (next: QueueName) => void navigate({ to: '/jobs/$cs/$joblisttype', params: { cs, joblisttype: next } }),
    [cs, navigate],
  );

  if (notFound || holdQueueRefused) return null;
  const name = structures.data?.find((s) => String(s.id) === cs)?.companyNameId;
  const countsFailed = counts.isError || facilitiesFailed;
  return (
    <div className={classes.page}>
      <ShellSkipLink target={JOB_TABLE_ID}>{t('app.skipToJobTable')}</ShellSkipLink>
      <JobListHeader
        name={name}
        onChange={() => backToChooser()}
        canChange={(structures.data?.length ?? 0) !== 1}
      />
      <QueueTickers
        counts={counts.data}
        state={countsFailed ? 'failed' : counts.data ? 'ready' : 'loading'}
        current={queue}
        canViewHoldQueue={canViewHoldQueue}
        onSelect={selectQueue}
        onRetry={() => void (facilitiesFailed ? facilities.refetch() : counts.refetch())}
      >
        <ToSignTicker />
      </QueueTickers>
      <JobListPanel
        key={`${cs}/${queue}`}
        cs={cs}
        queue={queue}
        facilities={facilities.data}
        facilitiesFailed={facilitiesFailed}
        onRetryFacilities={() => void facilities.refetch()}
        onReloadCounts={() => void counts.refetch()}
      />
    </div>
  );
}
