-- JSON text in ASCII only: every character past U+007F as a \u escape (UTF-16 code units, a
-- surrogate pair for a character past U+FFFF), as JSON allows. The same value; see
-- docs/decisions.md "the list's answers in ASCII".
CREATE OR REPLACE FUNCTION json_ascii(t text) RETURNS text LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT CASE WHEN t !~ '[^\x01-\x7f]' THEN t ELSE (
    SELECT string_agg(CASE
      WHEN ascii(c) < 128 THEN c
      WHEN ascii(c) < 65536 THEN '\u' || lpad(to_hex(ascii(c)), 4, '0')
      ELSE '\u' || to_hex(55232 + (ascii(c) >> 10)) || '\u' || to_hex(56320 + (ascii(c) & 1023))
    END, '' ORDER BY n)
    FROM regexp_split_to_table(t, '') WITH ORDINALITY AS s(c, n)) END
$$;
--> statement-breakpoint
-- Migration 0006's compact list row, with the job note (its only free text) in ASCII: a browser
-- decodes an all-ASCII batch on its fast path and holds it at one byte per character.
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
    coalesce(json_ascii((to_json(nullif(NEW.job_note, '')))::text), 'null'),
    coalesce((NEW.stage_id)::text, 'null'),
    coalesce((NEW.client_facility_id)::text, 'null'),
    coalesce(((NEW.stat IS NOT NULL)::int + NEW.edited::int * 2 + NEW.signed::int * 4 + NEW.faxed::int * 8)::text, 'null')) || ']';
  RETURN NEW;
END $$;
--> statement-breakpoint
UPDATE jobs SET list_tuple = NULL WHERE job_note ~ '[^\x01-\x7f]';
