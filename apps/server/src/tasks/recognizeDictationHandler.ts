import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { and, eq, inArray } from 'drizzle-orm';
import type { AppContext } from '../context.js';
import { audioFiles, documentVersions } from '../db/schema/index.js';
import { RecognitionError } from '../services/asr/asrEngine.js';
import { createAsrEngine } from '../services/asr/createAsrEngine.js';
import { speechAudio } from '../services/asr/speechAudio.js';
import { saveRecognitionDraft } from '../services/transcribe/saveRecognitionDraft.js';
import type { TaskAttempt } from './defineTask.js';

/**
 * The recognizeDictation task (issue 27): copies the job's recording into a temporary directory,
 * makes it a 16 kHz mono wav with ffmpeg (when installed), hands it to the configured recognizer
 * — a child process or an HTTP call, so no recognition work runs on the event loop — within
 * ASR_TIMEOUT_SECONDS, and stores what it heard with saveRecognitionDraft. Does nothing when
 * recognition is off, the job has no recording, or the job already has a document (a
 * transcriptionist got there first); no words heard, no draft. Logs ids, the engine, counts and
 * times — never the words; a failure is logged with the job id and the engine's reason (an exit
 * code, an HTTP status, a limit) and thrown, so pg-boss retries it and keeps the reason.
 */
export async function recognizeDictation(
  ctx: AppContext,
  payload: { jobId: number },
  attempt?: TaskAttempt,
): Promise<void> {
  const { jobId } = payload;
  const engine = createAsrEngine(ctx.config);
  if (!engine) return;
  const { db } = ctx.database;
  const [existing] = await db
    .select({ id: documentVersions.id })
    .from(documentVersions)
    .where(eq(documentVersions.jobId, jobId))
    .limit(1);
  if (existing) {
    ctx.log.info(
      { jobId, engine: engine.name },
      'speech recognition skipped: the job already has a document',
    );
    return;
  }
  const recordings = await db
    .select()
    .from(audioFiles)
    .where(and(eq(audioFiles.jobId, jobId), inArray(audioFiles.codec, ['original', 'wav'])));
  const recording = recordings.find((r) => r.codec === 'original') ?? recordings[0];
  if (!recording) {
    ctx.log.warn({ jobId }, 'speech recognition: the job has no recording');
    return;
  }

  const started = performance.now();
  const signal = AbortSignal.timeout(ctx.config.ASR_TIMEOUT_SECONDS * 1000);
  const dir = await mkdtemp(join(tmpdir(), 'quill-asr-'));
  try {
    const input = join(dir, 'recording');
    await pipeline(await ctx.blobs.stream(recording.blobKey), createWriteStream(input));
    const audio = await speechAudio(input, recording.mimeType, dir, signal);
    const text = await engine.recognize(audio, signal);
    const words = text.split(/\s+/).filter(Boolean).length;
    const ms = Math.round(performance.now() - started);
    if (words === 0) {
      ctx.log.info({ jobId, engine: engine.name, ms }, 'speech recognition heard no words; no draft');
      return;
    }
    const outcome = await saveRecognitionDraft(ctx, jobId, text);
    ctx.log.info({ jobId, engine: engine.name, words, ms, outcome }, 'speech recognition draft');
  } catch (err) {
    // Engines' and ffmpeg's messages carry no words; anything else is reduced to its kind.
    const reason =
      err instanceof RecognitionError || (err as Error).message?.startsWith('ffmpeg failed')
        ? (err as Error).message
        : `${(err as Error).name ?? 'Error'}${(err as { code?: string }).code ? ` (${(err as { code?: string }).code})` : ''} while recognizing`;
    ctx.log.warn(
      { jobId, engine: engine.name, reason, retry: attempt?.retryCount, retryLimit: attempt?.retryLimit },
      'speech recognition failed',
    );
    throw new RecognitionError(reason);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
