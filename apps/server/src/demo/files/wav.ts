import type { Rng } from '../prng.js';

// Reading a WAV belongs to the product (services/audio/wavDuration.ts); re-exported for the route
// test that still imports it from here (routes/audio/createWithAudio.int.test.ts).

/** A RIFF/WAVE file of 16-bit PCM mono samples. */
export function encodeWav(samples: Int16Array, sampleRate: number): Buffer {
  const data = samples.length * 2;
  const buf = Buffer.alloc(44 + data);
  buf.write('RIFF', 0, 'ascii');
  buf.writeUInt32LE(36 + data, 4);
  buf.write('WAVE', 8, 'ascii');
  buf.write('fmt ', 12, 'ascii');
  buf.writeUInt32LE(16, 16);
  buf.writeUInt16LE(1, 20); // PCM
  buf.writeUInt16LE(1, 22); // mono
  buf.writeUInt32LE(sampleRate, 24);
  buf.writeUInt32LE(sampleRate * 2, 28);
  buf.writeUInt16LE(2, 32);
  buf.writeUInt16LE(16, 34);
  buf.write('data', 36, 'ascii');
  buf.writeUInt32LE(data, 40);
  for (let i = 0; i < samples.length; i++) buf.writeInt16LE(samples[i] as number, 44 + i * 2);
  return buf;
}

/**
 * A deterministic stand-in for speech when espeak-ng is missing: one voiced burst per word (a
 * vibrato tone with a syllable envelope) and short pauses, 16 kHz 16-bit mono.
 */
export function synthesizeSpeechLikeWav(text: string, rng: Rng): Buffer {
  const rate = 16_000;
  const words = text.split(/\s+/).filter(Boolean);
  const segments: { len: number; pitch: number; voiced: boolean }[] = [];
  segments.push({ len: Math.round(rate * 0.3), pitch: 0, voiced: false });
  for (const w of words) {
    segments.push({
      len: Math.round(rate * (0.16 + Math.min(w.length, 12) * 0.04)),
      pitch: 100 + rng.int(0, 120),
      voiced: true,
    });
    segments.push({ len: Math.round(rate * (w.endsWith('.') ? 0.35 : 0.09)), pitch: 0, voiced: false });
  }
  const total = segments.reduce((n, s) => n + s.len, 0);
  const samples = new Int16Array(total);
  let i = 0;
  let phase = 0;
  for (const s of segments) {
    for (let k = 0; k < s.len; k++, i++) {
      if (!s.voiced) continue;
      const t = k / rate;
      const env = Math.sin((Math.PI * k) / s.len) * (0.6 + 0.4 * Math.sin(2 * Math.PI * 4 * t));
      phase += (2 * Math.PI * s.pitch * (1 + 0.03 * Math.sin(2 * Math.PI * 5 * t))) / rate;
      const v = Math.sin(phase) + 0.35 * Math.sin(2 * phase) + 0.15 * Math.sin(3 * phase);
      samples[i] = Math.round(v * env * 7000);
    }
  }
  return encodeWav(samples, rate);
}
