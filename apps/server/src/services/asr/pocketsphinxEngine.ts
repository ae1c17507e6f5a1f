import { spawn } from 'node:child_process';
import { open } from 'node:fs/promises';
import { join } from 'node:path';
import { findExecutable } from '../../system/findExecutable.js';
import {
  type AsrEngine,
  abortReason,
  MAX_RECOGNIZER_OUTPUT_BYTES,
  type RecognitionAudio,
  RecognitionError,
} from './asrEngine.js';

/** Where Debian's pocketsphinx-en-us puts the US English model. */
export const POCKETSPHINX_MODEL_DIR = '/usr/share/pocketsphinx/model/en-us';

/** The files of a pocketsphinx model: acoustic model directory, language model, dictionary. */
export function pocketsphinxModel(dir = POCKETSPHINX_MODEL_DIR) {
  return {
    hmm: join(dir, 'en-us'),
    lm: join(dir, 'en-us.lm.bin'),
    dict: join(dir, 'cmudict-en-us.dict'),
  };
}

/** The executable (Debian's pocketsphinx 0.8 ships `pocketsphinx_continuous`), or null. */
export function findPocketsphinx(): string | null {
  return findExecutable(['pocketsphinx_continuous']);
}

/** Whether a file starts as a 16 kHz mono 16-bit PCM wav, the only input pocketsphinx 0.8 reads right. */
export async function isSpeechWav(path: string): Promise<boolean> {
  const file = await open(path, 'r');
  try {
    const head = Buffer.alloc(36);
    const { bytesRead } = await file.read(head, 0, 36, 0);
    return (
      bytesRead === 36 &&
      head.toString('latin1', 0, 4) === 'RIFF' &&
      head.toString('latin1', 8, 16) === 'WAVEfmt ' &&
      head.readUInt16LE(20) === 1 &&
      head.readUInt16LE(22) === 1 &&
      head.readUInt32LE(24) === 16_000 &&
      head.readUInt16LE(34) === 16
    );
  } finally {
    await file.close();
  }
}

/**
 * The embedded recognizer: Debian's `pocketsphinx_continuous` on a 16 kHz mono wav, as a child
 * process (its CPU work never touches the event loop), its log sent to /dev/null, its standard
 * output — one hypothesis line per utterance — read up to {@link MAX_RECOGNIZER_OUTPUT_BYTES}.
 * Killed when the signal aborts. A failure names the exit code, never the output.
 */
export function pocketsphinxEngine(opts: {
  timeoutSeconds: number;
  executable?: string;
  modelDir?: string;
}): AsrEngine {
  return {
    name: 'pocketsphinx',
    async recognize(audio: RecognitionAudio, signal: AbortSignal): Promise<string> {
      const executable = opts.executable ?? findPocketsphinx();
      if (!executable) throw new RecognitionError('pocketsphinx is not installed on this worker');
      if (!(await isSpeechWav(audio.path)))
        throw new RecognitionError('pocketsphinx needs a 16 kHz mono wav and ffmpeg is not installed');
      if (signal.aborted) throw abortReason(signal, opts.timeoutSeconds);
      const model = pocketsphinxModel(opts.modelDir);
      const args = ['-infile', audio.path, '-hmm', model.hmm, '-lm', model.lm, '-dict', model.dict];
      return new Promise<string>((resolve, reject) => {
        // Its own process group, so a stop kills whatever it started too (a wrapper script's children).
        const child = spawn(executable, [...args, '-logfn', '/dev/null'], {
          stdio: ['ignore', 'pipe', 'ignore'],
          detached: true,
        });
        const chunks: Buffer[] = [];
        let size = 0;
        let failure: RecognitionError | null = null;
        let settled = false;
        const settle = (error: RecognitionError | null, text = '') => {
          if (settled) return;
          settled = true;
          signal.removeEventListener('abort', onAbort);
          if (error) reject(error);
          else resolve(text);
        };
        const stop = (error: RecognitionError) => {
          failure ??= error;
          try {
            if (child.pid) process.kill(-child.pid, 'SIGKILL');
          } catch {
            child.kill('SIGKILL');
          }
          child.stdout.destroy();
        };
        const onAbort = () => stop(abortReason(signal, opts.timeoutSeconds));
        signal.addEventListener('abort', onAbort, { once: true });
        child.stdout.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > MAX_RECOGNIZER_OUTPUT_BYTES) {
            stop(new RecognitionError(`pocketsphinx wrote more than ${MAX_RECOGNIZER_OUTPUT_BYTES} bytes`));
            return;
          }
          if (!failure) chunks.push(chunk);
        });
        child.on('error', (err: NodeJS.ErrnoException) =>
          settle(new RecognitionError(`pocketsphinx could not start (${err.code ?? 'error'})`)),
        );
        child.on('exit', () => {
          if (failure) settle(failure);
        });
        child.on('close', (code, sig) => {
          if (failure) return settle(failure);
          if (code !== 0)
            return settle(
              new RecognitionError(
                `pocketsphinx exited with ${code === null ? `signal ${sig}` : `code ${code}`}`,
              ),
            );
          const lines = Buffer.concat(chunks)
            .toString('utf8')
            .split(/\r?\n/)
            .map((line) => line.replace(/\s+/g, ' ').trim())
            .filter(Boolean);
          settle(null, lines.join('\n'));
        });
      });
    },
  };
}
