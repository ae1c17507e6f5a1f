import { JOB_LIST_ROW_FORMAT, STAGES, type StageQueue, stageIdsOf, toPgDatePattern } from '@quill/core';
import { type SQL, sql } from 'drizzle-orm';

/** Which jobs a queue holds (docs/domain.md "Queues"). */
export type ListFilter = 'all' | 'hq' | 'pending' | 'failed';

/**
 * The stages of a queue as SQL, from the stage catalogue. The ids are written as literals, as the
 * hand-written condition was, so the statement and its plan do not depend on parameters.
 */
function stageQueueSql(queue: StageQueue): SQL {
  const ids = stageIdsOf(queue);
  if (!ids.every(Number.isSafeInteger)) throw new Error(`stage ids of ${queue} must be integers`);
  return ids.length ? sql.raw(`j.stage_id in (${ids.join(', ')})`) : sql`false`;
}

/** The condition of a queue on the jobs `j`: hq and failed by stage, pending by the manual list. */
export function queueCondition(filter: ListFilter): SQL {
  switch (filter) {
    case 'hq':
    case 'failed':
      return stageQueueSql(filter);
    case 'pending':
      return sql`j.on_manual_list and j.cleared_at is null`;
    default:
      return sql`true`;
  }
}

export function facilityList(cfs: readonly number[]): SQL {
  return sql.join(
    cfs.map((id) => sql`${id}`),
    sql`, `,
  );
}

const ISO = 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"';

/** The stored stage name of the catalogue, by id, in SQL. */
function stageNameSql(): SQL {
  const whens = Object.values(STAGES).map((s) => sql`when ${s.id} then ${s.name}`);
  return sql`case j.stage_id ${sql.join(whens, sql` `)} else '' end`;
}

export interface JobListSqlOptions {
  corpId: number;
  cfs: readonly number[];
  filter: ListFilter;
  accountId: number;
  /** The caller may see the patient's identifiers (core `canSeePatientName`): name and MRN, or neither. */
  showPatient: boolean;
  dateFormat: string;
  timeFormat: string;
}

/**
 * The columns of a job list row (spec 01 §3 "Job list row", JobListRowSchema) of the jobs `j`
 * joined by {@link jobRowJoinsSql}, with the job's flags as `flags` (a JSON array expression):
 * dates as ISO text and formatted in the facility's time zone with the user's formats, the patient
 * name and MRN only when `showPatient` (issue 41; null otherwise, and null for a job without
 * them), turnaround minutes by migration 0026's `tat_minutes` (as the
 * binary rows have them). Shared by the list and Job Search.
 */
export function jobRowColumnsSql(
  o: Pick<JobListSqlOptions, 'showPatient' | 'dateFormat' | 'timeFormat'>,
  flags: SQL,
): SQL {
  const dateTime = toPgDatePattern(`${o.dateFormat} ${o.timeFormat}`);
  const date = toPgDatePattern(o.dateFormat);
  return sql`j.id::int as "jobId", j.original_job_id::int as "originalJobId",
      (j.stat is not null) as "stat", (j.stat is not null) as "statBool", j.id::text as "filterJobId",
      coalesce(d.last_name || ', ' || d.first_name, '') as "dictatorName",
      case when ${o.showPatient} then ${JOB_PATIENT_NAME} end as "patientName",
      case when ${o.showPatient} then ${JOB_PATIENT_MRN} end as "patientMRN",
      to_char(j.dictated_at at time zone 'UTC', ${ISO}) as "dictatedDate",
      to_char(j.signed_at at time zone 'UTC', ${ISO}) as "signedDate",
      j.date_of_service::text as "dateOfService",
      coalesce(to_char(j.dictated_at at time zone cf.time_zone, ${dateTime}), '') as "formattedDictatedDate",
      coalesce(to_char(j.signed_at at time zone cf.time_zone, ${dateTime}), '') as "formattedSignedDate",
      coalesce(to_char(j.date_of_service, ${date}), '') as "formattedDateOfService",
      coalesce(wt.name, '') as "workType", coalesce(dep.name, '') as "department",
      coalesce(loc.name, '') as "location",
      coalesce(j.job_note, '') as "jobNote", coalesce(j.job_note, '') <> '' as "jobNoteBool",
      ${stageNameSql()} as "stageName", j.stage_id as "stageId",
      cf.name as "clinic", j.client_facility_id::int as "clientFacilityId",
      coalesce(loc.code, '') as "jobLocation",
      coalesce(${flags}, '[]'::json) as "flags",
      (v.pdf_viewed_at is not null) as "pdfViewed", (v.rtf_viewed_at is not null) as "rtfViewed",
      j.edited, j.signed, j.faxed,
      tat_minutes(j.dictated_at, j.first_text_at) as "tatFirstTextMinutes",
      tat_minutes(j.dictated_at, j.finished_at) as "tatFinishedMinutes",
      cf.stat_target_minutes as "statTargetMinutes"`;
}

/**
 * The job's patient as every display shows it (issue 39, core jobPatientDisplay): its own ADT values
 * over the linked record `p`, by migration 0029's functions.
 */
const JOB_PATIENT_NAME = sql.raw('job_patient_name(j.adt, p.last_name, p.first_name)');
const JOB_PATIENT_MRN = sql.raw("nullif(job_patient_mrn(j.adt, p.mrn), '')");

/** The joins {@link jobRowColumnsSql} reads, after `from jobs j`; views are the account's own. */
export function jobRowJoinsSql(accountId: number): SQL {
  return sql`join client_facilities cf on cf.id = j.client_facility_id
    left join physicians d on d.id = j.dictator_id
    left join patients p on p.id = j.patient_id
    left join work_types wt on wt.id = j.work_type_id
    left join departments dep on dep.id = j.department_id
    left join locations loc on loc.id = j.location_id
    left join job_views v on v.job_id = j.id and v.account_id = ${accountId}`;
}

/** The rows of one batch in exactly the shape of spec 01 §3 "Job list row" (JobListRowSchema). */
export function jobListRowsSql(o: JobListSqlOptions): SQL {
  return sql`
    select ${jobRowColumnsSql(o, sql`fl.flags`)}
    from jobs j
    ${jobRowJoinsSql(o.accountId)}
    left join (
      select f.job_id, json_agg(json_build_object('code', f.code, 'description', f.description) order by f.code) as flags
      from job_flags f join jobs fj on fj.id = f.job_id
      where fj.corporate_structure_id = ${o.corpId} and fj.client_facility_id in (${facilityList(o.cfs)})
      group by f.job_id
    ) fl on fl.job_id = j.id
    where j.corporate_structure_id = ${o.corpId}
      and j.client_facility_id in (${facilityList(o.cfs)})
      and ${queueCondition(o.filter)}
    order by j.id`;
}

/** The same rows as one JSON array, serialised by the database (the list calls pass it through). */
export function jobListJsonSql(o: JobListSqlOptions): SQL {
  return sql`select coalesce(json_agg(r), '[]'::json)::text as "body" from (${jobListRowsSql(o)}) r`;
}

/**
 * format=binary (contract JOB_LIST_FORMATS): the header with the names (a job that shows a patient
 * other than its record's — own_patient, migration 0029 — by job id), notes, flags, viewed
 * marks and facilities' STAT targets the rows refer to, and the rows' bytes, which the database
 * keeps with each job (`list_row`, core's JOB_LIST_ROW_LAYOUT), in job id order, in one statement.
 */
export function jobListBinarySql(o: JobListSqlOptions): SQL {
  const dict = (table: SQL, column: string, value: SQL) =>
    sql`(select coalesce(json_object_agg(t.id, ${value}), '{}') from ${table} t
      where t.id in (select ${sql.raw(column)} from b))`;
  const batch = sql`j.corporate_structure_id = ${o.corpId}
    and j.client_facility_id in (${facilityList(o.cfs)})
    and ${queueCondition(o.filter)}`;
  // b is read from jobs_list_cover_idx alone (migration 0008); notes from jobs_list_notes_idx.
  return sql`
    with b as materialized (
      select j.id, j.dictator_id, j.patient_id, j.work_type_id, j.department_id, j.location_id,
        j.client_facility_id, j.list_row
      from jobs j
      where ${batch})
    select json_build_object(
      'format', ${JOB_LIST_ROW_FORMAT}::text,
      'count', (select count(*) from b),
      'dateFormat', ${o.dateFormat}::text, 'timeFormat', ${o.timeFormat}::text,
      'dictators', ${dict(sql`physicians`, 'dictator_id', sql`coalesce(t.last_name || ', ' || t.first_name, '')`)},
      'patients', ${dict(
        sql`patients`,
        'patient_id',
        sql`json_build_array(case when ${o.showPatient} then t.last_name || ', ' || t.first_name end,
          case when ${o.showPatient} then nullif(t.mrn, '') end)`,
      )},
      'workTypes', ${dict(sql`work_types`, 'work_type_id', sql`t.name`)},
      'departments', ${dict(sql`departments`, 'department_id', sql`t.name`)},
      'locations', ${dict(sql`locations`, 'location_id', sql`json_build_array(t.name, coalesce(t.code, ''))`)},
      'facilities', ${dict(sql`client_facilities`, 'client_facility_id', sql`t.name`)},
      'statTargets', ${dict(sql`client_facilities`, 'client_facility_id', sql`t.stat_target_minutes`)},
      'timeZones', ${dict(sql`client_facilities`, 'client_facility_id', sql`t.time_zone`)},
      'notes', (select coalesce(json_object_agg(j.id, j.job_note), '{}') from jobs j
        where ${batch} and j.job_note <> ''),
      'jobPatients', (select coalesce(json_object_agg(j.id, json_build_array(
          case when ${o.showPatient} then ${JOB_PATIENT_NAME} end,
          case when ${o.showPatient} then ${JOB_PATIENT_MRN} end)), '{}')
        from jobs j left join patients p on p.id = j.patient_id
        where ${batch} and j.own_patient),
      'flags', (select coalesce(json_object_agg(x.job_id, x.flags), '{}') from (
        select f.job_id, json_agg(json_build_array(f.code, f.description) order by f.code) as flags
        from job_flags f join b on b.id = f.job_id group by f.job_id) x),
      'viewed', (select coalesce(json_object_agg(v.job_id,
          (v.pdf_viewed_at is not null)::int + (v.rtf_viewed_at is not null)::int * 2), '{}')
        from job_views v join b on b.id = v.job_id
        where v.account_id = ${o.accountId} and (v.pdf_viewed_at is not null or v.rtf_viewed_at is not null))
    )::text as "header",
    encode((select coalesce(string_agg(b.list_row, ''::bytea order by b.id), ''::bytea) from b),
      'base64') as "rows"`;
}
