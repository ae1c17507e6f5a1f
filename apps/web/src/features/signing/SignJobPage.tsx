import { Alert, Button, Group, Text } from '@mantine/core';
import { Link, useNavigate, useParams } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useHasPermission } from '../../app/session/SessionContext';
import { useDocumentTitle } from '../../app/useDocumentTitle';
import { DocumentArea, JobLoadFailure, JobLoading, JobProblem } from '../job-editor/DocumentArea';
import { JobHeader } from '../job-editor/JobHeader';
import { useJobLoad, versionOf } from '../job-editor/useJobLoad';
import { useWordDocument } from '../job-editor/word/useWordDocument';
import { useSignDialog } from './confirmSignIn';
import { JobSignatures } from './JobSignatures';
import { ReturnModal } from './ReturnModal';
import classes from './Signing.module.css';
import { SignModal } from './SignModal';
import { useToSignQueue } from './signingApi';
import { useSigningDone } from './useSigningDone';
import { useSigns } from './useSigns';

const ignore = () => {};

/**
 * /to-sign/{id} (issue 43): one job of the To sign queue, read-only — the job view's header and
 * document (no booking, the editor not editable) with its audio player — and Sign and Return for
 * correction. Signing names the version shown; afterwards the queue is shown again.
 */
export function SignJobPage() {
  const { id } = useParams({ from: '/authed/to-sign/$id' });
  return <SignJobView key={id} jobId={Number(id)} />;
}

function SignJobView({ jobId }: { jobId: number }) {
  const { t } = useTranslation();
  useDocumentTitle(t('toSign.view.title', { jobId: String(jobId) }));
  const signs = useSigns();
  const canView = useHasPermission('jobView');
  const load = useJobLoad(jobId, canView && signs);
  const queue = useToSignQueue();
  const done = useSigningDone();
  const navigate = useNavigate();
  const dialog = useSignDialog();
  const [returning, setReturning] = useState<number | null>(null);
  const isWord = load.data?.text.textType === 'DOCX';
  const word = useWordDocument({
    jobId,
    enabled: canView && signs && isWord,
    editing: false,
    onModified: ignore,
  });

  if (!signs) return <JobProblem message={t('toSign.notPermitted')} />;
  if (!canView) return <JobProblem message={t('job.noViewPermission')} />;
  if (load.isPending) return <JobLoading jobId={jobId} />;
  if (load.isError)
    return <JobLoadFailure jobId={jobId} error={load.error} onRetry={() => void load.refetch()} />;
  const job = load.data;
  const row = queue.data?.rows.find((r) => r.jobId === jobId);
  const waiting = row !== undefined;
  const back = () => void navigate({ to: '/to-sign' });
  const after = (ids: readonly number[]) => {
    done(ids);
    back();
  };
  return (
    <div className={classes.page}>
      <JobHeader details={job.details} version={versionOf(job)} status={null} />
      <div className={classes.actions}>
        <Button
          disabled={!waiting}
          onClick={() => dialog.open([{ jobId, version: job.details.version }])}
          data-testid="sign-job"
        >
          {t('toSign.actions.sign')}
        </Button>
        <Button variant="default" disabled={!waiting} onClick={() => setReturning(jobId)}>
          {t('toSign.actions.returnForCorrection')}
        </Button>
        <Button component={Link} to="/to-sign" variant="subtle">
          {t('toSign.backToList')}
        </Button>
      </div>
      {queue.isError && (
        <Alert color="red" role="alert">
          <Group justify="space-between">
            <Text size="sm">{t('toSign.failed')}</Text>
            <Button size="compact-sm" variant="default" onClick={() => void queue.refetch()}>
              {t('toSign.retry')}
            </Button>
          </Group>
        </Alert>
      )}
      {queue.data && !waiting && (
        <Alert color="blue" role="status">
          {t('toSign.view.notWaiting', { jobId: String(jobId) })}
        </Alert>
      )}
      {row?.forceResign && (
        <Alert color="orange" role="note">
          {row.resignReason ? t('toSign.resign', { reason: row.resignReason }) : t('toSign.resignNoReason')}
        </Alert>
      )}
      {row?.onBehalfOf && <Text size="sm">{t('toSign.onBehalfOf', { name: row.onBehalfOf })}</Text>}
      <JobSignatures jobId={jobId} />
      <div>
        <DocumentArea
          job={job}
          editorKey={`${versionOf(job)}-${job.loadedAt}`}
          editable={false}
          onReady={ignore}
          onChange={ignore}
          banner={null}
          word={word}
        />
      </div>
      <SignModal
        jobs={dialog.jobs}
        returned={dialog.returned}
        returnPath={dialog.returnPath}
        onClose={dialog.close}
        onSigned={(result) => after(result.signed.map((s) => s.jobId))}
        onChanged={() => {
          void load.refetch();
          void queue.refetch();
        }}
      />
      <ReturnModal jobId={returning} onClose={() => setReturning(null)} onReturned={(id) => after([id])} />
    </div>
  );
}
