CREATE INDEX "jobs_dictator_idx" ON "jobs" USING btree ("dictator_id");--> statement-breakpoint
CREATE INDEX "jobs_cs_dictated_idx" ON "jobs" USING btree ("corporate_structure_id","dictated_at");--> statement-breakpoint
CREATE INDEX "patients_cs_last_prefix_idx" ON "patients" USING btree ("corporate_structure_id",lower("last_name") text_pattern_ops);