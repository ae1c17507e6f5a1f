import type { UploadAudioKind } from '@quill/core';

/** What a recording's headers say: its first audio stream's channels and rate, and its length. */
export interface AudioFacts {
  channels: number;
  sampleRate: number;
  durationMs: number;
}

const ascii = (b: Buffer, start: number, end: number) =>
  b.length < end ? '' : b.toString('latin1', start, end);

/** WAV codes of samples every player decodes: PCM, IEEE float, A-law, µ-law, extensible. */
const WAV_FORMATS = new Set([1, 3, 6, 7, 0xfffe]);

/**
 * A WAV's fmt and data chunks, checked against each other: the byte rate and block size must
 * follow from the channels, rate and sample size, and the data must hold at least one block.
 */
function wavFacts(b: Buffer): AudioFacts | null {
  if (ascii(b, 0, 4) !== 'RIFF' || ascii(b, 8, 12) !== 'WAVE') return null;
  let fmt: {
    format: number;
    channels: number;
    rate: number;
    byteRate: number;
    block: number;
    bits: number;
  } | null = null;
  for (let pos = 12; pos + 8 <= b.length; ) {
    const id = ascii(b, pos, pos + 4);
    let size = b.readUInt32LE(pos + 4);
    if (id === 'fmt ' && size >= 16 && pos + 24 <= b.length) {
      fmt = {
        format: b.readUInt16LE(pos + 8),
        channels: b.readUInt16LE(pos + 10),
        rate: b.readUInt32LE(pos + 12),
        byteRate: b.readUInt32LE(pos + 16),
        block: b.readUInt16LE(pos + 20),
        bits: b.readUInt16LE(pos + 22),
      };
    }
    if (id === 'data') {
      if (!fmt || !WAV_FORMATS.has(fmt.format) || fmt.bits === 0 || fmt.bits % 8 !== 0) return null;
      if (fmt.block !== (fmt.channels * fmt.bits) / 8 || fmt.byteRate !== fmt.rate * fmt.block) return null;
      // Streams written without seeking leave the size at 0 or 0xffffffff; what is there counts.
      if (size === 0 || pos + 8 + size > b.length) size = b.length - pos - 8;
      if (size < fmt.block) return null;
      return { channels: fmt.channels, sampleRate: fmt.rate, durationMs: (size / fmt.byteRate) * 1000 };
    }
    pos += 8 + size + (size % 2);
  }
  return null;
}

/** An Ogg page header at `at` (capture pattern, version 0), with where its first packet starts. */
function oggPage(b: Buffer, at: number): { flags: number; granule: bigint; body: number } | null {
  if (ascii(b, at, at + 4) !== 'OggS' || b[at + 4] !== 0 || at + 27 > b.length) return null;
  const body = at + 27 + b[at + 26]!;
  return body > b.length ? null : { flags: b[at + 5]!, granule: b.readBigInt64LE(at + 6), body };
}

/**
 * An Ogg Opus or Vorbis file: a first page that begins the stream with the codec's id header,
 * and a last page whose granule position says the stream holds samples.
 */
function oggFacts(b: Buffer): AudioFacts | null {
  const first = oggPage(b, 0);
  if (!first || (first.flags & 0x02) === 0) return null;
  const p = first.body;
  let channels: number;
  let sampleRate: number;
  let skip = 0;
  if (ascii(b, p, p + 8) === 'OpusHead' && p + 19 <= b.length) {
    if (b[p + 8] === 0 || b[p + 8]! > 15) return null;
    channels = b[p + 9]!;
    skip = b.readUInt16LE(p + 10);
    sampleRate = 48_000; // Opus always decodes at 48 kHz
  } else if (ascii(b, p, p + 7) === '\u0001vorbis' && p + 16 <= b.length) {
    if (b.readUInt32LE(p + 7) !== 0) return null;
    channels = b[p + 11]!;
    sampleRate = b.readUInt32LE(p + 12);
  } else return null;
  const lastAt = b.lastIndexOf('OggS');
  const last = lastAt > 0 ? oggPage(b, lastAt) : null;
  if (!last || sampleRate === 0) return null;
  const samples = Number(last.granule) - skip;
  return samples > 0 ? { channels, sampleRate, durationMs: (samples / sampleRate) * 1000 } : null;
}

/** Kilobits per second by [MPEG-1 ? 0 : 1][layer I, II, III][index]. */
const MP3_BITRATES = [
  [
    [0, 32, 64, 96, 128, 160, 192, 224, 256, 288, 320, 352, 384, 416, 448],
    [0, 32, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320, 384],
    [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320],
  ],
  [
    [0, 32, 48, 56, 64, 80, 96, 112, 128, 144, 160, 176, 192, 224, 256],
    [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160],
    [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160],
  ],
] as const;
/** Sample rates by version bits (00 MPEG-2.5, 10 MPEG-2, 11 MPEG-1) and index. */
const MP3_RATES: Record<number, readonly number[]> = {
  0: [11_025, 12_000, 8_000],
  2: [22_050, 24_000, 16_000],
  3: [44_100, 48_000, 32_000],
};

/** One MPEG audio frame header at `at`: its length in bytes, rate, channels and bitrate; null if none. */
function mp3Frame(b: Buffer, at: number) {
  if (at + 4 > b.length || b[at] !== 0xff || (b[at + 1]! & 0xe0) !== 0xe0) return null;
  const version = (b[at + 1]! >> 3) & 3;
  const layer = 4 - ((b[at + 1]! >> 1) & 3); // 1, 2 or 3; 4 is reserved
  const rates = MP3_RATES[version];
  const kbps = MP3_BITRATES[version === 3 ? 0 : 1][layer - 1]?.[b[at + 2]! >> 4];
  const rate = rates?.[(b[at + 2]! >> 2) & 3];
  if (!kbps || !rate || layer > 3) return null; // free-format, reserved or bad values
  const padding = (b[at + 2]! >> 1) & 1;
  const slots = layer === 1 ? 12 : layer === 3 && version !== 3 ? 72 : 144;
  const length =
    layer === 1
      ? (Math.floor((slots * kbps * 1000) / rate) + padding) * 4
      : Math.floor((slots * kbps * 1000) / rate) + padding;
  return { length, rate, kbps, version, layer, channels: b[at + 3]! >> 6 === 3 ? 1 : 2 };
}

/** An MP3: after any ID3v2 tag, two frame headers in a row that agree (random bytes rarely do). */
function mp3Facts(b: Buffer): AudioFacts | null {
  let at = 0;
  if (ascii(b, 0, 3) === 'ID3' && b.length >= 10) {
    at = 10 + ((b[6]! << 21) | (b[7]! << 14) | (b[8]! << 7) | b[9]!) + (b[5]! & 0x10 ? 10 : 0);
  }
  const first = mp3Frame(b, at);
  const second = first && mp3Frame(b, at + first.length);
  if (!first || !second || second.rate !== first.rate || second.layer !== first.layer) return null;
  const durationMs = ((b.length - at) * 8) / first.kbps;
  return { channels: first.channels, sampleRate: first.rate, durationMs };
}

/** The boxes of an ISO media file between `start` and `end`, by type (the first of each type). */
function boxes(b: Buffer, start: number, end: number): Map<string, { from: number; to: number }> {
  const found = new Map<string, { from: number; to: number }>();
  for (let pos = start; pos + 8 <= end; ) {
    let size = b.readUInt32BE(pos) === 0 ? end - pos : b.readUInt32BE(pos);
    let header = 8;
    if (size === 1 && pos + 16 <= end) {
      size = Number(b.readBigUInt64BE(pos + 8));
      header = 16;
    }
    if (size < header || pos + size > end) break;
    const type = ascii(b, pos + 4, pos + 8);
    if (!found.has(type)) found.set(type, { from: pos + header, to: pos + size });
    pos += size;
  }
  return found;
}

/**
 * An M4A: a movie header with a duration, the first track's audio sample entry (channels, rate)
 * and a media data box with bytes in it.
 */
function m4aFacts(b: Buffer): AudioFacts | null {
  const top = boxes(b, 0, b.length);
  const moov = top.get('moov');
  const mdat = top.get('mdat');
  if (!moov || !mdat || mdat.to <= mdat.from) return null;
  const inMoov = boxes(b, moov.from, moov.to);
  const mvhd = inMoov.get('mvhd');
  let box = inMoov.get('trak');
  for (const type of ['mdia', 'minf', 'stbl', 'stsd']) box = box && boxes(b, box.from, box.to).get(type);
  if (!mvhd || !box || mvhd.from + 32 > mvhd.to || box.from + 8 + 36 > box.to) return null;
  const v1 = b[mvhd.from] === 1;
  const timescale = b.readUInt32BE(mvhd.from + (v1 ? 20 : 12));
  const duration = v1 ? Number(b.readBigUInt64BE(mvhd.from + 24)) : b.readUInt32BE(mvhd.from + 16);
  // stsd: version/flags, entry count, then the first sample entry (size, format, 6 reserved, index).
  const entry = box.from + 8;
  // Often the template value 2 whatever the stream holds (AAC keeps the real count in its config).
  const channels = b.readUInt16BE(entry + 24);
  const sampleRate = b.readUInt32BE(entry + 32) >>> 16;
  if (timescale === 0) return null;
  return { channels, sampleRate, durationMs: (duration / timescale) * 1000 };
}

/**
 * A strict reading of a recording's own headers, for servers without ffprobe (issue 41): what
 * they say, or null when they do not hold together. It does not decode the audio.
 */
export function readAudioHeader(bytes: Buffer, kind: UploadAudioKind): AudioFacts | null {
  try {
    if (kind === 'wav') return wavFacts(bytes);
    if (kind === 'ogg') return oggFacts(bytes);
    if (kind === 'mp3') return mp3Facts(bytes);
    return m4aFacts(bytes);
  } catch {
    // A length that points outside the file (RangeError from a read): no valid header.
    return null;
  }
}
