import { createWriteStream } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { AUDIO_CONTENT_TYPES } from '@quill/core';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { AppContext } from '../context.js';
import { audioFiles } from '../db/schema/index.js';
import { RENDITION_ARGS, runFfmpeg } from '../services/audio/renderAudio.js';
import { wavDurationMs } from '../services/audio/wavDuration.js';
import type { BlobInfo } from '../storage/blobStore.js';
import { findExecutable } from '../system/findExecutable.js';

type Rendition = { codec: 'wav' | 'opus'; blob: BlobInfo; durationMs: number };

/**
 * The makeAudioRenditions task: reads the job's 'original' recording into a temporary directory,
 * makes the wav and opus renditions with ffmpeg, stores them content-addressed and upserts their
 * audio_files rows. Without ffmpeg it fails (pg-boss retries it, perhaps on another worker); an
 * ffmpeg without libopus leaves the job with its wav. Logs ids and durations, never patient data.
 */
export async function makeAudioRenditions(ctx: AppContext, payload: { jobId: number }): Promise<void> {
  const { jobId } = payload;
  const { db } = ctx.database;
  const [original] = await db
    .select()
    .from(audioFiles)
    .where(and(eq(audioFiles.jobId, jobId), eq(audioFiles.codec, 'original')));
  if (!original) {
    ctx.log.warn({ jobId }, 'audio renditions: the job has no original recording');
    return;
  }
  const ffmpeg = findExecutable(['ffmpeg']);
  if (!ffmpeg) throw new Error('ffmpeg is not installed on this worker');

  const dir = await mkdtemp(join(tmpdir(), 'quill-renditions-'));
  try {
    const input = join(dir, 'original');
    await pipeline(await ctx.blobs.stream(original.blobKey), createWriteStream(input));
    const made: Rendition[] = [];

    const wavPath = join(dir, 'rendition.wav');
    await runFfmpeg(ffmpeg, RENDITION_ARGS.wav(input, wavPath));
    const wavBytes = await readFile(wavPath);
    const durationMs = wavDurationMs(wavBytes);
    made.push({
      codec: 'wav',
      blob: await ctx.blobs.putContent(wavBytes, { prefix: 'audio', extension: 'wav' }),
      durationMs,
    });

    const oggPath = join(dir, 'rendition.ogg');
    try {
      await runFfmpeg(ffmpeg, RENDITION_ARGS.opus(wavPath, oggPath));
      made.push({
        codec: 'opus',
        blob: await ctx.blobs.putContent(await readFile(oggPath), { prefix: 'audio', extension: 'ogg' }),
        durationMs,
      });
    } catch (err) {
      // An ffmpeg built without libopus: the wav plays everywhere, so the job keeps that.
      ctx.log.warn({ jobId, err: { message: (err as Error).message } }, 'audio renditions: no opus');
    }

    await db
      .insert(audioFiles)
      .values(
        made.map((r) => ({
          jobId,
          codec: r.codec,
          mimeType: AUDIO_CONTENT_TYPES[r.codec],
          blobKey: r.blob.key,
          size: r.blob.size,
          durationMs: r.durationMs,
        })),
      )
      .onConflictDoUpdate({
        target: [audioFiles.jobId, audioFiles.codec],
        set: {
          mimeType: sql`excluded.mime_type`,
          blobKey: sql`excluded.blob_key`,
          size: sql`excluded.size`,
          durationMs: sql`excluded.duration_ms`,
        },
      });
    await db
      .update(audioFiles)
      .set({ durationMs })
      .where(and(eq(audioFiles.id, original.id), isNull(audioFiles.durationMs)));
    ctx.log.info({ jobId, durationMs, renditions: made.map((r) => r.codec) }, 'audio renditions made');
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
