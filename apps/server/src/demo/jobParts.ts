import { STAGES } from '@quill/core';
import type { documentVersions, jobFlags, jobOrders, jobs, recipients } from '../db/schema/index.js';
import { audioFiles, distributionErrors, distributions, jobNotes } from '../db/schema/index.js';
import type { DocumentPool } from './documents.js';
import type { AudioPool } from './files/audio.js';
import type { IdCounter } from './ids.js';
import { type JobPlan, type RuleKind, stageMethod } from './jobPlan.js';
import { DAY_MS, type FacilityModel, type PatientModel, REFERENCE_TIME, type VisitModel } from './model.js';
import type { OrderIndex } from './patients.js';
import { DISTRIBUTION_ERRORS, JOB_NOTES } from './pools/phrases.js';
import type { Rng } from './prng.js';
import type { FacilityPhysicians } from './recipients.js';

type Insert<T extends { $inferInsert: unknown }> = T['$inferInsert'][];

/**
 * Every row the job generator produces, by table (here, beside the helpers that add to it, so that
 * jobBuilder, its helpers and recipientsShowcase share it without importing each other round).
 * Document versions get their blob after storing.
 */
export interface JobRows {
  jobs: Insert<typeof jobs>;
  recipients: Insert<typeof recipients>;
  documents: { row: typeof documentVersions.$inferInsert; docKey: string }[];
  audio: Insert<typeof audioFiles>;
  notes: Insert<typeof jobNotes>;
  flags: Insert<typeof jobFlags>;
  errors: Insert<typeof distributionErrors>;
  distributions: Insert<typeof distributions>;
  orders: Insert<typeof jobOrders>;
}

export interface JobContext {
  rng: Rng;
  ids: IdCounter;
  patientsByFacility: Map<number, PatientModel[]>;
  patientsByStructure: Map<number, PatientModel[]>;
  /** The patient of the unmatched job (PatientModel.walkIn), if the seed has one. */
  walkIn: PatientModel | null;
  physicians: Map<number, FacilityPhysicians>;
  orders: OrderIndex;
  audio: AudioPool;
  docs: DocumentPool;
  noteAuthors: { name: string; accountId: number | null }[];
  rows: JobRows;
}

export const MINUTE = 60_000;
export const HOUR = 3_600_000;

/** A dictation time up to `maxDays` before the reference time, in working hours. */
export function dictationTime(rng: Rng, maxDays: number): number {
  const dayStart = Math.floor(REFERENCE_TIME / DAY_MS) * DAY_MS - rng.int(0, maxDays) * DAY_MS;
  // 12:00–23:59 UTC is the working day on the US east coast.
  let t = dayStart + rng.int(12 * 3600, 24 * 3600 - 1) * 1000;
  if (t > REFERENCE_TIME - 10 * MINUTE) t = REFERENCE_TIME - rng.int(10, 600) * MINUTE;
  return t;
}

/** The time, but never later than a minute before the reference time. */
export const before = (t: number): number => Math.min(t, REFERENCE_TIME - MINUTE);

/** One or two of the facility's enabled hold-queue rules. */
export function randomFlags(rng: Rng, facility: FacilityModel): RuleKind[] {
  const enabled = facility.rules.filter((r) => r.enabled).map((r) => r.kind as RuleKind);
  return rng.sample(enabled, rng.chance(0.75) ? 1 : 2);
}

/** The patient's latest visit admitted before `at` (else the first one). */
export function latestVisit(patient: PatientModel, at: number): VisitModel | undefined {
  let best = patient.visits[0];
  for (const v of patient.visits) if (v.admittedAt <= at) best = v;
  return best;
}

/** Distribution errors (and failed distributions) of a job in a failed stage. */
export function addDistributionFailure(
  ctx: JobContext,
  jobId: number,
  stage: number,
  recips: (typeof recipients.$inferInsert)[],
  after: number,
): void {
  const { rng, ids, rows } = ctx;
  const method = stageMethod(stage);
  const target =
    recips.find((r) => !r.removed && (method === null || r.distributionMethod === method)) ?? recips[0];
  const attempts = rng.int(1, 2);
  for (let a = 0; a < attempts; a++) {
    const at = new Date(before(after + (a + 1) * 35 * MINUTE));
    const fax = `${rng.int(201, 989)} 555 01${String(rng.int(0, 99)).padStart(2, '0')}`;
    const description = rng.pick(DISTRIBUTION_ERRORS[stage] ?? ['Distribution failed']).replace('{fax}', fax);
    rows.errors.push({ id: ids.next(distributionErrors), jobId, description, createdAt: at });
    rows.distributions.push({
      id: ids.next(distributions),
      jobId,
      recipientId: target?.id ?? null,
      method: target?.distributionMethod ?? method ?? 'print',
      status: 'failed',
      createdAt: at,
      completedAt: at,
    });
  }
}

const AWKWARD_NOTES = JOB_NOTES.filter((n) => /[<>]/.test(n) && /[^ -~]/.test(n));

/** 0–3 job notes (more in the hold and failed queues); answers the current note text. */
export function addNotes(
  ctx: JobContext,
  jobId: number,
  plan: JobPlan,
  transcribedAt: number,
): string | null {
  const { rng, ids, rows } = ctx;
  const stage = plan.stageId;
  const noteCount =
    (plan.note ?? rng.chance(stage === STAGES.holdQueue.id || (stage >= 4 && stage <= 7) ? 0.35 : 0.12))
      ? rng.int(1, 3)
      : 0;
  let jobNote: string | null = null;
  for (let n = 0; n < noteCount; n++) {
    const author = rng.pick(ctx.noteAuthors);
    // Planned notes show the awkward characters (angle brackets, non-ASCII) the UI must escape.
    jobNote = rng.pick(plan.note && n === 0 ? AWKWARD_NOTES : JOB_NOTES);
    rows.notes.push({
      id: ids.next(jobNotes),
      jobId,
      note: jobNote,
      appName: rng.chance(0.8) ? 'Quill' : 'Transcription Workstation',
      createdByAccountId: author.accountId,
      createdBy: author.name,
      createdAt: new Date(before(transcribedAt + (n + 1) * 17 * MINUTE)),
    });
  }

  return jobNote;
}

/** The job's dictation audio from the clip pool: wav, and mostly opus too when there is one. */
export function addAudio(ctx: JobContext, jobId: number, dictatedAt: number): void {
  const { rng, ids, rows } = ctx;
  const clip = rng.pick(ctx.audio.clips);
  const at = new Date(dictatedAt);
  rows.audio.push({
    id: ids.next(audioFiles),
    jobId,
    codec: 'wav',
    mimeType: 'audio/wav',
    blobKey: clip.wav.key,
    size: clip.wav.size,
    durationMs: clip.durationMs,
    createdAt: at,
  });
  if (clip.opus && rng.chance(0.92)) {
    rows.audio.push({
      id: ids.next(audioFiles),
      jobId,
      codec: 'opus',
      mimeType: 'audio/ogg; codecs=opus',
      blobKey: clip.opus.key,
      size: clip.opus.size,
      durationMs: clip.durationMs,
      createdAt: at,
    });
  }
}
