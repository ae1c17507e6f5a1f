import { STAGES, toPgDatePattern } from '@quill/core';
import { type SQL, sql } from 'drizzle-orm';

/** Which jobs a queue holds (docs/domain.md "Queues"). */
export type ListFilter = 'all' | 'hq' | 'pending' | 'failed';

export function queueCondition(filter: ListFilter): SQL {
  switch (filter) {
    case 'hq':
      return sql`j.stage_id = 3`;
    case 'pending':
      return sql`j.on_manual_list and j.cleared_at is null`;
    case 'failed':
      return sql`j.stage_id between 4 and 7`;
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
  showPatientName: boolean;
  dateFormat: string;
  timeFormat: string;
}

/**
 * The rows of one batch in exactly the shape of spec 01 §3 "Job list row" (JobListRowSchema), built
 * by the database: dates as ISO text and formatted in the facility's time zone with the user's
 * formats, the patient name only when `showPatientName`.
 */
export function jobListRowsSql(o: JobListSqlOptions): SQL {
  const dateTime = toPgDatePattern(`${o.dateFormat} ${o.timeFormat}`);
  const date = toPgDatePattern(o.dateFormat);
  return sql`
    select j.id::int as "jobId", j.original_job_id::int as "originalJobId",
      (j.stat is not null) as "stat", (j.stat is not null) as "statBool", j.id::text as "filterJobId",
      coalesce(d.last_name || ', ' || d.first_name, '') as "dictatorName",
      case when ${o.showPatientName} and p.id is not null then p.last_name || ', ' || p.first_name end as "patientName",
      coalesce(p.mrn, '') as "patientMRN",
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
      coalesce(fl.flags, '[]'::json) as "flags",
      (v.pdf_viewed_at is not null) as "pdfViewed", (v.rtf_viewed_at is not null) as "rtfViewed",
      j.edited, j.signed, j.faxed
    from jobs j
    join client_facilities cf on cf.id = j.client_facility_id
    left join physicians d on d.id = j.dictator_id
    left join patients p on p.id = j.patient_id
    left join work_types wt on wt.id = j.work_type_id
    left join departments dep on dep.id = j.department_id
    left join locations loc on loc.id = j.location_id
    left join job_views v on v.job_id = j.id and v.account_id = ${o.accountId}
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
