DROP INDEX "physicians_access_code_idx";--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "recipient_registry_id" text;--> statement-breakpoint
CREATE UNIQUE INDEX "physicians_cs_access_code_ci_idx" ON "physicians" USING btree ("corporate_structure_id",lower("access_code") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "physicians_cs_specialty_prefix_idx" ON "physicians" USING btree ("corporate_structure_id",lower("specialty") text_pattern_ops);