import { randomUUID } from 'node:crypto';
import {
  CreateAudioFieldsSchema,
  type CreateAudioResponseSchema,
  MAX_AUDIO_UPLOAD_BYTES,
  message,
  STAGES,
} from '@quill/core';
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import { audioFiles, jobs, patients, physicians, workTypes } from '../../db/schema/index.js';
import { invalid, tooLarge } from '../../errors/domainErrors.js';
import { findExecutable } from '../../system/findExecutable.js';
import { makeAudioRenditionsTask } from '../../tasks/makeAudioRenditions.js';
import { queueRecognition } from '../asr/queueRecognition.js';
import { recordAudit } from '../audit/recordAudit.js';
import type { Auth } from '../auth/resolveSession.js';
import { checkDictationAudio } from './checkDictationAudio.js';
import { AUDIO_MAGIC_BYTES, detectAudioKind, isOggOpus, UPLOAD_KIND_FORMATS } from './detectAudioKind.js';
import { dictatorOf, workTypeOf } from './getCreateAudioChoices.js';
import { MAX_INT4, requireCreateFacility } from './requireCreateFacility.js';

/** A Create with Audio request as read from the multipart body. */
export interface AudioUpload {
  /** The text fields, by name (the last value when a name repeats). */
  fields: Record<string, string>;
  /** The recording of field `file`, read whole; null when none was sent. */
  file: { bytes: Buffer; filename: string } | null;
  /** The recording ran past the upload limit (its bytes were dropped). */
  tooLarge: boolean;
}

export interface CreateJobWithAudioOptions {
  /** The upload limit the reader applied (for the message); MAX_AUDIO_UPLOAD_BYTES by default. */
  maxBytes?: number;
  /** Path of ffmpeg; looked up on PATH when not given, null for "not installed". */
  ffmpeg?: string | null;
  /** Path of ffprobe (checks the recording plays); looked up on PATH when not given, null for "not installed". */
  ffprobe?: string | null;
}

type CreateAudioResponse = z.infer<typeof CreateAudioResponseSchema>;

/** Megabytes as the limit message shows them. */
const megabytes = (bytes: number) => Math.round(bytes / (1024 * 1024));

/**
 * POST /api/audio/createwithaudio: a new job in the first stage (Dictated) from an uploaded
 * recording, for a dictator and work type of a client facility the account may see, optionally for
 * a patient (by MRN) and STAT. Everything is checked before anything is written, so a refused
 * upload changes nothing: the limit (413), a file at all, its kind by its first bytes (never its
 * name), the fields, the facility (404 for another tenant's), the dictator, work type and patient,
 * and that the recording plays (checkDictationAudio: ffprobe, or its headers without ffmpeg).
 * The recording is kept as the 'original' rendition — and as the 'wav' one too when it is a wav
 * (an Ogg Opus upload as the 'opus' one), so it plays at once; with ffmpeg installed a
 * makeAudioRenditions task then makes the wav and opus renditions. When a speech recognizer is
 * ready (ASR_ENGINE), a recognizeDictation task is queued in the same transaction: it converts the
 * original itself, so it neither waits for nor depends on the renditions.
 */
export async function createJobWithAudio(
  ctx: AppContext,
  auth: Auth,
  upload: AudioUpload,
  ip: string | null,
  opts: CreateJobWithAudioOptions = {},
): Promise<CreateAudioResponse> {
  const maxBytes = opts.maxBytes ?? MAX_AUDIO_UPLOAD_BYTES;
  if (upload.tooLarge) throw tooLarge(message('audio.tooLarge', { max: megabytes(maxBytes) }));
  const file = upload.file;
  if (!file || file.bytes.length === 0) throw invalid(message('audio.noFile'));
  const head = file.bytes.subarray(0, AUDIO_MAGIC_BYTES);
  const kind = detectAudioKind(head);
  if (!kind) throw invalid(message('audio.unsupportedFile'));

  const parsed = CreateAudioFieldsSchema.safeParse(upload.fields);
  if (!parsed.success) throw invalid(parsed.error.issues[0]?.message ?? 'Invalid fields');
  const fields = parsed.data;
  if (fields.dictatorId > MAX_INT4) throw invalid(message('audio.unknownDictator'));
  if (fields.workTypeId > MAX_INT4) throw invalid(message('audio.unknownWorkType'));
  const facility = await requireCreateFacility(ctx, auth, fields.clientFacilityId);
  const { db } = ctx.database;
  const [dictator] = await db
    .select({ id: physicians.id })
    .from(physicians)
    .where(and(eq(physicians.id, fields.dictatorId), dictatorOf(facility)));
  if (!dictator) throw invalid(message('audio.unknownDictator'));
  const [workType] = await db
    .select({ id: workTypes.id })
    .from(workTypes)
    .where(and(eq(workTypes.id, fields.workTypeId), workTypeOf(facility)));
  if (!workType) throw invalid(message('audio.unknownWorkType'));
  let patientId: number | null = null;
  if (fields.patientMrn) {
    const [patient] = await db
      .select({ id: patients.id })
      .from(patients)
      .where(
        and(
          eq(patients.corporateStructureId, facility.corporateStructureId),
          eq(patients.mrn, fields.patientMrn),
        ),
      );
    if (!patient) throw invalid(message('audio.patientNotFound', { mrn: fields.patientMrn }));
    patientId = patient.id;
  }
  const ffprobe = opts.ffprobe === undefined ? findExecutable(['ffprobe']) : opts.ffprobe;
  const { durationMs } = await checkDictationAudio(file.bytes, kind, ffprobe);

  const format = UPLOAD_KIND_FORMATS[kind];
  const blob = await ctx.blobs.putContent(file.bytes, {
    prefix: 'audio-uploads',
    extension: format.extension,
  });
  const playable =
    kind === 'wav'
      ? { codec: 'wav', mimeType: 'audio/wav' }
      : isOggOpus(head)
        ? { codec: 'opus', mimeType: 'audio/ogg; codecs=opus' }
        : null;

  const jobId = await db.transaction(async (tx) => {
    const [job] = await tx
      .insert(jobs)
      .values({
        // Replaced by UP-<job id> below; unique until then.
        dictationId: `UP-${randomUUID()}`,
        corporateStructureId: facility.corporateStructureId,
        serviceCentreId: facility.serviceCentreId,
        clientFacilityId: facility.id,
        dictatorId: dictator.id,
        workTypeId: workType.id,
        patientId,
        stageId: STAGES.dictated.id,
        componentType: 'TR',
        stat: fields.stat ? 'M' : null,
        documentType: null,
        dictatedAt: new Date(),
      })
      .returning({ id: jobs.id });
    const id = job!.id;
    await tx
      .update(jobs)
      .set({ dictationId: `UP-${id}` })
      .where(eq(jobs.id, id));
    const rendition = { jobId: id, blobKey: blob.key, size: blob.size, durationMs };
    await tx.insert(audioFiles).values({ ...rendition, codec: 'original', mimeType: format.mimeType });
    if (playable) await tx.insert(audioFiles).values({ ...rendition, ...playable });
    await recordAudit(
      ctx,
      {
        action: 'job.createWithAudio',
        outcome: 'success',
        userId: auth.userId,
        accountId: auth.accountId,
        corporateStructureId: facility.corporateStructureId,
        jobId: id,
        patientId,
        ip,
        detail: { kind, size: blob.size, clientFacilityId: facility.id },
      },
      tx,
    );
    await queueRecognition(ctx, tx, id);
    return id;
  });

  const ffmpeg = opts.ffmpeg === undefined ? findExecutable(['ffmpeg']) : opts.ffmpeg;
  if (!ffmpeg) return { jobId, renditions: 'none' };
  try {
    await ctx.tasks.send(makeAudioRenditionsTask, { jobId }, { singletonKey: `audio-renditions-${jobId}` });
    return { jobId, renditions: 'queued' };
  } catch (err) {
    // The job exists and plays its original where it can; the renditions can be made later.
    ctx.log.warn({ jobId, err: { message: (err as Error).message } }, 'could not queue audio renditions');
    return { jobId, renditions: 'none' };
  }
}
