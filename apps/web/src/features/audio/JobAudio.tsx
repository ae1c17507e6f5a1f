import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiRequestError } from '../../lib/api';
import { AudioLoadFailed, AudioLoading, NoAudio } from './AudioStatus';
import classes from './AudioStatus.module.css';
import { useAudioOptions } from './audioApi';
import { LazyAudioPlayer } from './LazyAudioPlayer';

function JobAudioContent({ jobId }: { jobId: number }) {
  const { t } = useTranslation();
  const options = useAudioOptions(jobId);
  if (options.isPending) return <AudioLoading />;
  // 404: the job is gone (or another tenant's): it has no audio to offer.
  if (options.isError && options.error instanceof ApiRequestError && options.error.status === 404)
    return <NoAudio />;
  if (options.isError) return <AudioLoadFailed onRetry={() => void options.refetch()} />;
  if (!options.data.audioURL) return <NoAudio />;
  return (
    <LazyAudioPlayer options={options.data} label={t('audio.player.jobLabel', { jobId: String(jobId) })} />
  );
}

/**
 * A job's dictation where the job is shown (the job list's expanded row; later the job editor):
 * GET /api/job/audiooptions, then the player (its code loaded on demand) when the job has audio
 * this account may play, else 'There is no audio associated with this job.' With a `title`, a
 * small labelled section.
 */
export function JobAudio({ jobId, title }: { jobId: number; title?: string }) {
  const headingId = useId();
  if (!title) return <JobAudioContent jobId={jobId} />;
  return (
    <section className={classes.section} aria-labelledby={headingId}>
      <h3 className={classes.heading} id={headingId}>
        {title}
      </h3>
      <JobAudioContent jobId={jobId} />
    </section>
  );
}
