import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { type jobs, patients } from '../../db/schema/index.js';

type Job = Pick<typeof jobs.$inferSelect, 'adt' | 'patientId'>;

/** Stored text of a jsonb map, keeping only text values (a hand-edited row may hold anything). */
export function textValues(stored: unknown): Record<string, string> {
  if (!stored || typeof stored !== 'object') return {};
  return Object.fromEntries(
    Object.entries(stored as Record<string, unknown>).filter(
      (e): e is [string, string] => typeof e[1] === 'string',
    ),
  );
}

/** Physician ids of a jsonb map by "SEG.field" (only whole numbers count). */
export function physicianValues(stored: unknown): Record<string, number> {
  if (!stored || typeof stored !== 'object') return {};
  return Object.fromEntries(
    Object.entries(stored as Record<string, unknown>).filter((e): e is [string, number] =>
      Number.isInteger(e[1]),
    ),
  );
}

/**
 * The linked patient's registered MRN and name, keyed as the job's values: what the job shows
 * where it has no value of its own.
 */
export async function patientFallbackValues(db: Db, job: Job): Promise<Record<string, string>> {
  const [patient] = job.patientId
    ? await db
        .select({ mrn: patients.mrn, lastName: patients.lastName, firstName: patients.firstName })
        .from(patients)
        .where(eq(patients.id, job.patientId))
    : [];
  return patient ? { 'PID.3.1': patient.mrn, 'PID.5.1': patient.lastName, 'PID.5.2': patient.firstName } : {};
}

/**
 * The job's ADT values as the panel and the hold-queue rules read them: the job's own values over
 * the linked patient's registered MRN and name (a job linked to a patient without those values
 * still has them).
 */
export async function jobAdtValues(db: Db, job: Job): Promise<Record<string, string>> {
  return { ...(await patientFallbackValues(db, job)), ...textValues(job.adt) };
}
