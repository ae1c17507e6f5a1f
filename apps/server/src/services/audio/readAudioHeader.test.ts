import { describe, expect, it } from 'vitest';
import { corruptAudio, encodedTone, toneWav } from '../../testing/audioTestKit.js';
import { readAudioHeader } from './readAudioHeader.js';

/** Issue 41: the strict header reader that checks dictations where ffprobe is not installed. */
describe('readAudioHeader', () => {
  it('reads channels, rate and length of a good wav, opus, mp3 and m4a', () => {
    expect(readAudioHeader(toneWav(1), 'wav')).toEqual({ channels: 1, sampleRate: 16_000, durationMs: 1000 });
    const opus = readAudioHeader(encodedTone('opus'), 'ogg');
    expect(opus).toMatchObject({ channels: 1, sampleRate: 48_000 });
    expect(opus!.durationMs).toBeCloseTo(500, -1);
    const mp3 = readAudioHeader(encodedTone('mp3'), 'mp3');
    expect(mp3).toMatchObject({ channels: 1, sampleRate: 16_000 });
    expect(mp3!.durationMs).toBeGreaterThan(400);
    expect(mp3!.durationMs).toBeLessThan(800);
    const m4a = readAudioHeader(encodedTone('m4a'), 'm4a');
    // The MP4 sample entry keeps the template channel count 2; the AAC config inside has the real one.
    expect(m4a).toMatchObject({ channels: 2, sampleRate: 16_000 });
    expect(m4a!.durationMs).toBeCloseTo(500, -2);
  });

  it('reads the probe’s corrupt files as what their headers claim, or not at all', () => {
    const [manyChannels, randomOgg] = corruptAudio();
    // The reader reports; checkDictationAudio refuses 65,535 channels against the limits.
    expect(readAudioHeader(manyChannels!.bytes, 'wav')).toBeNull();
    expect(readAudioHeader(randomOgg!.bytes, 'ogg')).toBeNull();
  });

  it('refuses headers that do not hold together', () => {
    const noData = toneWav(1).subarray(0, 44);
    expect(readAudioHeader(noData, 'wav')).toBeNull();
    const badRate = Buffer.from(toneWav(1));
    badRate.writeUInt32LE(1, 28); // byte rate that does not follow from rate × block
    expect(readAudioHeader(badRate, 'wav')).toBeNull();
    const opusHeadOnly = encodedTone('opus').subarray(0, 60);
    expect(readAudioHeader(opusHeadOnly, 'ogg')).toBeNull();
    const oneMp3Frame = encodedTone('mp3').subarray(0, 200);
    expect(readAudioHeader(Buffer.concat([oneMp3Frame, Buffer.alloc(300, 7)]), 'mp3')).toBeNull();
    const m4a = encodedTone('m4a');
    expect(readAudioHeader(m4a.subarray(0, m4a.length / 2), 'm4a')).toBeNull();
    expect(readAudioHeader(Buffer.from('OggS'), 'ogg')).toBeNull();
    expect(readAudioHeader(Buffer.from([0xff, 0xfb, 0x90, 0x64]), 'mp3')).toBeNull();
  });
});
