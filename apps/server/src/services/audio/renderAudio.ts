import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** Longest one ffmpeg run may take (an hour of dictation encodes in well under a minute). */
const FFMPEG_TIMEOUT_MS = 10 * 60_000;

/**
 * Arguments common to every rendition: no prompt, overwrite, audio only, no metadata and
 * bit-exact output (no random Ogg serial, no encoder tag), so the same input gives the same bytes.
 */
const common = (input: string) => [
  '-hide_banner',
  '-loglevel',
  'error',
  '-nostdin',
  '-y',
  '-i',
  input,
  '-vn',
  '-map_metadata',
  '-1',
  '-ac',
  '1',
  '-fflags',
  '+bitexact',
  '-flags:a',
  '+bitexact',
];

/** ffmpeg arguments of each rendition the player streams. */
export const RENDITION_ARGS = {
  /** 16 kHz mono 16-bit PCM: what transcription players and speech tools expect. */
  wav: (input: string, output: string) => [...common(input), '-ar', '16000', '-c:a', 'pcm_s16le', output],
  /** Opus at 24 kbit/s in Ogg, tuned for speech: a twentieth of the wav's size. */
  opus: (input: string, output: string) => [
    ...common(input),
    '-c:a',
    'libopus',
    '-b:a',
    '24k',
    '-application',
    'voip',
    output,
  ],
} as const;

/**
 * Runs ffmpeg; a failure carries ffmpeg's own (file-name free) error line, shortened. `signal`
 * stops it early (the speech recognizer's time limit).
 */
export async function runFfmpeg(
  ffmpeg: string,
  args: string[],
  opts: { signal?: AbortSignal } = {},
): Promise<void> {
  try {
    await run(ffmpeg, args, {
      timeout: FFMPEG_TIMEOUT_MS,
      maxBuffer: 1024 * 1024,
      ...(opts.signal ? { signal: opts.signal, killSignal: 'SIGKILL' as const } : {}),
    });
  } catch (err) {
    const e = err as { stderr?: string; message?: string; killed?: boolean };
    if (opts.signal?.aborted) throw new Error('ffmpeg failed: stopped at the time limit');
    const detail = e.killed ? 'timed out' : (e.stderr?.trim().split('\n').at(-1) ?? e.message ?? 'failed');
    throw new Error(`ffmpeg failed: ${detail.slice(0, 300)}`);
  }
}
