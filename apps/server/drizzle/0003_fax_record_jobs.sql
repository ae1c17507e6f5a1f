CREATE TABLE "fax_record_jobs" (
	"fax_record_id" bigint NOT NULL,
	"job_id" bigint NOT NULL,
	"ordinal" integer NOT NULL,
	"recipient_id" integer,
	CONSTRAINT "fax_record_jobs_fax_record_id_job_id_pk" PRIMARY KEY("fax_record_id","job_id")
);
--> statement-breakpoint
ALTER TABLE "fax_record_jobs" ADD CONSTRAINT "fax_record_jobs_fax_record_id_fax_records_id_fk" FOREIGN KEY ("fax_record_id") REFERENCES "public"."fax_records"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fax_record_jobs" ADD CONSTRAINT "fax_record_jobs_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fax_record_jobs" ADD CONSTRAINT "fax_record_jobs_recipient_id_recipients_id_fk" FOREIGN KEY ("recipient_id") REFERENCES "public"."recipients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "fax_record_jobs_job_idx" ON "fax_record_jobs" USING btree ("job_id");--> statement-breakpoint
CREATE INDEX "physicians_cs_last_prefix_idx" ON "physicians" USING btree ("corporate_structure_id",lower("last_name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "physicians_cs_first_prefix_idx" ON "physicians" USING btree ("corporate_structure_id",lower("first_name") text_pattern_ops);