import {
  AUDIO_STORAGE_KEYS,
  clampVolume,
  parseAutoRewind,
  parseSpeed,
} from '@quill/core/rules/audio/audioPlayback';
import { useSyncExternalStore } from 'react';

/**
 * The listener's player settings, kept in localStorage so they survive a reload and apply to every
 * player: volume (spec 01 §9: key `vol`, default 0.5, clamped 0–1), playback speed (`audio-speed`,
 * 0.5×–2×) and auto-rewind on resume (`audio-auto-rewind`, ms, default 1 s). Every player on the
 * page reads the same values and sees changes at once.
 */
export interface AudioPrefs {
  volume: number;
  speed: number;
  autoRewindMs: number;
}

function read(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string): void {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    // A full or blocked storage: the setting lasts until the page is left.
  }
}

/** Reads the stored settings, each checked (anything stored that is not valid reads as the default). */
export function readAudioPrefs(): AudioPrefs {
  return {
    volume: clampVolume(read(AUDIO_STORAGE_KEYS.volume)),
    speed: parseSpeed(read(AUDIO_STORAGE_KEYS.speed)),
    autoRewindMs: parseAutoRewind(read(AUDIO_STORAGE_KEYS.autoRewind)),
  };
}

let current: AudioPrefs | null = null;
const listeners = new Set<() => void>();

function snapshot(): AudioPrefs {
  current ??= readAudioPrefs();
  return current;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** Changes settings (volume clamped), stores them and tells every player. */
export function updateAudioPrefs(change: Partial<AudioPrefs>): AudioPrefs {
  const before = snapshot();
  const next: AudioPrefs = {
    volume: change.volume === undefined ? before.volume : clampVolume(change.volume),
    speed: change.speed === undefined ? before.speed : parseSpeed(change.speed),
    autoRewindMs:
      change.autoRewindMs === undefined ? before.autoRewindMs : parseAutoRewind(change.autoRewindMs),
  };
  if (next.volume !== before.volume) write(AUDIO_STORAGE_KEYS.volume, String(next.volume));
  if (next.speed !== before.speed) write(AUDIO_STORAGE_KEYS.speed, String(next.speed));
  if (next.autoRewindMs !== before.autoRewindMs)
    write(AUDIO_STORAGE_KEYS.autoRewind, String(next.autoRewindMs));
  if (
    next.volume === before.volume &&
    next.speed === before.speed &&
    next.autoRewindMs === before.autoRewindMs
  )
    return before;
  current = next;
  for (const l of [...listeners]) l();
  return next;
}

/** Tests: forget the settings read so far (the next read goes to localStorage again). */
export function resetAudioPrefsCache(): void {
  current = null;
}

/** The player settings, re-rendering when any player changes them. */
export function useAudioPrefs(): AudioPrefs {
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}
