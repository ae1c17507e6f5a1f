import { attachments } from '../db/schema/index.js';
import type { BlobStore } from '../storage/blobStore.js';
import { type DocumentFacts, type LabLine, labResultPdf, referralLetterPng } from './attachmentFiles.js';
import { uuidFrom } from './ids.js';
import { type Executor, insertRows } from './insert.js';
import { DAY_MS, type FacilityModel, isoDate, type PatientModel, type PhysicianModel } from './model.js';
import { LAB_PANELS, type LabPanelSpec, REFERRALS, REFERRING_PRACTICES } from './pools/attachmentContent.js';
import type { Rng } from './prng.js';

/** Attachments of each facility with attachments enabled: some of the last 7 days, the rest over a year. */
export const RECENT_ATTACHMENTS_PER_FACILITY = 3;
export const OLDER_ATTACHMENTS_PER_FACILITY = 9;

const SECOND = 1000;

/** One result line: a value inside the range mostly, sometimes just outside (flagged H or L). */
function labLine(test: LabPanelSpec['tests'][number], rng: Rng): LabLine {
  const span = test.high - test.low;
  const roll = rng.next();
  const value =
    roll < 0.12
      ? test.high + span * (0.05 + rng.next() * 0.3)
      : roll < 0.2
        ? Math.max(0, test.low - span * (0.05 + rng.next() * 0.2))
        : test.low + span * (0.1 + rng.next() * 0.8);
  const text = value.toFixed(test.decimals);
  const shown = Number(text);
  const flag = shown > test.high ? 'H' : shown < test.low ? 'L' : '';
  const range = `${test.low.toFixed(test.decimals)}–${test.high.toFixed(test.decimals)}`;
  return [test.name, text, test.unit, range, flag];
}

/** The patient's latest visit admitted at or before `at`, if any. */
function visitAt(patient: PatientModel, at: number) {
  return (
    patient.visits.filter((v) => v.admittedAt <= at).sort((a, b) => b.admittedAt - a.admittedAt)[0] ?? null
  );
}

/** When each of a facility's attachments is dated: a few in the last 7 days, the rest over a year. */
function datesOf(now: number, rng: Rng): number[] {
  const recent = Array.from(
    { length: RECENT_ATTACHMENTS_PER_FACILITY },
    () => now - rng.int(600, 6 * 86_400) * SECOND,
  );
  const older = Array.from(
    { length: OLDER_ATTACHMENTS_PER_FACILITY },
    () => now - rng.int(7, 365) * DAY_MS - rng.int(0, 86_399) * SECOND,
  );
  return [...recent, ...older];
}

/**
 * Demo attachments (issue 22): for every facility with attachments enabled, outside laboratory
 * results as PDF (pdfkit) and faxed referral letters as scanned PNG pages, each about one of the
 * facility's patients (and the visit of that time, when there is one), dated back from `now`:
 * RECENT_ATTACHMENTS_PER_FACILITY in the last 7 days, the others over the last year — so the
 * Attachments modal's default range finds some whenever the demo was seeded. Deterministic for
 * the same `now` and `rng`.
 */
export async function seedAttachments(
  tx: Executor,
  blobs: BlobStore,
  rng: Rng,
  now: Date,
  org: { facilities: FacilityModel[]; patients: PatientModel[]; physicians: PhysicianModel[] },
): Promise<number> {
  const rows: (typeof attachments.$inferInsert)[] = [];
  for (const facility of org.facilities.filter((f) => f.attachmentsEnabled)) {
    const local = org.patients.filter((p) => p.homeFacilityIndex === facility.index && !p.walkIn);
    const doctors = org.physicians.filter(
      (d) =>
        d.structureId === facility.structure.id && (d.facilityId === null || d.facilityId === facility.id),
    );
    if (local.length === 0) continue;
    const dates = datesOf(now.getTime(), rng);
    for (const [i, at] of dates.entries()) {
      const patient = rng.pick(local);
      const doctor = doctors.length ? rng.pick(doctors) : null;
      const facts: DocumentFacts = {
        date: new Date(at),
        patient: `${patient.lastName}, ${patient.firstName}`,
        mrn: patient.mrn,
        physician: doctor ? `Dr ${doctor.firstName} ${doctor.lastName}` : 'Attending physician',
        facility: facility.name,
      };
      // Two of three are lab results; the first recent one of each facility is a referral letter.
      const isLetter = i === 0 || rng.chance(0.33);
      let file: { bytes: Buffer; name: string; description: string; type: 'application/pdf' | 'image/png' };
      if (isLetter) {
        const from = rng.pick(REFERRING_PRACTICES);
        const letter = rng.pick(REFERRALS);
        file = {
          bytes: referralLetterPng({ from, ...letter }, facts, rng),
          name: `Referral letter ${isoDate(at)}.png`,
          description: `Referral from ${from.practice}: ${letter.reason}`,
          type: 'image/png',
        };
      } else {
        const panel = rng.pick(LAB_PANELS);
        const lines = panel.tests.map((test) => labLine(test, rng));
        const specimen = `S-${isoDate(at).slice(0, 4)}-${String(rng.int(1000, 99999)).padStart(6, '0')}`;
        file = {
          bytes: await labResultPdf({ title: panel.title, lines }, facts, specimen),
          name: `${panel.short} ${isoDate(at)}.pdf`,
          description: `${panel.title}, Tri-County Reference Laboratory`,
          type: 'application/pdf',
        };
      }
      const blob = await blobs.putContent(file.bytes, {
        prefix: 'attachments',
        extension: file.type === 'image/png' ? 'png' : 'pdf',
      });
      rows.push({
        id: uuidFrom([
          rng.int(0, 0xffffffff),
          rng.int(0, 0xffffffff),
          rng.int(0, 0xffffffff),
          rng.int(0, 0xffffffff),
        ]),
        clientFacilityId: facility.id,
        patientId: patient.id,
        visitId: visitAt(patient, at)?.id ?? null,
        name: file.name,
        description: file.description,
        mimeType: file.type,
        blobKey: blob.key,
        size: blob.size,
        contextStartAt: new Date(at),
        createdAt: new Date(at + rng.int(300, 7200) * SECOND),
      });
    }
  }
  await insertRows(tx, attachments, rows);
  return rows.length;
}
