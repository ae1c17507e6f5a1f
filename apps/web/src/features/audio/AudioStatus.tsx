import { Button, Group, Loader, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import classes from './AudioStatus.module.css';

/*
 * The small states around the player (kept out of the player's own chunk, so they can show while
 * it loads): loading, no audio, failed to load.
 */

/** The player while its code, the job's audio options or a rendition load. */
export function AudioLoading({ label }: { label?: string }) {
  const { t } = useTranslation();
  return (
    <div className={classes.status} role="status" data-testid="audio-loading">
      <Loader size="xs" aria-hidden="true" />
      <Text size="sm">{label ?? t('audio.player.loading')}</Text>
    </div>
  );
}

/** Spec 01 §8 / spec 02 §8: 'There is no audio associated with this job.' */
export function NoAudio() {
  const { t } = useTranslation();
  return (
    <Text size="sm" className={classes.muted} data-testid="no-audio">
      {t('audio.noAudio')}
    </Text>
  );
}

/** The audio options could not be loaded, with Retry. */
export function AudioLoadFailed({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <Group gap="sm" role="alert">
      <Text size="sm" className={classes.error}>
        {t('audio.player.loadFailed')}
      </Text>
      <Button size="compact-xs" variant="default" onClick={onRetry}>
        {t('audio.player.retry')}
      </Button>
    </Group>
  );
}
