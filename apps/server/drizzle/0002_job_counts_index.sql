-- Covering index for the queue counts (getcounts): an index-only scan answers pending, hq, failed
-- and all for a corporate structure's client facilities without touching the table.
CREATE INDEX IF NOT EXISTS "jobs_counts_idx" ON "jobs" USING btree ("corporate_structure_id", "client_facility_id", "stage_id") INCLUDE ("on_manual_list", "cleared_at");
