import type { UploadAudioKind } from '@quill/core';

/** How many leading bytes `detectAudioKind` looks at. */
export const AUDIO_MAGIC_BYTES = 36;

const ascii = (bytes: Uint8Array, start: number, end: number) =>
  bytes.length < end ? '' : String.fromCharCode(...bytes.subarray(start, end));

/** ISO base media brands of audio-only MPEG-4 files and of the generic containers phones write. */
const M4A_BRANDS = new Set(['M4A ', 'M4B ', 'mp42', 'mp41', 'isom', 'iso2']);

/**
 * One MPEG audio frame header (0xFFE sync, then no reserved version, layer, bitrate or sample
 * rate), so that random bytes starting with 0xFF are not taken for an mp3. ADTS AAC (layer 00)
 * does not match.
 */
function isMpegFrame(b: Uint8Array): boolean {
  if (b.length < 4 || b[0] !== 0xff || (b[1]! & 0xe0) !== 0xe0) return false;
  const version = (b[1]! >> 3) & 0x03;
  const layer = (b[1]! >> 1) & 0x03;
  const bitrate = b[2]! >> 4;
  const sampleRate = (b[2]! >> 2) & 0x03;
  return version !== 1 && layer !== 0 && bitrate !== 0x0f && sampleRate !== 0x03;
}

/**
 * Create with Audio: which recording a file is, from its first bytes, whatever its name or the
 * browser's content type say (wav `RIFF….WAVE`, mp3 `ID3` or an MPEG frame, ogg `OggS`, m4a
 * `….ftyp` with an audio MPEG-4 brand); null for anything else.
 */
export function detectAudioKind(head: Uint8Array): UploadAudioKind | null {
  if (ascii(head, 0, 4) === 'RIFF' && ascii(head, 8, 12) === 'WAVE') return 'wav';
  if (ascii(head, 0, 4) === 'OggS') return 'ogg';
  if (ascii(head, 0, 3) === 'ID3' || isMpegFrame(head)) return 'mp3';
  if (ascii(head, 4, 8) === 'ftyp' && M4A_BRANDS.has(ascii(head, 8, 12))) return 'm4a';
  return null;
}

/** True when an Ogg file's first stream is Opus (its first page carries `OpusHead`). */
export function isOggOpus(head: Uint8Array): boolean {
  return ascii(head, 0, 4) === 'OggS' && ascii(head, 28, 36) === 'OpusHead';
}

/** MIME type and blob extension of each accepted kind. */
export const UPLOAD_KIND_FORMATS: Record<UploadAudioKind, { mimeType: string; extension: string }> = {
  wav: { mimeType: 'audio/wav', extension: 'wav' },
  mp3: { mimeType: 'audio/mpeg', extension: 'mp3' },
  ogg: { mimeType: 'audio/ogg', extension: 'ogg' },
  m4a: { mimeType: 'audio/mp4', extension: 'm4a' },
};
