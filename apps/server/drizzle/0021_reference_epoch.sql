CREATE TABLE "reference_epoch" (
	"id" integer PRIMARY KEY NOT NULL,
	"n" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
INSERT INTO "reference_epoch" ("id") VALUES (1) ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- Issue 24: a job view is served from the process while its stamp is unchanged
-- (services/jobEditor/jobViewCache.ts); the stamp carries this epoch for the reference data the
-- view shows. Deferred to the commit, so that the one row is locked only while the transaction
-- commits (it waits for nothing else then: no deadlock), and moved once per transaction (the mark
-- is transaction-local and goes with it).
CREATE OR REPLACE FUNCTION quill_reference_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('quill.reference_epoch_moved', true) IS DISTINCT FROM 'y' THEN
    UPDATE reference_epoch SET n = n + 1 WHERE id = 1;
    PERFORM set_config('quill.reference_epoch_moved', 'y', true);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER client_facilities_reference_epoch AFTER INSERT OR UPDATE OR DELETE ON client_facilities DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION quill_reference_changed();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER service_centres_reference_epoch AFTER INSERT OR UPDATE OR DELETE ON service_centres DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION quill_reference_changed();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER corporate_structures_reference_epoch AFTER INSERT OR UPDATE OR DELETE ON corporate_structures DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION quill_reference_changed();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER physicians_reference_epoch AFTER INSERT OR UPDATE OR DELETE ON physicians DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION quill_reference_changed();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER work_types_reference_epoch AFTER INSERT OR UPDATE OR DELETE ON work_types DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION quill_reference_changed();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER departments_reference_epoch AFTER INSERT OR UPDATE OR DELETE ON departments DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION quill_reference_changed();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER locations_reference_epoch AFTER INSERT OR UPDATE OR DELETE ON locations DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION quill_reference_changed();
--> statement-breakpoint
CREATE TRIGGER client_facilities_reference_epoch_truncate AFTER TRUNCATE ON client_facilities FOR EACH STATEMENT EXECUTE FUNCTION quill_reference_changed();
--> statement-breakpoint
CREATE TRIGGER service_centres_reference_epoch_truncate AFTER TRUNCATE ON service_centres FOR EACH STATEMENT EXECUTE FUNCTION quill_reference_changed();
--> statement-breakpoint
CREATE TRIGGER corporate_structures_reference_epoch_truncate AFTER TRUNCATE ON corporate_structures FOR EACH STATEMENT EXECUTE FUNCTION quill_reference_changed();
--> statement-breakpoint
CREATE TRIGGER physicians_reference_epoch_truncate AFTER TRUNCATE ON physicians FOR EACH STATEMENT EXECUTE FUNCTION quill_reference_changed();
--> statement-breakpoint
CREATE TRIGGER work_types_reference_epoch_truncate AFTER TRUNCATE ON work_types FOR EACH STATEMENT EXECUTE FUNCTION quill_reference_changed();
--> statement-breakpoint
CREATE TRIGGER departments_reference_epoch_truncate AFTER TRUNCATE ON departments FOR EACH STATEMENT EXECUTE FUNCTION quill_reference_changed();
--> statement-breakpoint
CREATE TRIGGER locations_reference_epoch_truncate AFTER TRUNCATE ON locations FOR EACH STATEMENT EXECUTE FUNCTION quill_reference_changed();
