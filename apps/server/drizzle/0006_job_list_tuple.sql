ALTER TABLE "jobs" ADD COLUMN "list_tuple" text;
--> statement-breakpoint
-- The compact list row of a job (contract CompactJobListRowSchema), kept with the job: the list
-- calls read it instead of building 100,000 rows per call. Times carry the facility's UTC offset then.
CREATE OR REPLACE FUNCTION jobs_list_tuple() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  tz text;
BEGIN
  SELECT time_zone INTO tz FROM client_facilities WHERE id = NEW.client_facility_id;
  NEW.list_tuple := '[' || concat_ws(',',
    coalesce((NEW.id)::text, 'null'),
    coalesce((NEW.original_job_id)::text, 'null'),
    coalesce((NEW.dictator_id)::text, 'null'),
    coalesce((NEW.patient_id)::text, 'null'),
    coalesce((floor(extract(epoch from NEW.dictated_at) * 1000)::bigint)::text, 'null'),
    coalesce((round((extract(epoch from NEW.dictated_at at time zone tz) - extract(epoch from NEW.dictated_at)) / 60)::int)::text, 'null'),
    coalesce((floor(extract(epoch from NEW.signed_at) * 1000)::bigint)::text, 'null'),
    coalesce((round((extract(epoch from NEW.signed_at at time zone tz) - extract(epoch from NEW.signed_at)) / 60)::int)::text, 'null'),
    coalesce((to_json(NEW.date_of_service::text))::text, 'null'),
    coalesce((NEW.work_type_id)::text, 'null'),
    coalesce((NEW.department_id)::text, 'null'),
    coalesce((NEW.location_id)::text, 'null'),
    coalesce((to_json(nullif(NEW.job_note, '')))::text, 'null'),
    coalesce((NEW.stage_id)::text, 'null'),
    coalesce((NEW.client_facility_id)::text, 'null'),
    coalesce(((NEW.stat IS NOT NULL)::int + NEW.edited::int * 2 + NEW.signed::int * 4 + NEW.faxed::int * 8)::text, 'null')) || ']';
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER jobs_list_tuple BEFORE INSERT OR UPDATE ON jobs FOR EACH ROW EXECUTE FUNCTION jobs_list_tuple();
--> statement-breakpoint
-- A facility's new time zone changes its jobs' offsets: touch them so the trigger above runs.
CREATE OR REPLACE FUNCTION client_facilities_time_zone_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE jobs SET list_tuple = NULL WHERE client_facility_id = NEW.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER client_facilities_time_zone AFTER UPDATE OF time_zone ON client_facilities FOR EACH ROW WHEN (OLD.time_zone IS DISTINCT FROM NEW.time_zone) EXECUTE FUNCTION client_facilities_time_zone_changed();
--> statement-breakpoint
UPDATE jobs SET list_tuple = NULL;
