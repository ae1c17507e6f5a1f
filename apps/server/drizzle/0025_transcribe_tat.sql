CREATE TABLE "work_type_templates" (
	"id" serial PRIMARY KEY NOT NULL,
	"corporate_structure_id" integer NOT NULL,
	"client_facility_id" integer,
	"work_type_id" integer NOT NULL,
	"document_code" text NOT NULL,
	"document_title" text NOT NULL,
	"sections" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "document_versions" ADD COLUMN "typed_chars" integer;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "transcription_started_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "first_text_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "finished_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "distributed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "transcribed_by_account_id" integer;--> statement-breakpoint
ALTER TABLE "client_facilities" ADD COLUMN "stat_target_minutes" integer DEFAULT 120 NOT NULL;--> statement-breakpoint
ALTER TABLE "work_type_templates" ADD CONSTRAINT "work_type_templates_corporate_structure_id_corporate_structures_id_fk" FOREIGN KEY ("corporate_structure_id") REFERENCES "public"."corporate_structures"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_type_templates" ADD CONSTRAINT "work_type_templates_client_facility_id_client_facilities_id_fk" FOREIGN KEY ("client_facility_id") REFERENCES "public"."client_facilities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_type_templates" ADD CONSTRAINT "work_type_templates_work_type_id_work_types_id_fk" FOREIGN KEY ("work_type_id") REFERENCES "public"."work_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "work_type_templates_shared_idx" ON "work_type_templates" USING btree ("work_type_id") WHERE "work_type_templates"."client_facility_id" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "work_type_templates_facility_idx" ON "work_type_templates" USING btree ("work_type_id","client_facility_id") WHERE "work_type_templates"."client_facility_id" is not null;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_transcribed_by_account_id_accounts_id_fk" FOREIGN KEY ("transcribed_by_account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- Turnaround times (issue 27, docs/domain.md "Turnaround time"), stamped once, the first time a
-- stage change reaches them, by whatever moved the job (a save, a signature, a fax, a distribution):
-- transcription started = the job leaves Dictated (1); finished = it reaches e-signature (11), a
-- distribution stage (4-10) or Finished (13); distributed = Finished (13). The stage sets are held
-- to the catalogue (rules/stages.ts TAT_MILESTONES) by a test. Named to run before jobs_list_row,
-- which reads them (triggers of one event fire in name order).
CREATE OR REPLACE FUNCTION jobs_flow_times() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.stage_id IS DISTINCT FROM OLD.stage_id THEN
    IF OLD.stage_id = 1 AND NEW.transcription_started_at IS NULL THEN
      NEW.transcription_started_at := now();
    END IF;
    IF NEW.stage_id IN (4, 5, 6, 7, 8, 9, 10, 11, 13) AND NEW.finished_at IS NULL THEN
      NEW.finished_at := now();
    END IF;
    IF NEW.stage_id = 13 AND NEW.distributed_at IS NULL THEN
      NEW.distributed_at := now();
    END IF;
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER jobs_flow_times BEFORE UPDATE OF stage_id ON jobs FOR EACH ROW EXECUTE FUNCTION jobs_flow_times();
