-- One name everywhere (issue 39 row 5): a job shows its patient as its own ADT values say over the
-- linked patient's record — the rule the Patient Details panel, the hold-queue rules and the working
-- document already follow (services/adt/jobAdtValues.ts; core rules/jobPatient.ts says it for
-- TypeScript, a test holds the two together). The header, the PDF and RTF read it in TypeScript;
-- the list's rows, Job Search and the Excel export through these functions.
-- "Last, First": the job's PID 5.1 and 5.2 where it has them (non-empty), the record's otherwise;
-- null when neither says anything.
CREATE OR REPLACE FUNCTION job_patient_name(adt jsonb, last_name text, first_name text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT nullif(concat_ws(', ',
    coalesce(nullif(adt->>'PID.5.1', ''), last_name),
    coalesce(nullif(adt->>'PID.5.2', ''), first_name)), '')
$$;
--> statement-breakpoint
-- The MRN: the job's PID 3.1 where it has one, the record's otherwise ('' for none).
CREATE OR REPLACE FUNCTION job_patient_mrn(adt jsonb, mrn text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(nullif(adt->>'PID.3.1', ''), mrn, '')
$$;
--> statement-breakpoint
-- Whether the job shows a name or MRN other than its linked record's (or has them with no record):
-- the list's binary rows name patients by record id, so these jobs get their own entry in the
-- batch's header (jobPatients). Kept by the triggers below for every writer of the job's values or
-- of the record.
-- (Its parameters are named apart from patients' columns: patients has an adt of its own.)
CREATE OR REPLACE FUNCTION job_own_patient(job_adt jsonb, job_patient bigint) RETURNS boolean
LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN p.id IS NULL
    THEN job_patient_name(job_adt, NULL, NULL) IS NOT NULL OR job_patient_mrn(job_adt, NULL) <> ''
    ELSE job_patient_name(job_adt, p.last_name, p.first_name) IS DISTINCT FROM job_patient_name('{}', p.last_name, p.first_name)
      OR job_patient_mrn(job_adt, p.mrn) IS DISTINCT FROM p.mrn
  END
  FROM (SELECT 1) one LEFT JOIN patients p ON p.id = job_patient
$$;
--> statement-breakpoint
ALTER TABLE jobs ADD COLUMN own_patient boolean NOT NULL DEFAULT false;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION jobs_own_patient() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.own_patient := job_own_patient(NEW.adt, NEW.patient_id);
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER jobs_own_patient BEFORE INSERT OR UPDATE OF adt, patient_id ON jobs
  FOR EACH ROW EXECUTE FUNCTION jobs_own_patient();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION patients_own_patient() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE jobs j SET own_patient = job_own_patient(j.adt, j.patient_id)
  WHERE j.patient_id = NEW.id AND j.own_patient IS DISTINCT FROM job_own_patient(j.adt, j.patient_id);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER patients_own_patient AFTER UPDATE OF last_name, first_name, mrn ON patients
  FOR EACH ROW
  WHEN (OLD.last_name IS DISTINCT FROM NEW.last_name OR OLD.first_name IS DISTINCT FROM NEW.first_name
    OR OLD.mrn IS DISTINCT FROM NEW.mrn)
  EXECUTE FUNCTION patients_own_patient();
--> statement-breakpoint
-- The list's header reads the few jobs with their own name from this index (as notes, 0008).
CREATE INDEX jobs_own_patient_idx ON jobs (corporate_structure_id, client_facility_id) WHERE own_patient;
--> statement-breakpoint
UPDATE jobs j SET own_patient = true WHERE job_own_patient(j.adt, j.patient_id);
