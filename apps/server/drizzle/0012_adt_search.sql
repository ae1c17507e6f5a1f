CREATE INDEX "orders_number_idx" ON "orders" USING btree ("order_number");--> statement-breakpoint
CREATE INDEX "patients_cs_first_prefix_idx" ON "patients" USING btree ("corporate_structure_id",lower("first_name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "patients_cs_dob_idx" ON "patients" USING btree ("corporate_structure_id","date_of_birth");--> statement-breakpoint
CREATE INDEX "visits_number_idx" ON "visits" USING btree ("visit_number");