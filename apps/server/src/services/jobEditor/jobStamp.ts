/**
 * What changes whenever anything the job view or the job data shows changes (jobViewCache.ts), as
 * an SQL expression over a row of `jobs` (the table named `jobs`, not an alias): the row version
 * (`xmin`) of the job and of its patient, the reference epoch (client facilities, service centres,
 * structures, physicians, work types, departments, locations; migration 0021_reference_epoch),
 * each note, flag and recipient by id and row version, and whether the facility has attachments.
 * Every part is an index lookup; no table is scanned. The job's columns are written out in full:
 * Drizzle names a column of a one-table select without its table, which a subquery would read as
 * its own table's column. Read by the job statements (loadJobWith.ts) and by the audit group's
 * job reads (services/audit/auditGroup.ts).
 */
export const JOB_STAMP_SQL = `concat_ws('|', jobs.xmin,
  (select p.xmin from patients p where p.id = jobs.patient_id),
  (select e.n from reference_epoch e where e.id = 1),
  (select string_agg(n.id || ':' || n.xmin, ',') from job_notes n where n.job_id = jobs.id),
  (select string_agg(f.code || ':' || f.xmin, ',') from job_flags f where f.job_id = jobs.id),
  (select string_agg(r.id || ':' || r.xmin, ',') from recipients r where r.job_id = jobs.id),
  exists (select 1 from attachments a where a.client_facility_id = jobs.client_facility_id))`;
