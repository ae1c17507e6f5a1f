import { createHash } from 'node:crypto';
import { message, UPLOAD_EFFECT_LIMITS, type UploadChange, type UploadJob } from '@quill/core';
import type { Change, ChangeEntity } from './uploadChanges.js';
import { fieldLabel, type JobEffects } from './uploadJobs.js';

/**
 * Issue 39: the preview of an upload (what it would change, kept in uploads.result.preview until
 * the confirm) and the fingerprint the confirm compares, so that what is applied is what was shown.
 */

const text = (v: unknown): string | null => (v === null || v === undefined ? null : String(v));

/** The record of a change in words: "Patient 100234", "Visit V1", "Order O-1", "Job 27". */
export const recordLabel = (c: { entity: string; record: string }) =>
  `${message(`schedule.effectEntity.${c.entity as ChangeEntity}`)} ${c.record}`;

/** A kept change as the preview and the effect list it (a pin is not a change of what a job shows). */
export function listedChange(c: {
  entity: string;
  record: string;
  op: string;
  field: string | null;
  previous: unknown;
  next: unknown;
}): UploadChange {
  const update = c.op === 'update';
  return {
    entity: c.entity as UploadChange['entity'],
    op: c.op as UploadChange['op'],
    record: recordLabel(c),
    field: c.field,
    label: c.field ? fieldLabel(c.field) : null,
    previous: update ? text(c.previous) : null,
    next: update ? text(c.next) : null,
  };
}

/** What the confirm compares: the record changes, and each job's changes that is not final. */
export interface PlanFingerprint {
  records: string;
  jobs: Record<string, string>;
}

const hash = (value: unknown) =>
  createHash('sha256').update(JSON.stringify(value)).digest('hex').slice(0, 24);

export function fingerprintOf(records: Change[], jobs: UploadJob[]): PlanFingerprint {
  // Records the upload adds get new ids each time: they are compared by what they are, not by id.
  const kept = records.map((c) => [c.entity, c.record, c.op, c.field, c.previous ?? null, c.next ?? null]);
  return {
    records: hash(kept),
    jobs: Object.fromEntries(jobs.filter((j) => !j.final).map((j) => [String(j.jobId), hash(j.changes)])),
  };
}

/**
 * Whether the plan worked out at the confirm is the one previewed: the same record changes, and
 * every job it changes changed the same way in the preview. A previewed job that is final now is
 * simply left alone (the re-check the confirm makes).
 */
export function samePlan(previewed: PlanFingerprint, now: PlanFingerprint): boolean {
  if (previewed.records !== now.records) return false;
  return Object.entries(now.jobs).every(([id, h]) => previewed.jobs[id] === h);
}

/** The preview kept with the upload until it is confirmed or cancelled. */
export interface StoredPreview {
  changes: UploadChange[];
  moreChanges: number;
  jobs: UploadJob[];
  moreJobs: number;
  jobsChanged: number;
  jobsFinal: number;
  changedSincePreview: boolean;
  fingerprint: PlanFingerprint;
}

export function storedPreview(
  records: Change[],
  effects: JobEffects,
  changedSincePreview: boolean,
): StoredPreview {
  const listed = records.slice(0, UPLOAD_EFFECT_LIMITS.listedChanges);
  // Final jobs first: they are what the person confirming must not miss.
  const jobs = [...effects.jobs].sort((a, b) => Number(b.final) - Number(a.final) || a.jobId - b.jobId);
  const shownJobs = jobs.slice(0, UPLOAD_EFFECT_LIMITS.listedJobs);
  return {
    changes: listed.map(listedChange),
    moreChanges: records.length - listed.length,
    jobs: shownJobs,
    moreJobs: jobs.length - shownJobs.length,
    jobsChanged: jobs.filter((j) => !j.final).length,
    jobsFinal: jobs.filter((j) => j.final).length,
    changedSincePreview,
    fingerprint: fingerprintOf(records, effects.jobs),
  };
}
