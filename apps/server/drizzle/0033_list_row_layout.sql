-- The list row declared once (issue 42): jobs_list_row as jobListRowFunctionSql writes it from
-- JOB_LIST_ROW_LAYOUT (packages/core/src/rules/jobList/jobListRowLayout.ts), the record binary-2.
-- Its text is migration 0026's, so the kept rows stay as they are; a later layout is installed by
-- `npm run db:list-row -w @quill/server -- <name>`, which rebuilds them too. A test fails while the
-- newest migration's function differs from the layout's (db/listRowMigration.test.ts).
CREATE OR REPLACE FUNCTION jobs_list_row() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  tz text;
BEGIN
  SELECT time_zone INTO tz FROM client_facilities WHERE id = NEW.client_facility_id;
  NEW.list_row :=
    float8send(NEW.id::float8)
    || float8send(coalesce(NEW.original_job_id::float8, 'NaN'))
    || float8send(coalesce(floor(extract(epoch from NEW.dictated_at) * 1000)::float8, 'NaN'))
    || float8send(coalesce(floor(extract(epoch from NEW.signed_at) * 1000)::float8, 'NaN'))
    || int4send(coalesce(NEW.dictator_id, -1))
    || int4send(coalesce(NEW.patient_id, -1))
    || int4send(coalesce(NEW.work_type_id, -1))
    || int4send(coalesce(NEW.department_id, -1))
    || int4send(coalesce(NEW.location_id, -1))
    || int4send(coalesce(NEW.date_of_service - date '1970-01-01', (-2147483648)::int4))
    || int4send(NEW.client_facility_id)
    || int2send(NEW.stage_id::int2)
    || int2send(coalesce(round((extract(epoch from NEW.dictated_at at time zone tz) - extract(epoch from NEW.dictated_at)) / 60)::int2, 0::int2))
    || int2send(coalesce(round((extract(epoch from NEW.signed_at at time zone tz) - extract(epoch from NEW.signed_at)) / 60)::int2, 0::int2))
    || int2send(((NEW.stat IS NOT NULL)::int + NEW.edited::int * 2 + NEW.signed::int * 4 + NEW.faxed::int * 8)::int2)
    || int4send(coalesce(tat_minutes(NEW.dictated_at, NEW.first_text_at), -1))
    || int4send(coalesce(tat_minutes(NEW.dictated_at, NEW.finished_at), -1));
  RETURN NEW;
END $$;
