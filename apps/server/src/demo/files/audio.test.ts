import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { wavDurationMs } from '../../services/audio/wavDuration.js';
import { FsBlobStore } from '../../storage/fsBlobStore.js';
import { rngFor } from '../prng.js';
import { buildAudioPool } from './audio.js';
import { synthesizeSpeechLikeWav } from './wav.js';

const TEXT =
  'This is a progress note dictation. The patient is a 62-year-old woman seen for follow-up of hypertension. ' +
  'Home readings average 158 over 96. Increase lisinopril and add amlodipine. Return in two weeks. End of dictation.';

describe('synthetic dictation audio', () => {
  it('is a deterministic 16 kHz 16-bit mono WAV of speech-like length', () => {
    const a = synthesizeSpeechLikeWav(TEXT, rngFor('x', 1));
    const b = synthesizeSpeechLikeWav(TEXT, rngFor('x', 1));
    expect(a.equals(b)).toBe(true);
    expect(a.toString('ascii', 0, 4)).toBe('RIFF');
    expect(a.readUInt32LE(4)).toBe(a.length - 8);
    expect(a.readUInt16LE(20)).toBe(1);
    expect(a.readUInt16LE(22)).toBe(1);
    expect(a.readUInt32LE(24)).toBe(16_000);
    expect(a.readUInt16LE(34)).toBe(16);
    const ms = wavDurationMs(a);
    expect(ms).toBeGreaterThan(8_000);
    expect(ms).toBeLessThan(30_000);
  });

  it('builds a wav-only pool when espeak-ng and ffmpeg are not used', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'quill-audio-test-'));
    try {
      const blobs = new FsBlobStore(dir);
      const pool = await buildAudioPool(blobs, [TEXT, `${TEXT} Again.`], {
        useEspeak: false,
        useFfmpeg: false,
      });
      expect(pool.voice).toBe('synthetic');
      expect(pool.hasOpus).toBe(false);
      expect(pool.clips).toHaveLength(2);
      for (const clip of pool.clips) {
        expect(clip.opus).toBeNull();
        expect(clip.wav.key).toMatch(/^audio\/[0-9a-f]{2}\/[0-9a-f]{64}\.wav$/);
        expect(await blobs.exists(clip.wav.key)).toBe(true);
        expect(clip.durationMs).toBeGreaterThan(0);
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
