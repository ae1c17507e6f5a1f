import type { AudioCodec, AudioOptions } from '@quill/core';
import { audioStreamPath } from '@quill/core/rules/audio/audioPlayback';
import { and, eq, inArray } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { audioFiles } from '../../db/schema/index.js';
import { auditJob } from '../audit/auditJob.js';
import type { Auth } from '../auth/auth.js';
import { requireJob } from '../tenantScope/requireJob.js';

/**
 * GET /api/job/audiooptions?jobId= (spec 01 §3 "Audio options"): which renditions a job has, the
 * one the player should stream (opus when present, else wav) and which buttons are enabled — all
 * of them when there is audio this account may play (jobView), none otherwise. Tenant-checked.
 */
export async function getAudioOptions(
  ctx: AppContext,
  auth: Auth,
  jobId: number,
  ip: string | null,
): Promise<AudioOptions> {
  const job = await requireJob(ctx, auth.scope, jobId);
  await auditJob(ctx, auth, job, 'job.audio.options', ip);
  const rows = await ctx.database.db
    .select({ codec: audioFiles.codec, durationMs: audioFiles.durationMs })
    .from(audioFiles)
    .where(and(eq(audioFiles.jobId, job.id), inArray(audioFiles.codec, ['opus', 'wav'])));
  const opus = rows.find((r) => r.codec === 'opus');
  const wav = rows.find((r) => r.codec === 'wav');
  const format: AudioCodec | null = opus ? 'opus' : wav ? 'wav' : null;
  const playable = format !== null && auth.permissions.has('jobView');
  return {
    jobId: job.id,
    audioURL: playable ? audioStreamPath(format, job.id) : null,
    audioFormat: playable ? format : null,
    hasWav: wav !== undefined,
    hasOpus: opus !== undefined,
    durationMs: opus?.durationMs ?? wav?.durationMs ?? null,
    play: playable,
    backwards: playable,
    forwards: playable,
    stop: playable,
    seek: playable,
    volume: playable,
  };
}
