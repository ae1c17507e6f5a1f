import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { audioFiles } from '../db/schema/index.js';
import { detectAudioKind } from '../services/audio/detectAudioKind.js';
import { wavDurationMs } from '../services/audio/wavDuration.js';
import { findExecutable } from '../system/findExecutable.js';
import { toneWav } from '../testing/audioTestKit.js';
import { databaseTargets } from '../testing/databases.js';
import { buildJob, buildStructure } from '../testing/factories.js';
import { createTestApp, type TestApp } from '../testing/testContext.js';
import { makeAudioRenditionsTask } from './makeAudioRenditions.js';
import { TASKS } from './registry.js';

const FFMPEG = findExecutable(['ffmpeg']);
const run = promisify(execFile);

/** An m4a (AAC in MPEG-4) of a 2-second 44.1 kHz stereo tone, made with ffmpeg's own encoder. */
async function m4aTone(ffmpeg: string): Promise<Buffer> {
  const dir = await mkdtemp(join(tmpdir(), 'quill-m4a-'));
  try {
    await run(ffmpeg, [
      '-nostdin',
      '-loglevel',
      'error',
      '-f',
      'lavfi',
      '-i',
      'sine=frequency=440:sample_rate=44100:duration=2',
      '-ac',
      '2',
      '-c:a',
      'aac',
      join(dir, 'tone.m4a'),
    ]);
    return await readFile(join(dir, 'tone.m4a'));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

describe.each(databaseTargets())('makeAudioRenditions task on $name', (target) => {
  let t: TestApp;
  let facility: Awaited<ReturnType<typeof buildStructure>>['facilities'][number];
  let handler: Awaited<ReturnType<typeof makeAudioRenditionsTask.handler>>;

  beforeAll(async () => {
    t = await createTestApp(target);
    facility = (await buildStructure(t.ctx)).facilities[0]!;
    handler = await makeAudioRenditionsTask.handler();
  });
  afterAll(async () => t?.close());

  const withOriginal = async (bytes: Buffer, mimeType: string, extension: string) => {
    const job = await buildJob(t.ctx, facility, { stageId: 1 });
    const blob = await t.ctx.blobs.putContent(bytes, { prefix: 'audio-uploads', extension });
    await t.ctx.database.db
      .insert(audioFiles)
      .values({ jobId: job.id, codec: 'original', mimeType, blobKey: blob.key, size: blob.size });
    return job.id;
  };
  const rowsOf = (jobId: number) =>
    t.ctx.database.db
      .select()
      .from(audioFiles)
      .where(eq(audioFiles.jobId, jobId))
      .orderBy(asc(audioFiles.codec));

  it('is registered, so the worker runs it and its queue exists', async () => {
    expect(TASKS).toContain(makeAudioRenditionsTask);
    expect(await t.ctx.tasks.boss.getQueue('makeAudioRenditions-v1')).toBeTruthy();
    expect(makeAudioRenditionsTask.payload.safeParse({ jobId: 0 }).success).toBe(false);
  });

  it('does nothing for a job without an original recording', async () => {
    const job = await buildJob(t.ctx, facility);
    await handler(t.ctx, { jobId: job.id });
    expect(await rowsOf(job.id)).toEqual([]);
  });

  it('without ffmpeg fails clearly (pg-boss retries it, perhaps on a worker that has it)', async () => {
    const jobId = await withOriginal(toneWav(0.1), 'audio/wav', 'wav');
    const saved = process.env.PATH;
    process.env.PATH = '/nonexistent';
    try {
      await expect(handler(t.ctx, { jobId })).rejects.toThrow('ffmpeg is not installed on this worker');
    } finally {
      process.env.PATH = saved;
    }
    expect((await rowsOf(jobId)).map((r) => r.codec)).toEqual(['original']);
  });

  it('turns an m4a into 16 kHz mono wav and Ogg Opus, the same on a second run', async () => {
    if (!FFMPEG) {
      const jobId = await withOriginal(toneWav(0.1), 'audio/wav', 'wav');
      await expect(handler(t.ctx, { jobId })).rejects.toThrow('ffmpeg is not installed');
      return;
    }
    const m4a = await m4aTone(FFMPEG);
    expect(detectAudioKind(m4a.subarray(0, 36))).toBe('m4a');
    const jobId = await withOriginal(m4a, 'audio/mp4', 'm4a');
    await handler(t.ctx, { jobId });
    const first = await rowsOf(jobId);
    expect(first.map((r) => [r.codec, r.mimeType])).toEqual([
      ['opus', 'audio/ogg; codecs=opus'],
      ['original', 'audio/mp4'],
      ['wav', 'audio/wav'],
    ]);
    const wav = await t.ctx.blobs.get(first[2]!.blobKey);
    expect(wav.readUInt16LE(22)).toBe(1);
    expect(wav.readUInt32LE(24)).toBe(16_000);
    const duration = wavDurationMs(wav);
    expect(Math.abs(duration - 2000)).toBeLessThan(100);
    expect(first.every((r) => r.durationMs === duration)).toBe(true);
    const opus = await t.ctx.blobs.get(first[0]!.blobKey);
    expect(opus.subarray(0, 4).toString('latin1')).toBe('OggS');
    expect(first[0]!.size).toBe(opus.length);
    await handler(t.ctx, { jobId });
    expect(await rowsOf(jobId)).toEqual(first);
  });

  it('fails on a recording ffmpeg cannot read, changing nothing', async () => {
    const broken = Buffer.concat([toneWav(0.1).subarray(0, 12), Buffer.from('garbage, not chunks')]);
    const fake = Buffer.concat([Buffer.from('OggS'), Buffer.alloc(200, 7)]);
    for (const [bytes, mime, ext] of [
      [broken, 'audio/wav', 'wav'],
      [fake, 'audio/ogg', 'ogg'],
    ] as const) {
      const jobId = await withOriginal(bytes, mime, ext);
      await expect(handler(t.ctx, { jobId })).rejects.toThrow(FFMPEG ? /^ffmpeg failed/ : /not installed/);
      expect((await rowsOf(jobId)).map((r) => r.codec)).toEqual(['original']);
    }
  });
});
