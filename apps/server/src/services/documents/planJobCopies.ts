import {
  type CopyRecipient,
  type CopyType,
  canSeePatientName,
  copiesFor,
  type JobCopy,
  message,
} from '@quill/core';
import { asc, eq, inArray } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { clientFacilities, type jobs, patients, physicians, recipients } from '../../db/schema/index.js';
import type { CoverSheetInfo } from '../../documents/pdf/coverSheet.js';
import type { Auth } from '../auth/auth.js';

type Job = typeof jobs.$inferSelect;

/** The copies one job prints, and what its cover sheets say besides the recipient and pages. */
export interface JobCopyPlan {
  job: Job;
  copies: JobCopy[];
  cover: Omit<CoverSheetInfo, 'recipient' | 'pages'>;
}

const joinName = (...parts: (string | null | undefined)[]) =>
  parts
    .map((p) => p?.trim())
    .filter(Boolean)
    .join(' ');

/** "Last, First" as the job list writes people. */
const listName = (p: { firstName: string; lastName: string } | null) =>
  p ? `${p.lastName}, ${p.firstName}` : null;

/**
 * Spec 01 §5 copy types for each job, from its recipients (physicians, the patient, custom ones;
 * removed ones never get a copy): smart copies only while the job is on the manual distribution
 * list and not cleared. Cover sheets never name the patient (the sheet is what anyone at the
 * printer tray reads; the job id identifies the document), except as the copy's recipient — and
 * then only to accounts that may see patient names (spec 01 §6); the others read "Patient Name".
 */
export async function planJobCopies(
  ctx: AppContext,
  auth: Auth,
  found: readonly Job[],
  copyType: CopyType,
): Promise<JobCopyPlan[]> {
  if (!found.length) return [];
  const db = ctx.database.db;
  const ids = found.map((j) => j.id);
  const showPatient = canSeePatientName(auth.permissions);
  const withheld = message('jobList.patientWithheld');

  const recipientRows = await db
    .select({ r: recipients, p: physicians })
    .from(recipients)
    .leftJoin(physicians, eq(physicians.id, recipients.physicianId))
    .where(inArray(recipients.jobId, ids))
    .orderBy(asc(recipients.ordinal), asc(recipients.id));
  const people = await peopleOf(ctx, found);

  return found.map((job) => {
    const patient = job.patientId ? (people.patients.get(job.patientId) ?? null) : null;
    const own: CopyRecipient[] = recipientRows
      .filter(({ r }) => r.jobId === job.id)
      .map(({ r, p }) => {
        const custom = r.custom ?? {};
        let name: string;
        if (r.isPatient) {
          const n =
            joinName(custom.firstName, custom.lastName) || joinName(patient?.firstName, patient?.lastName);
          name = showPatient ? n : withheld;
        } else if (p) {
          name = joinName(p.prefix, p.firstName, p.lastName) + (p.credentials ? `, ${p.credentials}` : '');
        } else {
          // Typed details keep the title as `prefix` (PhysicianDetailsSchema); `title` is older rows'.
          name =
            joinName(custom.prefix ?? custom.title, custom.firstName, custom.lastName) || custom.name || '';
        }
        return { name, distributionMethod: r.distributionMethod, removed: r.removed };
      });
    const facility = people.facilities.get(job.clientFacilityId);
    const dictator = job.dictatorId ? (people.physicians.get(job.dictatorId) ?? null) : null;
    return {
      job,
      copies: copiesFor(copyType, own, job.onManualList && job.clearedAt === null),
      cover: {
        jobId: job.id,
        dictatorName: listName(dictator),
        facility: facility?.name ?? null,
        ...(facility ? { timeZone: facility.timeZone } : {}),
      },
    };
  });
}

async function peopleOf(ctx: AppContext, found: readonly Job[]) {
  const db = ctx.database.db;
  const uniq = (xs: (number | null)[]) => [...new Set(xs.filter((x): x is number => x !== null))];
  const patientIds = uniq(found.map((j) => j.patientId));
  const dictatorIds = uniq(found.map((j) => j.dictatorId));
  const facilityIds = uniq(found.map((j) => j.clientFacilityId));
  const [pats, docs, facs] = await Promise.all([
    patientIds.length
      ? db
          .select({ id: patients.id, firstName: patients.firstName, lastName: patients.lastName })
          .from(patients)
          .where(inArray(patients.id, patientIds))
      : [],
    dictatorIds.length
      ? db
          .select({ id: physicians.id, firstName: physicians.firstName, lastName: physicians.lastName })
          .from(physicians)
          .where(inArray(physicians.id, dictatorIds))
      : [],
    db
      .select({ id: clientFacilities.id, name: clientFacilities.name, timeZone: clientFacilities.timeZone })
      .from(clientFacilities)
      .where(inArray(clientFacilities.id, facilityIds)),
  ]);
  return {
    patients: new Map(pats.map((p) => [p.id, p])),
    physicians: new Map(docs.map((p) => [p.id, p])),
    facilities: new Map(facs.map((f) => [f.id, f])),
  };
}
