import type { JobSearchQuery } from '@quill/core';
import { type SQL, sql } from 'drizzle-orm';
import { jobRowColumnsSql, jobRowJoinsSql } from '../jobList/jobListSql.js';

/** A LIKE pattern matching what starts with `text` (its own %, _ and \ taken literally). */
export function prefixPattern(text: string): string {
  return `${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** "Last, First" or "Last": a prefix of the last name, and of the first name when given. */
function nameCondition(table: 'p' | 'd', name: string): SQL {
  const [last = '', first] = name.split(',').map((s) => s.trim());
  const alias = sql.raw(table);
  const lastPart = sql`lower(${alias}.last_name) like ${prefixPattern(last)}`;
  return first ? sql`${lastPart} and lower(${alias}.first_name) like ${prefixPattern(first)}` : lastPart;
}

function list(ids: readonly number[]): SQL {
  return sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );
}

export interface JobSearchSqlOptions {
  query: JobSearchQuery;
  /** The corporate structures searched: the account's (or the one asked for, when it is one). */
  structures: readonly number[];
  accountId: number;
  showPatient: boolean;
  dateFormat: string;
  timeFormat: string;
}

/**
 * The matching jobs' ids, newest dictation first. Each criterion narrows by an index: the job id
 * (primary key); patients by (structure, lower(last_name)) prefix (migration "job search") or by
 * (structure, MRN); dictators by (structure, lower(last_name)) prefix; the jobs of those by
 * jobs_patient_idx / jobs_dictator_idx; dictation days by (structure, dictated_at). A day is the
 * facility's day: a range wide enough for every time zone is narrowed by the local date.
 */
function matchesSql(o: JobSearchSqlOptions): SQL {
  const q = o.query;
  const cs = list(o.structures);
  const where: SQL[] = [sql`j.corporate_structure_id in (${cs})`];
  if (q.jobId !== undefined) where.push(sql`j.id = ${q.jobId}`);
  if (q.patient)
    where.push(
      sql`j.patient_id in (select p.id from patients p where p.corporate_structure_id in (${cs}) and ${nameCondition('p', q.patient)})`,
    );
  if (q.mrn)
    where.push(
      sql`j.patient_id in (select p.id from patients p where p.corporate_structure_id in (${cs}) and p.mrn = ${q.mrn})`,
    );
  if (q.dictator)
    where.push(
      sql`j.dictator_id in (select d.id from physicians d where d.corporate_structure_id in (${cs}) and ${nameCondition('d', q.dictator)})`,
    );
  if (q.from)
    where.push(
      sql`j.dictated_at >= ${q.from}::date - interval '1 day'`,
      sql`(j.dictated_at at time zone cf.time_zone)::date >= ${q.from}::date`,
    );
  if (q.to)
    where.push(
      sql`j.dictated_at < ${q.to}::date + interval '2 days'`,
      sql`(j.dictated_at at time zone cf.time_zone)::date <= ${q.to}::date`,
    );
  return sql`select j.id, j.dictated_at from jobs j join client_facilities cf on cf.id = j.client_facility_id
    where ${sql.join(where, sql` and `)}`;
}

/**
 * One statement: how many jobs match, and the page's rows (job list rows with their structure) as
 * JSON built by the database, newest dictation first (then highest id).
 */
export function jobSearchSql(o: JobSearchSqlOptions): SQL {
  const { page, pageSize } = o.query;
  return sql`
    with m as materialized (${matchesSql(o)}),
    pg as (select id from m order by dictated_at desc nulls last, id desc
      limit ${pageSize} offset ${(page - 1) * pageSize})
    select (select count(*) from m)::int as "total",
      coalesce((select json_agg(r) from (
        select ${jobRowColumnsSql(o, sql`(select json_agg(json_build_object('code', f.code, 'description', f.description) order by f.code) from job_flags f where f.job_id = j.id)`)},
          j.corporate_structure_id::int as "corporateStructureId"
        from jobs j
        ${jobRowJoinsSql(o.accountId)}
        where j.id in (select id from pg)
        order by j.dictated_at desc nulls last, j.id desc
      ) r), '[]'::json)::text as "rows"`;
}
