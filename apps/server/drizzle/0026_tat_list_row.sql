-- Turnaround in the list's rows (issue 27; contract BINARY_ROW, format binary-2): each job's record
-- of migration 0008 gains two int4 after its 68 bytes, the whole minutes from dictation to the first
-- text and to the finished text (-1 until both times are known), so the list sorts and groups by
-- them in the browser. jobs_flow_times (0025) stamps the stage times and fires before this trigger
-- (triggers of one event fire in name order), so a stage move writes the row with its new times;
-- first_text_at comes with the save that stores the job's first document.
-- Whole minutes between two times, cut (not rounded), never below 0, null when either is missing:
-- the `rows` answer reads the same function, so both formats say the same. STRICT gives the null
-- (greatest and least would skip it and answer 0).
CREATE OR REPLACE FUNCTION tat_minutes(since timestamptz, until timestamptz) RETURNS int
LANGUAGE sql STABLE STRICT PARALLEL SAFE AS $$
  SELECT least(greatest(floor((extract(epoch from until) - extract(epoch from since)) / 60), 0), 2147483647)::int
$$;
--> statement-breakpoint
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
--> statement-breakpoint
-- Every kept row is rebuilt by the trigger above with the longer record.
UPDATE jobs SET list_row = NULL;
