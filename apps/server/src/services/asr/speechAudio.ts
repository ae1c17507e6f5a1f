import { join } from 'node:path';
import { findExecutable } from '../../system/findExecutable.js';
import { RENDITION_ARGS, runFfmpeg } from '../audio/renderAudio.js';
import type { RecognitionAudio } from './asrEngine.js';

/** File extensions of the recordings Quill keeps, by MIME type (a recognizer server guesses from the name). */
const EXTENSIONS: Record<string, string> = {
  'audio/wav': 'wav',
  'audio/mpeg': 'mp3',
  'audio/ogg': 'ogg',
  'audio/ogg; codecs=opus': 'ogg',
  'audio/mp4': 'm4a',
};

/**
 * The recording a recognizer is given: with ffmpeg, a 16 kHz mono 16-bit wav made from `input`
 * in `dir` (what pocketsphinx needs, and a small upload every OpenAI-compatible server reads) —
 * the same conversion as the player's wav rendition, in a child process; without ffmpeg the
 * recording as it was uploaded.
 */
export async function speechAudio(
  input: string,
  mimeType: string,
  dir: string,
  signal: AbortSignal,
): Promise<RecognitionAudio> {
  const ffmpeg = findExecutable(['ffmpeg']);
  if (!ffmpeg) {
    return { path: input, filename: `dictation.${EXTENSIONS[mimeType] ?? 'wav'}`, mimeType };
  }
  const path = join(dir, 'speech.wav');
  await runFfmpeg(ffmpeg, RENDITION_ARGS.wav(input, path), { signal });
  return { path, filename: 'dictation.wav', mimeType: 'audio/wav' };
}
