import type { AudioCodec, AudioOptions } from '../../contract/audio.js';
import { urlOf } from '../../contract/endpoint.js';
import { AUDIO } from '../../contract/endpoints/audio.js';

/**
 * The player's settings and the small rules around them: volume (spec 01 §5/§9), playback speed
 * and auto-rewind on resume (beyond the spec), which rendition to play, and time display.
 */

/** Where the player's settings are kept in localStorage. `vol` is the spec's (01 §9). */
export const AUDIO_STORAGE_KEYS = {
  volume: 'vol',
  speed: 'audio-speed',
  autoRewind: 'audio-auto-rewind',
} as const;

/** Spec 01 §9: default volume. */
export const DEFAULT_VOLUME = 0.5;

/** Beyond the spec: the playback speeds offered (0.5× to 2×); 1 is normal. */
export const PLAYBACK_SPEEDS = [0.5, 0.75, 1, 1.25, 1.5, 1.75, 2] as const;
export const DEFAULT_SPEED = 1;

/** Beyond the spec: how far playback goes back when it resumes after a pause, in ms. */
export const AUTO_REWIND_CHOICES_MS = [0, 500, 1000, 2000, 3000, 5000] as const;
export const DEFAULT_AUTO_REWIND_MS = 1000;

/**
 * Spec 01 §5: volume is clamped between 0 and 1. Anything that is not a number is the default;
 * the result is rounded to hundredths so that repeated ±0.01 steps do not drift (0.1 + 0.2 …).
 */
export function clampVolume(value: unknown): number {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isFinite(n)) return DEFAULT_VOLUME;
  return Math.round(Math.min(1, Math.max(0, n)) * 100) / 100;
}

/** A stored speed, if it is one of {@link PLAYBACK_SPEEDS}; otherwise normal speed. */
export function parseSpeed(value: unknown): number {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return (PLAYBACK_SPEEDS as readonly unknown[]).includes(n) ? (n as number) : DEFAULT_SPEED;
}

/** A stored auto-rewind, if it is one of {@link AUTO_REWIND_CHOICES_MS}; otherwise the default. */
export function parseAutoRewind(value: unknown): number {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return (AUTO_REWIND_CHOICES_MS as readonly unknown[]).includes(n) ? (n as number) : DEFAULT_AUTO_REWIND_MS;
}

/** A position kept within the recording (0 … duration; 0 … ∞ while the duration is unknown). */
export function clampPositionMs(positionMs: number, durationMs: number | null): number {
  const upper = durationMs !== null && Number.isFinite(durationMs) && durationMs > 0 ? durationMs : Infinity;
  if (!Number.isFinite(positionMs)) return 0;
  return Math.min(upper, Math.max(0, positionMs));
}

/**
 * Auto-rewind on resume (beyond the spec): playback that resumes where it was paused starts
 * `autoRewindMs` earlier, so the listener hears the last words again. When the position was moved
 * while paused (a seek, a rewind, a skip), the listener chose where to resume: no auto-rewind.
 * Answers the position to resume from.
 */
export function resumePositionMs(currentMs: number, pausedAtMs: number | null, autoRewindMs: number): number {
  if (pausedAtMs === null || autoRewindMs <= 0) return currentMs;
  if (Math.abs(currentMs - pausedAtMs) > 50) return currentMs;
  return Math.max(0, currentMs - autoRewindMs);
}

/** `m:ss` (or `h:mm:ss` from an hour on) of a position in ms; unknown reads `-:--`. */
export function formatAudioClock(ms: number | null): string {
  if (ms === null || !Number.isFinite(ms) || ms < 0) return '-:--';
  const total = Math.floor(ms / 1000);
  const s = total % 60;
  const m = Math.floor(total / 60) % 60;
  const h = Math.floor(total / 3600);
  const ss = String(s).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${m}:${ss}`;
}

/** The stream of one rendition (spec 01 §7 "Documents and audio"). */
export function audioStreamPath(codec: AudioCodec, jobId: number): string {
  return urlOf(AUDIO.stream, { codec }, { jobId });
}

/** The browser's `canPlayType` answer: '' (no), 'maybe' or 'probably'. */
export type CanPlayType = (contentType: string) => string;

/** What the player should load: a rendition's URL, none (no audio), or none it can play. */
export type AudioSourceChoice =
  | { kind: 'source'; codec: AudioCodec; url: string }
  | { kind: 'none' }
  | { kind: 'unplayable' };

/**
 * Spec 01 §5: which rendition to play. Opus (the server's preferred, `audioURL`) when the browser
 * can play `audio/ogg; codecs=opus`; else wav when there is one and the browser plays wav; with
 * neither the player shows 'Cannot play audio'. No audio at all is 'There is no audio …'.
 */
export function chooseAudioSource(
  options: Pick<AudioOptions, 'jobId' | 'audioURL' | 'audioFormat' | 'hasOpus' | 'hasWav'>,
  canPlayType: CanPlayType,
  contentTypes: Record<AudioCodec, string>,
): AudioSourceChoice {
  // The contract: audioURL is null when there is no audio this account may play.
  if (!options.audioURL) return { kind: 'none' };
  const hasOpus = options.hasOpus || options.audioFormat === 'opus';
  const hasWav = options.hasWav || options.audioFormat === 'wav';
  const url = (codec: AudioCodec) =>
    options.audioFormat === codec && options.audioURL
      ? options.audioURL
      : audioStreamPath(codec, options.jobId);
  if (hasOpus && canPlayType(contentTypes.opus) !== '')
    return { kind: 'source', codec: 'opus', url: url('opus') };
  if (hasWav && canPlayType(contentTypes.wav) !== '')
    return { kind: 'source', codec: 'wav', url: url('wav') };
  return { kind: 'unplayable' };
}
