import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { AUDIO_INTAKE_LIMITS, message, type UploadAudioKind } from '@quill/core';
import { invalid } from '../../errors/domainErrors.js';
import { type AudioFacts, readAudioHeader } from './readAudioHeader.js';

const run = promisify(execFile);

/**
 * ffprobe's reading of the first audio stream: channels, rate and the container's duration, and
 * how many frames of its first seconds decode (`-count_frames` decodes them); null when ffprobe
 * fails on the file or finds no audio stream, or finds frames none of which decode.
 */
async function ffprobeFacts(
  ffprobe: string,
  bytes: Buffer,
  kind: UploadAudioKind,
): Promise<AudioFacts | null> {
  const dir = await mkdtemp(join(tmpdir(), 'quill-probe-'));
  try {
    const input = join(dir, `upload.${kind}`);
    await writeFile(input, bytes);
    const { stdout } = await run(
      ffprobe,
      [
        ...['-v', 'error', '-count_frames', '-read_intervals', `%+${AUDIO_INTAKE_LIMITS.probeSeconds}`],
        ...[
          '-select_streams',
          'a:0',
          '-show_entries',
          'stream=channels,sample_rate,nb_read_frames:format=duration',
        ],
        ...['-of', 'json', input],
      ],
      { timeout: AUDIO_INTAKE_LIMITS.probeTimeoutMs, maxBuffer: 64 * 1024, killSignal: 'SIGKILL' },
    );
    const out = JSON.parse(stdout) as {
      streams?: { channels?: number; sample_rate?: string; nb_read_frames?: string }[];
      format?: { duration?: string };
    };
    const stream = out.streams?.[0];
    if (!stream || !(Number(stream.nb_read_frames) > 0)) return null;
    return {
      channels: stream.channels ?? 0,
      sampleRate: Number(stream.sample_rate ?? 0),
      durationMs: Number(out.format?.duration ?? 0) * 1000,
    };
  } catch {
    // ffprobe refused the file (its exit status), ran out of time, or answered nothing readable.
    return null;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * Issue 41: a recording is taken in only if it plays — its first audio stream has 1 to
 * AUDIO_INTAKE_LIMITS.maxChannels channels, a sample rate in the limits' range, a duration over
 * zero and (with ffprobe) frames that decode; read by ffprobe in a child process when it is
 * installed (`ffprobe` its path), else by a strict reader of the file's own headers. Answers the
 * facts (the duration is stored with the recording); otherwise throws the 400 `audio.notPlayable`.
 */
export async function checkDictationAudio(
  bytes: Buffer,
  kind: UploadAudioKind,
  ffprobe: string | null,
): Promise<AudioFacts> {
  const facts = ffprobe ? await ffprobeFacts(ffprobe, bytes, kind) : readAudioHeader(bytes, kind);
  const { maxChannels, minSampleRate, maxSampleRate } = AUDIO_INTAKE_LIMITS;
  const plays =
    facts !== null &&
    facts.channels >= 1 &&
    facts.channels <= maxChannels &&
    facts.sampleRate >= minSampleRate &&
    facts.sampleRate <= maxSampleRate &&
    Number.isFinite(facts.durationMs) &&
    facts.durationMs > 0;
  if (!plays) throw invalid(message('audio.notPlayable'));
  return { ...facts, durationMs: Math.round(facts.durationMs) };
}
