import { Alert, Button, Group, Loader, Text } from '@mantine/core';
import type { Editor, JSONContent } from '@tiptap/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { JobAudio } from '../audio/JobAudio';
import { CdaEditor } from './editor/CdaEditor';
import { NonXmlBodyNotice } from './NonXmlBodyNotice';
import { JobLoadError, type LoadedJob } from './useJobLoad';
import type { WordDocument } from './word/useWordDocument';
import { WordFrame } from './word/WordFrame';

/**
 * The document area of spec 02 §4: the CDA editor with the audio player docked in it, the Word
 * frame (DOCX text type) with the player above it, or the message for a job without text that can
 * be shown — 'No document available' (with the player for an audio-only job), or the
 * document-type-none error.
 */
export function DocumentArea({
  job,
  editorKey,
  editable,
  onReady,
  onChange,
  banner,
  word,
}: {
  job: LoadedJob;
  editorKey: string;
  editable: boolean;
  onReady: (editor: Editor | null) => void;
  onChange: (doc: JSONContent) => void;
  banner: ReactNode;
  word: WordDocument;
}) {
  const { t } = useTranslation();
  const audio = <JobAudio jobId={job.details.jobId} />;
  if (job.cda) {
    return (
      <>
        {banner}
        <NonXmlBodyNotice model={job.cda.model} />
        <CdaEditor
          key={editorKey}
          model={job.cda.model}
          editable={editable}
          hasTableSupport={job.details.jobPermissions.hasTableSupport}
          onReady={onReady}
          onChange={onChange}
          dock={audio}
        />
      </>
    );
  }
  if (job.text.textType === 'DOCX') return <WordFrame jobId={job.details.jobId} word={word} dock={audio} />;
  const message = job.text.noDocument ? t('job.noDocument') : t('job.documentTypeNone');
  return (
    <>
      {audio}
      <Alert color={job.text.noDocument ? 'blue' : 'red'} mt="sm" role="alert">
        {message}
      </Alert>
    </>
  );
}

/** The job is loading. */
export function JobLoading({ jobId }: { jobId: number }) {
  const { t } = useTranslation();
  return (
    <Group gap="xs" role="status" p="md">
      <Loader size="sm" aria-hidden="true" />
      <Text>{t('jobView.loading', { jobId: String(jobId) })}</Text>
    </Group>
  );
}

/** A job that cannot be shown: its message, and Retry when trying again may help. */
export function JobProblem({ message, onRetry }: { message: string; onRetry?: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert color="red" role="alert" m="md">
      <Group justify="space-between">
        <Text>{message}</Text>
        {onRetry && (
          <Button size="compact-sm" variant="default" onClick={onRetry}>
            {t('jobView.retry')}
          </Button>
        )}
      </Group>
    </Alert>
  );
}

/**
 * A job that did not load (spec 02 §8): not permitted, not found (missing or another tenant's),
 * or could not be loaded — with Retry.
 */
export function JobLoadFailure({
  jobId,
  error,
  onRetry,
}: {
  jobId: number;
  error: unknown;
  onRetry: () => void;
}) {
  const { t } = useTranslation();
  const problem = error instanceof JobLoadError ? error.problem : 'failed';
  if (problem === 'accessDenied') return <JobProblem message={t('job.accessDenied')} />;
  if (problem === 'notFound') return <JobProblem message={t('job.notFound', { jobId: String(jobId) })} />;
  return <JobProblem message={t('jobView.loadFailed', { jobId: String(jobId) })} onRetry={onRetry} />;
}
