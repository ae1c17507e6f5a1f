import {
  audioFiles,
  distributionErrors,
  distributions,
  documentVersions,
  jobFlags,
  jobNotes,
  jobOrders,
  jobs,
  recipients,
  signatures,
} from '../db/schema/index.js';
import type { BlobStore } from '../storage/blobStore.js';
import { DocumentPool } from './documents.js';
import type { AudioPool } from './files/audio.js';
import type { IdCounter } from './ids.js';
import { type Executor, insertRows } from './insert.js';
import { buildJob } from './jobBuilder.js';
import type { JobContext, JobRows } from './jobParts.js';
import { coveragePlans, randomPlan } from './jobPlan.js';
import type { FacilityModel, PatientModel, PhysicianModel } from './model.js';
import type { OrderIndex } from './patients.js';
import type { Rng } from './prng.js';
import { facilityPhysicians } from './recipients.js';
import { prepareRecipientsShowcase } from './recipientsShowcase.js';
import { prepareSigningShowcase, writeSigningShowcase } from './signingShowcase.js';

export interface JobInputs {
  count: number;
  facilities: FacilityModel[];
  patients: PatientModel[];
  physicians: PhysicianModel[];
  orders: OrderIndex;
  audio: AudioPool;
  noteAuthors: { name: string; accountId: number | null }[];
  /** The physician the demo dictator signs in as: the To sign showcase is theirs (issue 43). */
  dictator?: PhysicianModel;
}

/**
 * Generates `count` jobs over every stage and queue (the coverage plans first, then random ones
 * spread over the facilities by weight), stores their documents, and inserts all job rows.
 */
export async function seedJobs(
  tx: Executor,
  blobs: BlobStore,
  ids: IdCounter,
  rng: Rng,
  input: JobInputs,
  progress: (msg: string) => void,
): Promise<{ documents: number }> {
  const patientsByFacility = new Map<number, PatientModel[]>();
  const patientsByStructure = new Map<number, PatientModel[]>();
  // The walk-in is concerned by the unmatched job only.
  const walkIn = input.patients.find((p) => p.walkIn) ?? null;
  for (const p of input.patients) {
    if (p === walkIn) continue;
    const byF = patientsByFacility.get(p.homeFacilityIndex) ?? [];
    byF.push(p);
    patientsByFacility.set(p.homeFacilityIndex, byF);
    const byS = patientsByStructure.get(p.structureId) ?? [];
    byS.push(p);
    patientsByStructure.set(p.structureId, byS);
  }
  const physicians = new Map(
    input.facilities.map((f) => [
      f.id,
      facilityPhysicians(
        input.physicians.filter(
          (p) => p.structureId === f.structure.id && (p.facilityId === null || p.facilityId === f.id),
        ),
      ),
    ]),
  );
  const rows: JobRows = {
    jobs: [],
    recipients: [],
    documents: [],
    audio: [],
    notes: [],
    flags: [],
    errors: [],
    distributions: [],
    orders: [],
  };
  const docs = new DocumentPool();
  const ctx: JobContext = {
    rng,
    ids,
    patientsByFacility,
    patientsByStructure,
    walkIn,
    physicians,
    orders: input.orders,
    audio: input.audio,
    docs,
    noteAuthors: input.noteAuthors,
    rows,
  };
  const big = input.facilities.filter((f) => f.structure.big);
  const small = input.facilities.filter((f) => !f.structure.big);
  const weighted = input.facilities.map((f) => [f, f.weight] as const);
  const coverage = coveragePlans();
  let bigTurn = 0;
  for (let i = 0; i < input.count; i++) {
    const plan = i < coverage.length ? (coverage[i] as (typeof coverage)[number]) : randomPlan(rng);
    if (plan.unmatched && !walkIn) continue;
    const facility = plan.unmatched
      ? (input.facilities[walkIn!.homeFacilityIndex] as FacilityModel)
      : i < coverage.length
        ? ((plan.small ? small[0] : big[bigTurn++ % big.length]) as FacilityModel)
        : rng.weighted(weighted);
    buildJob(ctx, plan, facility);
  }
  if (big[0]) prepareRecipientsShowcase(rows, big[0], physicians.get(big[0].id)!);
  const signing = input.dictator
    ? prepareSigningShowcase(rows, input.facilities, input.physicians, input.dictator)
    : null;
  progress(`Planned ${rows.jobs.length} jobs; rendering ${docs.size} documents`);
  await docs.store(blobs, (done, total) => progress(`Stored ${done} of ${total} documents`));
  const versionRows = rows.documents.map(({ row, docKey }) => {
    const info = docs.blob(docKey);
    return { ...row, blobKey: info.key, size: info.size };
  });
  const signatureRows = seededSignatures(rows, (docKey) => docs.blob(docKey).sha256);

  const steps: [string, () => Promise<void>][] = [
    ['jobs', () => insertJobs(tx, rows.jobs, progress)],
    ['recipients', () => insertRows(tx, recipients, rows.recipients)],
    ['document versions', () => insertRows(tx, documentVersions, versionRows)],
    ['audio files', () => insertRows(tx, audioFiles, rows.audio)],
    ['job notes', () => insertRows(tx, jobNotes, rows.notes)],
    ['hold-queue flags', () => insertRows(tx, jobFlags, rows.flags)],
    ['distribution errors', () => insertRows(tx, distributionErrors, rows.errors)],
    ['distributions', () => insertRows(tx, distributions, rows.distributions)],
    ['job orders', () => insertRows(tx, jobOrders, rows.orders)],
    ['signatures', () => insertRows(tx, signatures, signatureRows)],
    [
      'signing showcase',
      async () => {
        if (signing && input.dictator) await writeSigningShowcase(tx, signing, input.dictator);
      },
    ],
  ];
  for (const [name, step] of steps) {
    await step();
    progress(`Inserted ${name}`);
  }
  return { documents: docs.size };
}

/**
 * The author's signature of every signed job with a document (issue 43: documents print Quill's
 * signature records): the dictator's, at the job's signed time, over its first document version.
 * Brought in with the seeded history, so made by no account of Quill's (account_id null). A job
 * that must be signed again, or whose signed time is missing, has none.
 */
function seededSignatures(rows: JobRows, sha256Of: (docKey: string) => string) {
  const byJob = new Map(rows.jobs.map((j) => [j.id, j]));
  const out: (typeof signatures.$inferInsert)[] = [];
  for (const { row, docKey } of rows.documents) {
    const job = byJob.get(row.jobId);
    if (!job?.signed || !job.signedAt || job.forceResign || job.dictatorId == null) continue;
    out.push({
      jobId: job.id as number,
      jobVersion: row.version,
      documentVersionId: row.id as number,
      documentSha256: sha256Of(docKey),
      meaning: 'author',
      physicianId: job.dictatorId,
      accountId: null,
      signedAt: job.signedAt as Date,
    });
  }
  return out;
}

async function insertJobs(
  tx: Executor,
  rows: JobRows['jobs'],
  progress: (msg: string) => void,
): Promise<void> {
  const slice = 10_000;
  for (let start = 0; start < rows.length; start += slice) {
    await insertRows(tx, jobs, rows.slice(start, start + slice));
    if (rows.length > slice)
      progress(`Inserted ${Math.min(start + slice, rows.length)} of ${rows.length} jobs`);
  }
}
