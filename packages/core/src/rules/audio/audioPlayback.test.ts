import { describe, expect, it } from 'vitest';
import { AUDIO_CONTENT_TYPES } from '../../contract/audio.js';
import {
  AUDIO_STORAGE_KEYS,
  chooseAudioSource,
  clampPositionMs,
  clampVolume,
  DEFAULT_VOLUME,
  formatAudioClock,
  PLAYBACK_SPEEDS,
  parseAutoRewind,
  parseSpeed,
  resumePositionMs,
} from './audioPlayback.js';

describe('volume (spec 01 §5/§9)', () => {
  it('defaults to 0.5, stored under vol', () => {
    expect(DEFAULT_VOLUME).toBe(0.5);
    expect(AUDIO_STORAGE_KEYS.volume).toBe('vol');
  });

  it('is clamped between 0 and 1', () => {
    expect(clampVolume(1.5)).toBe(1);
    expect(clampVolume(-0.2)).toBe(0);
    expect(clampVolume(0.37)).toBe(0.37);
    expect(clampVolume('0.8')).toBe(0.8);
    expect(clampVolume('2')).toBe(1);
  });

  it('reads anything that is not a number as the default', () => {
    for (const v of [null, undefined, '', 'loud', Number.NaN, Number.POSITIVE_INFINITY, {}]) {
      expect(clampVolume(v)).toBe(0.5);
    }
  });

  it('does not drift over many 0.01 steps', () => {
    let v = 0.5;
    for (let i = 0; i < 30; i++) v = clampVolume(v + 0.01);
    expect(v).toBe(0.8);
    for (let i = 0; i < 100; i++) v = clampVolume(v - 0.01);
    expect(v).toBe(0);
  });
});

describe('speed and auto-rewind', () => {
  it('offers 0.5× to 2×', () => {
    expect(PLAYBACK_SPEEDS[0]).toBe(0.5);
    expect(PLAYBACK_SPEEDS.at(-1)).toBe(2);
    expect(PLAYBACK_SPEEDS).toContain(1);
  });

  it('reads a stored speed only when it is offered', () => {
    expect(parseSpeed('1.5')).toBe(1.5);
    expect(parseSpeed(0.75)).toBe(0.75);
    expect(parseSpeed('3')).toBe(1);
    expect(parseSpeed('1.3')).toBe(1);
    expect(parseSpeed(null)).toBe(1);
  });

  it('reads a stored auto-rewind, default 1 s', () => {
    expect(parseAutoRewind('2000')).toBe(2000);
    expect(parseAutoRewind('0')).toBe(0);
    expect(parseAutoRewind(null)).toBe(1000);
    expect(parseAutoRewind('250')).toBe(1000);
  });

  it('resumes a little earlier where it was paused, but not after the position was moved', () => {
    expect(resumePositionMs(10_000, 10_000, 1000)).toBe(9000);
    expect(resumePositionMs(500, 500, 1000)).toBe(0);
    expect(resumePositionMs(6000, 10_000, 1000)).toBe(6000);
    expect(resumePositionMs(10_000, null, 1000)).toBe(10_000);
    expect(resumePositionMs(10_000, 10_000, 0)).toBe(10_000);
  });
});

describe('positions and time', () => {
  it('keeps a position within the recording', () => {
    expect(clampPositionMs(-300, 10_000)).toBe(0);
    expect(clampPositionMs(12_000, 10_000)).toBe(10_000);
    expect(clampPositionMs(12_000, null)).toBe(12_000);
    expect(clampPositionMs(Number.NaN, 10_000)).toBe(0);
  });

  it('reads m:ss, h:mm:ss from an hour', () => {
    expect(formatAudioClock(0)).toBe('0:00');
    expect(formatAudioClock(65_999)).toBe('1:05');
    expect(formatAudioClock(3_725_000)).toBe('1:02:05');
    expect(formatAudioClock(null)).toBe('-:--');
    expect(formatAudioClock(Number.NaN)).toBe('-:--');
  });
});

describe('which rendition plays (spec 01 §5)', () => {
  const base = {
    jobId: 12,
    audioURL: '/api/Audio/opus?jobId=12',
    audioFormat: 'opus' as const,
    hasOpus: true,
    hasWav: true,
  };
  const plays =
    (...types: string[]) =>
    (t: string) =>
      types.includes(t) ? 'probably' : '';

  it('opus when the browser plays it', () => {
    expect(chooseAudioSource(base, plays(AUDIO_CONTENT_TYPES.opus), AUDIO_CONTENT_TYPES)).toEqual({
      kind: 'source',
      codec: 'opus',
      url: '/api/Audio/opus?jobId=12',
    });
  });

  it('else wav', () => {
    expect(chooseAudioSource(base, plays(AUDIO_CONTENT_TYPES.wav), AUDIO_CONTENT_TYPES)).toEqual({
      kind: 'source',
      codec: 'wav',
      url: '/api/Audio/wav?jobId=12',
    });
  });

  it('neither: cannot play', () => {
    expect(chooseAudioSource(base, plays(), AUDIO_CONTENT_TYPES)).toEqual({ kind: 'unplayable' });
    expect(
      chooseAudioSource({ ...base, hasWav: false }, plays(AUDIO_CONTENT_TYPES.wav), AUDIO_CONTENT_TYPES),
    ).toEqual({ kind: 'unplayable' });
  });

  it('wav only', () => {
    const wavOnly = {
      ...base,
      audioURL: '/api/Audio/wav?jobId=12',
      audioFormat: 'wav' as const,
      hasOpus: false,
    };
    expect(
      chooseAudioSource(
        wavOnly,
        plays(AUDIO_CONTENT_TYPES.opus, AUDIO_CONTENT_TYPES.wav),
        AUDIO_CONTENT_TYPES,
      ),
    ).toEqual({
      kind: 'source',
      codec: 'wav',
      url: '/api/Audio/wav?jobId=12',
    });
  });

  it('no audio (or none this account may play: no audioURL)', () => {
    expect(
      chooseAudioSource(
        { ...base, audioURL: null, audioFormat: null },
        plays(AUDIO_CONTENT_TYPES.opus),
        AUDIO_CONTENT_TYPES,
      ),
    ).toEqual({ kind: 'none' });
    expect(
      chooseAudioSource(
        { jobId: 3, audioURL: null, audioFormat: null, hasOpus: false, hasWav: false },
        plays(AUDIO_CONTENT_TYPES.opus),
        AUDIO_CONTENT_TYPES,
      ),
    ).toEqual({ kind: 'none' });
  });
});
