import { execFile, spawnSync } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { wavDurationMs } from '../../services/audio/wavDuration.js';
import type { BlobInfo, BlobStore } from '../../storage/blobStore.js';
import { rngFor } from '../prng.js';
import { synthesizeSpeechLikeWav } from './wav.js';

const run = promisify(execFile);

/** One dictation clip of the pool: its wav blob, its opus blob when ffmpeg made one, and its length. */
export interface AudioClip {
  wav: BlobInfo;
  opus: BlobInfo | null;
  durationMs: number;
}

export interface AudioPool {
  clips: AudioClip[];
  /** How the speech was made: espeak-ng, or the synthetic tone when it is not installed. */
  voice: 'espeak-ng' | 'synthetic';
  hasOpus: boolean;
}

/** True when the command runs (found on PATH). */
export function hasCommand(command: string, versionFlag = '--version'): boolean {
  const r = spawnSync(command, [versionFlag], { stdio: 'ignore', timeout: 10_000 });
  return !r.error && r.status === 0;
}

async function mapLimit<T, R>(
  items: T[],
  limit: number,
  fn: (item: T, i: number) => Promise<R>,
): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  const workers = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i] as T, i);
    }
  });
  await Promise.all(workers);
  return out;
}

/**
 * Speaks each text into a clip (espeak-ng when installed, else a generated signal), adds an opus
 * rendition when ffmpeg is installed, and stores both content-addressed under the `audio` prefix.
 */
export async function buildAudioPool(
  blobs: BlobStore,
  texts: string[],
  opts: { useEspeak?: boolean; useFfmpeg?: boolean } = {},
): Promise<AudioPool> {
  const espeak = opts.useEspeak ?? hasCommand('espeak-ng');
  const ffmpeg = opts.useFfmpeg ?? hasCommand('ffmpeg', '-version');
  const dir = await mkdtemp(join(tmpdir(), 'quill-seed-audio-'));
  try {
    const clips = await mapLimit(texts, Math.max(2, availableParallelism()), async (text, i) => {
      const wavPath = join(dir, `clip${i}.wav`);
      if (espeak) {
        await run('espeak-ng', ['-v', 'en-us', '-s', '160', '-w', wavPath, text]);
      } else {
        await writeFile(wavPath, synthesizeSpeechLikeWav(text, rngFor('audio', i)));
      }
      const wavBytes = await readFile(wavPath);
      const wav = await blobs.putContent(wavBytes, { prefix: 'audio', extension: 'wav' });
      let opus: BlobInfo | null = null;
      if (ffmpeg) {
        const oggPath = join(dir, `clip${i}.ogg`);
        try {
          // bitexact: no random stream serial and no encoder tag, so the bytes repeat run after run;
          // a low compression level keeps the 24 encodes to a couple of seconds on two cores.
          await run('ffmpeg', [
            '-hide_banner',
            '-loglevel',
            'error',
            '-y',
            '-i',
            wavPath,
            '-c:a',
            'libopus',
            '-b:a',
            '24k',
            '-application',
            'voip',
            '-compression_level',
            '2',
            '-map_metadata',
            '-1',
            '-fflags',
            '+bitexact',
            '-flags:a',
            '+bitexact',
            oggPath,
          ]);
          opus = await blobs.putContent(await readFile(oggPath), { prefix: 'audio', extension: 'ogg' });
        } catch {
          // An ffmpeg without libopus: the job keeps its wav only.
          opus = null;
        }
      }
      return { wav, opus, durationMs: wavDurationMs(wavBytes) };
    });
    return { clips, voice: espeak ? 'espeak-ng' : 'synthetic', hasOpus: clips.some((c) => c.opus !== null) };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
