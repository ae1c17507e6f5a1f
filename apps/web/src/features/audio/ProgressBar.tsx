import { AUDIO_TIMING } from '@quill/core/rules/audio/audioKeys';
import { formatAudioClock } from '@quill/core/rules/audio/audioPlayback';
import { type KeyboardEvent, type PointerEvent, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './AudioPlayer.module.css';

export interface ProgressBarProps {
  positionMs: number;
  durationMs: number | null;
  bufferedMs: number;
  disabled: boolean;
  onSeek: (ms: number) => void;
}

/** A page of the position bar (PageUp / PageDown). */
const PAGE_MS = 10_000;

/**
 * The position bar (role slider): shows the played and loaded parts; a click or a drag seeks; on
 * the keyboard ← / → (and ↓ / ↑) seek 1 s (spec 01 §9 "seek step 1 s"), PageDown / PageUp 10 s,
 * Home / End to the start / the end.
 */
export function ProgressBar({ positionMs, durationMs, bufferedMs, disabled, onSeek }: ProgressBarProps) {
  const { t } = useTranslation();
  const track = useRef<HTMLDivElement>(null);
  const known = durationMs !== null && durationMs > 0;
  const share = (ms: number) => (known ? Math.min(1, Math.max(0, ms / durationMs)) : 0);

  const seekAt = (clientX: number) => {
    const rect = track.current?.getBoundingClientRect();
    if (!rect || rect.width <= 0 || !known) return;
    onSeek(((clientX - rect.left) / rect.width) * durationMs);
  };

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (disabled || event.button !== 0) return;
    event.currentTarget.setPointerCapture?.(event.pointerId);
    seekAt(event.clientX);
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (disabled || !event.currentTarget.hasPointerCapture?.(event.pointerId)) return;
    seekAt(event.clientX);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (disabled || event.altKey || event.ctrlKey || event.metaKey) return;
    const step = AUDIO_TIMING.seekStepMs;
    let to: number | undefined;
    switch (event.key) {
      case 'ArrowLeft':
      case 'ArrowDown':
        to = positionMs - step;
        break;
      case 'ArrowRight':
      case 'ArrowUp':
        to = positionMs + step;
        break;
      case 'PageDown':
        to = positionMs - PAGE_MS;
        break;
      case 'PageUp':
        to = positionMs + PAGE_MS;
        break;
      case 'Home':
        to = 0;
        break;
      case 'End':
        if (known) to = durationMs;
        break;
      default:
        return;
    }
    event.preventDefault();
    // The job list moves between rows on ↑ / ↓: not from here.
    event.stopPropagation();
    if (to !== undefined) onSeek(to);
  };

  const position = formatAudioClock(positionMs);
  const duration = formatAudioClock(durationMs);
  return (
    <div
      ref={track}
      className={classes.bar}
      role="slider"
      tabIndex={disabled ? -1 : 0}
      aria-label={t('audio.player.position')}
      aria-valuemin={0}
      aria-valuemax={known ? Math.round(durationMs / 1000) : 0}
      aria-valuenow={Math.round(positionMs / 1000)}
      aria-valuetext={t('audio.player.positionValue', { position, duration })}
      aria-disabled={disabled || undefined}
      data-disabled={disabled || undefined}
      data-testid="audio-position"
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onKeyDown={onKeyDown}
    >
      <div className={classes.track}>
        <div className={classes.loaded} style={{ width: `${share(bufferedMs) * 100}%` }} />
        <div className={classes.played} style={{ width: `${share(positionMs) * 100}%` }} />
      </div>
      <div className={classes.thumb} style={{ left: `${share(positionMs) * 100}%` }} />
    </div>
  );
}
