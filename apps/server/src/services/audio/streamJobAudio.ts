import type { Readable } from 'node:stream';
import { AUDIO_CONTENT_TYPES, type AudioCodec, message } from '@quill/core';
import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { audioFiles } from '../../db/schema/index.js';
import { notFound } from '../../errors/domainErrors.js';
import { BlobNotFoundError } from '../../storage/blobStore.js';
import { auditJob } from '../audit/auditJob.js';
import type { Auth } from '../auth/auth.js';
import { requireJob } from '../tenantScope/requireJob.js';
import { parseByteRange } from './byteRange.js';

/** What the route answers: status, headers and (except for 416) a stream of the bytes. */
export type AudioAnswer =
  | { status: 200 | 206; headers: Record<string, string>; body: Readable }
  | { status: 416; headers: Record<string, string>; body: null };

/**
 * GET /api/Audio/{codec}?jobId= (spec 01 §7 "Documents and audio"): a job's opus or wav rendition,
 * whole (200) or the one byte range asked for (206), streamed from the blob store so seeking never
 * reads the whole file. Another tenant's job is 404 like a missing one; a job without that
 * rendition is 404 with the spec's "no audio" message. One audit row (`job.audio.load`) per
 * stream start — the request without a Range, or with one starting at byte 0 — not one per range a
 * player fetches. A player fetches the start as soon as it loads, so this is not a playback: the
 * player reports its first play itself (`recordAudioPlayed`, issue 39).
 */
export async function streamJobAudio(
  ctx: AppContext,
  auth: Auth,
  req: { codec: AudioCodec; jobId: number; range: string | undefined; ip: string | null; audit: boolean },
): Promise<AudioAnswer> {
  const job = await requireJob(ctx, auth.scope, req.jobId);
  const [file] = await ctx.database.db
    .select()
    .from(audioFiles)
    .where(and(eq(audioFiles.jobId, job.id), eq(audioFiles.codec, req.codec)));
  if (!file) throw notFound(message('audio.noAudio'));

  let size: number;
  try {
    size = await ctx.blobs.size(file.blobKey);
  } catch (err) {
    if (!(err instanceof BlobNotFoundError)) throw err;
    ctx.log.warn({ jobId: job.id, codec: req.codec }, 'audio row without its blob');
    throw notFound(message('audio.noAudio'));
  }

  const range = parseByteRange(req.range, size);
  if (range === 'unsatisfiable') {
    return {
      status: 416,
      headers: { 'Content-Range': `bytes */${size}`, 'Accept-Ranges': 'bytes' },
      body: null,
    };
  }
  if (req.audit && (range === null || range.start === 0)) {
    await auditJob(ctx, auth, job, 'job.audio.load', req.ip, { codec: req.codec });
  }
  const headers: Record<string, string> = {
    'Content-Type': AUDIO_CONTENT_TYPES[req.codec],
    'Accept-Ranges': 'bytes',
  };
  if (range === null) {
    headers['Content-Length'] = String(size);
    return { status: 200, headers, body: await ctx.blobs.stream(file.blobKey) };
  }
  headers['Content-Length'] = String(range.end - range.start + 1);
  headers['Content-Range'] = `bytes ${range.start}-${range.end}/${size}`;
  return { status: 206, headers, body: await ctx.blobs.stream(file.blobKey, range) };
}
