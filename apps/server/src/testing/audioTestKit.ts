import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { encodeWav } from '../demo/files/wav.js';
import { random } from './random.js';

/** Tests only: a wav of a 440 Hz tone, 16 kHz 16-bit mono, `seconds` long. */
export function toneWav(seconds = 1, rate = 16_000): Buffer {
  const samples = new Int16Array(Math.round(seconds * rate));
  for (let i = 0; i < samples.length; i++)
    samples[i] = Math.round(Math.sin((2 * Math.PI * 440 * i) / rate) * 8000);
  return encodeWav(samples, rate);
}

/**
 * Tests only: half a second of a 440 Hz tone as ffmpeg encodes it (16 kHz mono; made once with
 * `ffmpeg -f lavfi -i sine=…:duration=0.5 -fflags +bitexact …` and kept in fixtures/audio), so
 * the header reader is tested on real files whether or not ffmpeg is installed.
 */
export function encodedTone(ext: 'opus' | 'mp3' | 'm4a'): Buffer {
  return readFileSync(join(dirname(fileURLToPath(import.meta.url)), 'fixtures', 'audio', `tone.${ext}`));
}

/**
 * Tests only, issue 41: the probe's corrupt dictations — a WAV whose header claims 65,535
 * channels (over a second of noise) and `OggS` followed by random bytes.
 */
export function corruptAudio(): { name: string; bytes: Buffer }[] {
  const r = random(41);
  const next = () => Math.floor(r() * 256);
  const manyChannels = Buffer.from(toneWav(1));
  manyChannels.writeUInt16LE(65_535, 22);
  return [
    { name: 'a WAV claiming 65,535 channels', bytes: manyChannels },
    {
      name: 'OggS then random bytes',
      bytes: Buffer.concat([Buffer.from('OggS'), Buffer.from(Array.from({ length: 20_000 }, next))]),
    },
  ];
}

export interface MultipartFile {
  filename: string;
  contentType?: string;
  bytes: Buffer;
  /** Field name; `file` unless a test says otherwise. */
  field?: string;
}

/** Tests only: a multipart/form-data body, built by hand as a browser's FormData would send it. */
export function multipartBody(fields: Record<string, string>, files: MultipartFile[] = []) {
  const boundary = `----QuillTestBoundary${randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  }
  for (const f of files) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${f.field ?? 'file'}"; filename="${f.filename}"\r\n` +
          `Content-Type: ${f.contentType ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      f.bytes,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    boundary,
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
