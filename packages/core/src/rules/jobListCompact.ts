import {
  COMPACT_ROW_BITS as BIT,
  type CompactJobListHeader,
  type CompactJobListRow,
  type JobListRow,
  COMPACT_VIEWED_BITS as VIEWED,
} from '../contract/jobList.js';
import { compileDateFormatter, isoString } from './dateFormat.js';
import { stageName } from './stages.js';

/** Rows decoded between two pauses (see {@link decodeCompactJobListSteps}). */
const ROWS_PER_STEP = 10_000;
const MINUTE_MS = 60_000;

/**
 * Turns a compact batch (see JOB_LIST_FORMATS) back into the rows the `rows` format answers,
 * field for field: names from the header's dictionaries, ISO times from the UTC milliseconds,
 * formatted dates from the facility's wall clock (UTC plus its offset then) with the user's formats. Pauses
 * (yields) every {@link ROWS_PER_STEP} rows so a browser can decode 100,000 rows in short tasks.
 */
export function* decodeCompactJobListSteps(items: readonly unknown[]): Generator<void, JobListRow[], void> {
  if (items.length === 0) return [];
  const h = items[0] as CompactJobListHeader;
  const dateTime = compileDateFormatter(`${h.dateFormat} ${h.timeFormat}`);
  const date = compileDateFormatter(h.dateFormat);
  const out = new Array<JobListRow>(items.length - 1);
  for (let i = 1; i < items.length; i++) {
    // Read by position (no destructuring copies): 100,000 rows decode in a few short tasks.
    const r = items[i] as CompactJobListRow;
    const jobId = r[0];
    const dictatorId = r[2];
    const patientId = r[3];
    const dictatedUtc = r[4];
    const signedUtc = r[6];
    const dateOfService = r[8];
    const workTypeId = r[9];
    const departmentId = r[10];
    const locationId = r[11];
    const stageId = r[13];
    const clientFacilityId = r[14];
    const bits = r[15];
    const flags = h.flags[jobId];
    const viewed = h.viewed[jobId] ?? 0;
    const stat = (bits & BIT.stat) !== 0;
    const patient = patientId === null ? undefined : h.patients[patientId];
    const location = locationId === null ? undefined : h.locations[locationId];
    const jobNote = r[12] ?? '';
    out[i - 1] = {
      jobId,
      originalJobId: r[1],
      stat,
      statBool: stat,
      filterJobId: String(jobId),
      dictatorName: (dictatorId !== null && h.dictators[dictatorId]) || '',
      patientName: patient ? patient[0] : null,
      patientMRN: patient ? patient[1] : '',
      dictatedDate: dictatedUtc === null ? null : isoString(dictatedUtc),
      signedDate: signedUtc === null ? null : isoString(signedUtc),
      dateOfService,
      formattedDictatedDate: dictatedUtc === null ? '' : dateTime(dictatedUtc + (r[5] ?? 0) * MINUTE_MS),
      formattedSignedDate: signedUtc === null ? '' : dateTime(signedUtc + (r[7] ?? 0) * MINUTE_MS),
      formattedDateOfService: dateOfService === null ? '' : date(Date.parse(dateOfService)),
      workType: (workTypeId !== null && h.workTypes[workTypeId]) || '',
      department: (departmentId !== null && h.departments[departmentId]) || '',
      location: location ? location[0] : '',
      jobNote,
      jobNoteBool: jobNote !== '',
      stageName: stageName(stageId) ?? '',
      stageId,
      clinic: h.facilities[clientFacilityId] ?? '',
      clientFacilityId,
      jobLocation: location ? location[1] : '',
      flags: flags ? flags.map(([code, description]) => ({ code, description })) : [],
      pdfViewed: (viewed & VIEWED.pdf) !== 0,
      rtfViewed: (viewed & VIEWED.rtf) !== 0,
      edited: (bits & BIT.edited) !== 0,
      signed: (bits & BIT.signed) !== 0,
      faxed: (bits & BIT.faxed) !== 0,
    };
    if (i % ROWS_PER_STEP === 0) yield;
  }
  return out;
}

/** {@link decodeCompactJobListSteps} in one go. */
export function decodeCompactJobList(items: readonly unknown[]): JobListRow[] {
  const steps = decodeCompactJobListSteps(items);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}
