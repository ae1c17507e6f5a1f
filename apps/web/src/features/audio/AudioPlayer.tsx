import { Alert, Loader, Text } from '@mantine/core';
import { AUDIO_CONTENT_TYPES, type AudioOptions } from '@quill/core/contract/audio';
import { chooseAudioSource, formatAudioClock } from '@quill/core/rules/audio/audioPlayback';
import { type RefObject, useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './AudioPlayer.module.css';
import { NoAudio } from './AudioStatus';
import { reportAudioPlayed } from './audioApi';
import { PedalButton, SettingsPopover, SpeedMenu, VolumeControl } from './PlayerOptions';
import { ProgressBar } from './ProgressBar';
import type { PlayerState } from './playerMachine';
import { TransportButtons } from './TransportButtons';
import { useAudioPlayer } from './useAudioPlayer';

export interface AudioPlayerProps {
  options: AudioOptions;
  /** The player's accessible name; 'Audio player' unless given (e.g. 'Audio of job 12'). */
  label?: string;
}

/** The browser's answer for a content type ('' when it cannot play it). */
function canPlayType(contentType: string): string {
  if (typeof document === 'undefined') return '';
  return document.createElement('audio').canPlayType(contentType);
}

const STATE_KEYS: Record<PlayerState, 'stopped' | 'playing' | 'paused' | 'fastForwarding' | 'buffering'> = {
  stopped: 'stopped',
  playing: 'playing',
  paused: 'paused',
  'fast-forwarding': 'fastForwarding',
  buffering: 'buffering',
};

/**
 * Spec 01 §4 "Audio player": the dictation of a job with play / pause, stop, rewind, forward, a
 * position bar to seek, volume (default 0.5, kept under `vol`), the state (stopped, playing,
 * paused, fast-forwarding, buffering) — plus playback speed, auto-rewind on resume and WebHID foot
 * pedals beyond the spec. Opus when the browser plays it, else wav, else 'Cannot play audio'
 * (spec 01 §5). The keys (F13–F16, ctrl+alt+space, ctrl+alt+←/→, ctrl+↑/↓) work anywhere on the
 * page, an editor included; see README.md in this folder.
 */
export function AudioPlayer({ options, label }: AudioPlayerProps) {
  const { t } = useTranslation();
  const choice = useMemo(() => chooseAudioSource(options, canPlayType, AUDIO_CONTENT_TYPES), [options]);
  if (choice.kind === 'none') return <NoAudio />;
  if (choice.kind === 'unplayable') return <CannotPlay />;
  // A new rendition (opus arriving after an upload) is a new player.
  return (
    <Player key={choice.url} src={choice.url} options={options} label={label ?? t('audio.player.label')} />
  );
}

function CannotPlay() {
  const { t } = useTranslation();
  return (
    <Alert color="red" variant="light" role="alert" className={classes.cannotPlay} data-testid="cannot-play">
      <Text size="sm" c="gray.9">
        {t('audio.cannotPlay')}
      </Text>
    </Alert>
  );
}

/**
 * Reports the first time the element actually plays (its 'playing' event) to the job's audit trail
 * (issue 39): loading the player streams the recording's start, which is not a playback.
 */
function useReportFirstPlay(audioRef: RefObject<HTMLAudioElement | null>, jobId: number) {
  useEffect(() => {
    const el = audioRef.current;
    if (!el) return;
    const onPlaying = () => reportAudioPlayed(jobId);
    el.addEventListener('playing', onPlaying, { once: true });
    return () => el.removeEventListener('playing', onPlaying);
  }, [audioRef, jobId]);
}

function Player({ src, options, label }: { src: string; options: AudioOptions; label: string }) {
  const { t } = useTranslation();
  const audioRef = useRef<HTMLAudioElement>(null);
  const player = useAudioPlayer(audioRef, options, options.durationMs);
  useReportFirstPlay(audioRef, options.jobId);
  const state = player.model.state;
  return (
    // A fieldset is a group (its name: the label); pointer or focus inside only picks the player
    // the keys drive.
    <fieldset
      className={classes.player}
      aria-label={label}
      data-state={state}
      data-testid="audio-player"
      onPointerDownCapture={player.activate}
      onFocusCapture={player.activate}
    >
      {/* biome-ignore lint/a11y/useMediaCaption: dictation for transcription; the transcript is the job's document */}
      <audio ref={audioRef} src={src} preload="metadata" data-testid="audio-element" />
      {player.failed ? (
        <CannotPlay />
      ) : (
        <>
          <div className={classes.timeline}>
            <span className={classes.time} data-testid="audio-time">
              {formatAudioClock(player.positionMs)}
            </span>
            <ProgressBar
              positionMs={player.positionMs}
              durationMs={player.durationMs}
              bufferedMs={player.bufferedMs}
              disabled={!options.seek}
              onSeek={player.seek}
            />
            <span className={classes.time} data-testid="audio-duration">
              {formatAudioClock(player.durationMs)}
            </span>
          </div>
          <div className={classes.controls}>
            <TransportButtons player={player} permissions={options} />
            <span className={classes.state} role="status" data-testid="audio-state">
              {state === 'buffering' ? (
                <Loader size={12} aria-hidden="true" />
              ) : (
                <span className={classes.stateDot} data-state={state} aria-hidden="true" />
              )}
              {t(`audio.player.states.${STATE_KEYS[state]}`)}
            </span>
            <div className={classes.options}>
              <SpeedMenu player={player} />
              <VolumeControl player={player} disabled={!options.volume} />
              <PedalButton />
              <SettingsPopover player={player} />
            </div>
          </div>
        </>
      )}
    </fieldset>
  );
}
