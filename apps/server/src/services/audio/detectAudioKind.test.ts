import { describe, expect, it } from 'vitest';
import { encodeWav } from '../../demo/files/wav.js';
import { detectAudioKind, isOggOpus } from './detectAudioKind.js';

const bytes = (...parts: (string | number[])[]) =>
  Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'latin1') : Buffer.from(p))));

describe('detectAudioKind', () => {
  it('knows a RIFF/WAVE file', () => {
    expect(detectAudioKind(encodeWav(new Int16Array(16), 16_000))).toBe('wav');
    expect(detectAudioKind(bytes('RIFF', [0, 0, 0, 0], 'WAVEfmt '))).toBe('wav');
  });

  it('refuses other RIFF files (an AVI is not a recording)', () => {
    expect(detectAudioKind(bytes('RIFF', [0, 0, 0, 0], 'AVI LIST'))).toBeNull();
  });

  it('knows an mp3 by its ID3 tag or by an MPEG audio frame header', () => {
    expect(detectAudioKind(bytes('ID3', [4, 0, 0, 0, 0, 0, 0]))).toBe('mp3');
    // MPEG-1 Layer III, 128 kbit/s, 44.1 kHz
    expect(detectAudioKind(bytes([0xff, 0xfb, 0x90, 0x64]))).toBe('mp3');
    // MPEG-2 Layer III, 64 kbit/s, 22.05 kHz
    expect(detectAudioKind(bytes([0xff, 0xf3, 0x80, 0xc4]))).toBe('mp3');
  });

  it('does not take any 0xFF start for an mp3', () => {
    expect(detectAudioKind(bytes([0xff, 0xd8, 0xff, 0xe0]))).toBeNull(); // JPEG
    expect(detectAudioKind(bytes([0xff, 0xf1, 0x50, 0x80]))).toBeNull(); // ADTS AAC (layer 00)
    expect(detectAudioKind(bytes([0xff, 0xfb, 0xf0, 0x64]))).toBeNull(); // bad bitrate index
    expect(detectAudioKind(bytes([0xff, 0xfb, 0x9c, 0x64]))).toBeNull(); // reserved sample rate
    expect(detectAudioKind(bytes([0xff, 0xeb, 0x90, 0x64]))).toBeNull(); // reserved version
  });

  it('knows an Ogg file, and whether it holds Opus', () => {
    const opusPage = bytes('OggS', new Array(24).fill(0), 'OpusHead', [1, 1]);
    const vorbisPage = bytes('OggS', new Array(24).fill(0), [1], 'vorbis');
    expect(detectAudioKind(opusPage)).toBe('ogg');
    expect(isOggOpus(opusPage)).toBe(true);
    expect(detectAudioKind(vorbisPage)).toBe('ogg');
    expect(isOggOpus(vorbisPage)).toBe(false);
  });

  it('knows an m4a by its ftyp box with an audio MPEG-4 brand', () => {
    for (const brand of ['M4A ', 'mp42', 'isom']) {
      expect(detectAudioKind(bytes([0, 0, 0, 0x20], 'ftyp', brand, [0, 0, 0, 0]))).toBe('m4a');
    }
    expect(detectAudioKind(bytes([0, 0, 0, 0x20], 'ftyp', 'qt  ', [0, 0, 0, 0]))).toBeNull();
    expect(detectAudioKind(bytes([0, 0, 0, 0x20], 'ftyp', 'heic', [0, 0, 0, 0]))).toBeNull();
  });

  it('refuses text, documents, empty and too-short input whatever the name would say', () => {
    expect(detectAudioKind(Buffer.from('This is not audio, just a text file named x.wav\n'))).toBeNull();
    expect(detectAudioKind(Buffer.from('%PDF-1.7\n'))).toBeNull();
    expect(detectAudioKind(bytes('PK', [3, 4, 20, 0]))).toBeNull();
    expect(detectAudioKind(new Uint8Array(0))).toBeNull();
    expect(detectAudioKind(bytes('RIF'))).toBeNull();
    expect(detectAudioKind(bytes('RIFF', [0, 0, 0, 0], 'WAV'))).toBeNull();
    expect(detectAudioKind(bytes([0xff, 0xfb]))).toBeNull();
  });
});
