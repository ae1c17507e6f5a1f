-- The list's binary format (contract JOB_LIST_FORMATS, BINARY_ROW): each job keeps its row as the
-- bytes the browser reads in place, replacing migration 0006's JSON tuple (docs/decisions.md
-- "the list's rows as bytes"). Notes travel in the batch's header, so no text is kept here.
DROP TRIGGER jobs_list_tuple ON jobs;
--> statement-breakpoint
DROP FUNCTION jobs_list_tuple();
--> statement-breakpoint
DROP FUNCTION json_ascii(text);
--> statement-breakpoint
ALTER TABLE jobs DROP COLUMN list_tuple;
--> statement-breakpoint
ALTER TABLE jobs ADD COLUMN list_row bytea;
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
    || int2send(((NEW.stat IS NOT NULL)::int + NEW.edited::int * 2 + NEW.signed::int * 4 + NEW.faxed::int * 8)::int2);
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER jobs_list_row BEFORE INSERT OR UPDATE ON jobs FOR EACH ROW EXECUTE FUNCTION jobs_list_row();
--> statement-breakpoint
-- A facility's new time zone changes its jobs' offsets: touch them so the trigger above runs.
CREATE OR REPLACE FUNCTION client_facilities_time_zone_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE jobs SET list_row = NULL WHERE client_facility_id = NEW.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
UPDATE jobs SET list_row = NULL;
--> statement-breakpoint
-- A batch's rows by index only: everything the list's SQL reads of a job but its note, in facility
-- order, so a batch reads ~700 index pages instead of a page of the table per job (~5,300).
CREATE INDEX jobs_list_cover_idx ON jobs (corporate_structure_id, client_facility_id)
  INCLUDE (id, dictator_id, patient_id, work_type_id, department_id, location_id, stage_id,
    on_manual_list, cleared_at, list_row);
--> statement-breakpoint
-- The notes of a batch's jobs, read from the table for the jobs that have one.
CREATE INDEX jobs_list_notes_idx ON jobs (corporate_structure_id, client_facility_id) WHERE job_note <> '';
