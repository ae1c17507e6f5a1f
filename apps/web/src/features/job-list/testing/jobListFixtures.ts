import type { BinaryJobListHeader, JobListRow } from '@quill/core/contract/jobList';
import { type BinaryJobListRecord, encodeBinaryJobList } from '@quill/core/testing/binaryJobList';
import { listRow } from '@quill/core/testing/jobListRow';
import type { Session } from '../../../app/session/SessionContext';

/** A list row with sensible values; tests override what they look at. */
export function jobRow(jobId: number, over: Partial<JobListRow> = {}): JobListRow {
  return listRow(jobId, {
    patientMRN: `MRN${String(jobId).padStart(5, '0')}`,
    dictatedDate: '2026-10-07T20:37:47.000Z',
    dateOfService: '2026-10-04',
    formattedDictatedDate: '10/07/2026 16:37',
    formattedDateOfService: '10/04/2026',
    location: 'Emergency Department',
    clinic: 'Cobalt Ridge Regional Hospital',
    jobLocation: 'ED',
    ...over,
  });
}

/** A signed-in manager with every permission (tests drop the ones they need missing). */
export function testSession(over: { permissions?: Session['userSettings']['permissions'] } = {}): Session {
  return {
    account: {
      member: 'Morgan Reyes',
      memberId: 1,
      companyId: 1,
      company: 'Meridian Valley Health',
      memberType: 3,
    },
    userSettings: {
      dateFormat: 'MM/DD/YYYY',
      timeFormat: 'HH:mm',
      permissions: over.permissions ?? ['jobView', 'holdQueueView', 'adtView', 'jobFax'],
      locale: 'en-US',
      userId: 1,
      fftmBaseUrl: 'https://legacy.example',
    },
    applicationSettings: {
      jobCountUpdateIntervalSeconds: 180,
      jobListDataBatchSize: 2,
      jobListCountBatchSize: 2,
    },
  };
}

/** A JSON answer. */
export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** The wall-clock milliseconds of a list date as the fixtures write it (MM/DD/YYYY or MM/DD/YYYY HH:mm). */
function wallClockMs(formatted: string): number | null {
  const m = /^(\d\d)\/(\d\d)\/(\d{4})(?: (\d\d):(\d\d))?$/.exec(formatted);
  if (!m) return null;
  return Date.UTC(Number(m[3]), Number(m[1]) - 1, Number(m[2]), Number(m[4] ?? 0), Number(m[5] ?? 0));
}

/**
 * The binary answer (contract JOB_LIST_FORMATS) the server would send for these rows; their
 * formatted dates must use MM/DD/YYYY HH:mm, as the fixtures do. `headerOver` replaces parts of
 * the header (to break it).
 */
export function binaryJobList(
  rows: readonly JobListRow[],
  headerOver: Record<string, unknown> = {},
): Response {
  const ids = new Map<string, number>();
  const idOf = (kind: string, value: string) => {
    const key = `${kind}:${value}`;
    if (!ids.has(key)) ids.set(key, ids.size + 1);
    return ids.get(key)!;
  };
  const header: Omit<BinaryJobListHeader, 'count'> = {
    format: 'binary-2',
    dateFormat: 'MM/DD/YYYY',
    timeFormat: 'HH:mm',
    dictators: {},
    patients: {},
    workTypes: {},
    departments: {},
    locations: {},
    facilities: {},
    statTargets: {},
    timeZones: {},
    notes: {},
    flags: {},
    viewed: {},
  };
  const records = rows.map((r): BinaryJobListRecord => {
    const dictator = idOf('d', r.dictatorName);
    const patient = idOf('p', `${r.patientName}|${r.patientMRN}`);
    const workType = idOf('w', r.workType);
    const department = idOf('dep', r.department);
    const location = idOf('l', `${r.location}|${r.jobLocation}`);
    header.dictators[dictator] = r.dictatorName;
    header.patients[patient] = [r.patientName, r.patientMRN];
    header.workTypes[workType] = r.workType;
    header.departments[department] = r.department;
    header.locations[location] = [r.location, r.jobLocation];
    header.facilities[r.clientFacilityId] = r.clinic;
    header.statTargets[r.clientFacilityId] = r.statTargetMinutes;
    if (r.jobNote) header.notes[r.jobId] = r.jobNote;
    const dictated = r.dictatedDate ? Date.parse(r.dictatedDate) : null;
    const signed = r.signedDate ? Date.parse(r.signedDate) : null;
    const offset = (utc: number | null, formatted: string) => {
      const wall = wallClockMs(formatted);
      // The formatted text shows whole minutes: the offset is from the time's minute.
      return utc === null || wall === null ? null : Math.round((wall - (utc - (utc % 60_000))) / 60_000);
    };
    if (r.flags.length) header.flags[r.jobId] = r.flags.map((f) => [f.code, f.description]);
    if (r.pdfViewed || r.rtfViewed) header.viewed[r.jobId] = (r.pdfViewed ? 1 : 0) + (r.rtfViewed ? 2 : 0);
    return {
      jobId: r.jobId,
      originalJobId: r.originalJobId,
      dictatorId: dictator,
      patientId: patient,
      dictatedUtc: dictated,
      dictatedOffset: offset(dictated, r.formattedDictatedDate),
      signedUtc: signed,
      signedOffset: offset(signed, r.formattedSignedDate),
      dateOfService: r.dateOfService,
      workTypeId: workType,
      departmentId: department,
      locationId: location,
      stageId: r.stageId,
      clientFacilityId: r.clientFacilityId,
      bits: [r.stat, r.edited, r.signed, r.faxed].reduce((sum, on, i) => sum + (on ? 2 ** i : 0), 0),
      tatFirstTextMinutes: r.tatFirstTextMinutes,
      tatFinishedMinutes: r.tatFinishedMinutes,
    };
  });
  const bytes = encodeBinaryJobList({ ...header, ...headerOver } as typeof header, records);
  return new Response(bytes.buffer as ArrayBuffer, {
    status: 200,
    headers: { 'Content-Type': 'application/octet-stream' },
  });
}
