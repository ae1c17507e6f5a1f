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
import type { Tx } from '../../db/client.js';
import { audioFiles, jobs, patients, physicians, workTypes } from '../../db/schema/index.js';
import { invalid, tooLarge } from '../../errors/domainErrors.js';
import { findExecutable } from '../../system/findExecutable.js';
import { makeAudioRenditionsTask } from '../../tasks/makeAudioRenditions.js';
import { queueRecognition } from '../asr/queueRecognition.js';
import { recordAudit } from '../audit/recordAudit.js';
import type { Auth } from '../auth/auth.js';
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

/** The recording of an upload: within the limit (413), sent (400), of a kind its first bytes name (400). */
function readRecording(upload: AudioUpload, maxBytes: number) {
  if (upload.tooLarge) throw tooLarge(message('audio.tooLarge', { max: megabytes(maxBytes) }));
  const file = upload.file;
  if (!file || file.bytes.length === 0) throw invalid(message('audio.noFile'));
  const head = file.bytes.subarray(0, AUDIO_MAGIC_BYTES);
  const kind = detectAudioKind(head);
  if (!kind) throw invalid(message('audio.unsupportedFile'));
  return { bytes: file.bytes, head, kind };
}

type Recording = ReturnType<typeof readRecording>;

/** The text fields of the request (400 for a wrong one). */
function readFields(fields: AudioUpload['fields']) {
  const parsed = CreateAudioFieldsSchema.safeParse(fields);
  if (!parsed.success) throw invalid(parsed.error.issues[0]?.message ?? 'Invalid fields');
  if (parsed.data.dictatorId > MAX_INT4) throw invalid(message('audio.unknownDictator'));
  if (parsed.data.workTypeId > MAX_INT4) throw invalid(message('audio.unknownWorkType'));
  return parsed.data;
}

type Fields = ReturnType<typeof readFields>;
type Facility = Awaited<ReturnType<typeof requireCreateFacility>>;

/** The patient of the MRN in the facility's corporate structure (400 when none); null without an MRN. */
async function findPatient(ctx: AppContext, facility: Facility, mrn: Fields['patientMrn']) {
  if (!mrn) return null;
  const [patient] = await ctx.database.db
    .select({ id: patients.id })
    .from(patients)
    .where(and(eq(patients.corporateStructureId, facility.corporateStructureId), eq(patients.mrn, mrn)));
  if (!patient) throw invalid(message('audio.patientNotFound', { mrn }));
  return patient.id;
}

/** The facility (404 for another tenant's), and its dictator, work type and patient the fields name (400 otherwise). */
async function requireJobParties(ctx: AppContext, auth: Auth, fields: Fields) {
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
  const patientId = await findPatient(ctx, facility, fields.patientMrn);
  return { facility, dictatorId: dictator.id, workTypeId: workType.id, patientId };
}

type JobParties = Awaited<ReturnType<typeof requireJobParties>>;

/** Stores the recording: its blob, its format, and the rendition it already is when it plays as is (wav, Ogg Opus). */
async function storeRecording(ctx: AppContext, recording: Recording) {
  const { kind, head } = recording;
  const format = UPLOAD_KIND_FORMATS[kind];
  const blob = await ctx.blobs.putContent(recording.bytes, {
    prefix: 'audio-uploads',
    extension: format.extension,
  });
  const playable =
    kind === 'wav'
      ? { codec: 'wav', mimeType: 'audio/wav' }
      : isOggOpus(head)
        ? { codec: 'opus', mimeType: 'audio/ogg; codecs=opus' }
        : null;
  return { blob, format, playable };
}

type StoredRecording = Awaited<ReturnType<typeof storeRecording>>;

/** A new Dictated job of the parties (dictation id UP-<job id>), answering its id. */
async function insertJob(tx: Tx, parties: JobParties, stat: Fields['stat']) {
  const { facility } = parties;
  const [job] = await tx
    .insert(jobs)
    .values({
      // Replaced by UP-<job id> below; unique until then.
      dictationId: `UP-${randomUUID()}`,
      corporateStructureId: facility.corporateStructureId,
      serviceCentreId: facility.serviceCentreId,
      clientFacilityId: facility.id,
      dictatorId: parties.dictatorId,
      workTypeId: parties.workTypeId,
      patientId: parties.patientId,
      stageId: STAGES.dictated.id,
      componentType: 'TR',
      stat: stat ? 'M' : null,
      documentType: null,
      dictatedAt: new Date(),
    })
    .returning({ id: jobs.id });
  const id = job!.id;
  await tx
    .update(jobs)
    .set({ dictationId: `UP-${id}` })
    .where(eq(jobs.id, id));
  return id;
}

/**
 * In one transaction: the job, its recording's renditions (the original, and the playable one it
 * already is), the audit row and — when a speech recognizer is ready — its recognition task.
 */
async function createJob(
  ctx: AppContext,
  who: { auth: Auth; ip: string | null },
  job: { parties: JobParties; fields: Fields; kind: Recording['kind'] },
  { blob, format, playable }: StoredRecording,
  durationMs: number,
) {
  const { facility, patientId } = job.parties;
  return ctx.database.db.transaction(async (tx) => {
    const id = await insertJob(tx, job.parties, job.fields.stat);
    const rendition = { jobId: id, blobKey: blob.key, size: blob.size, durationMs };
    await tx.insert(audioFiles).values({ ...rendition, codec: 'original', mimeType: format.mimeType });
    if (playable) await tx.insert(audioFiles).values({ ...rendition, ...playable });
    await recordAudit(
      ctx,
      {
        action: 'job.createWithAudio',
        outcome: 'success',
        userId: who.auth.userId,
        accountId: who.auth.accountId,
        corporateStructureId: facility.corporateStructureId,
        jobId: id,
        patientId,
        ip: who.ip,
        detail: { kind: job.kind, size: blob.size, clientFacilityId: facility.id },
      },
      tx,
    );
    await queueRecognition(ctx, tx, id);
    return id;
  });
}

/** With ffmpeg installed, queues the makeAudioRenditions task of the job; answers what became of the renditions. */
async function queueRenditions(
  ctx: AppContext,
  jobId: number,
  ffmpeg: string | null,
): Promise<CreateAudioResponse> {
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
  const recording = readRecording(upload, opts.maxBytes ?? MAX_AUDIO_UPLOAD_BYTES);
  const fields = readFields(upload.fields);
  const parties = await requireJobParties(ctx, auth, fields);
  const ffprobe = opts.ffprobe === undefined ? findExecutable(['ffprobe']) : opts.ffprobe;
  const { durationMs } = await checkDictationAudio(recording.bytes, recording.kind, ffprobe);
  const stored = await storeRecording(ctx, recording);
  const job = { parties, fields, kind: recording.kind };
  const jobId = await createJob(ctx, { auth, ip }, job, stored, durationMs);
  const ffmpeg = opts.ffmpeg === undefined ? findExecutable(['ffmpeg']) : opts.ffmpeg;
  return queueRenditions(ctx, jobId, ffmpeg);
}
