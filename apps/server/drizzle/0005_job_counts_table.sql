CREATE TABLE "job_counts" (
	"corporate_structure_id" integer NOT NULL,
	"client_facility_id" integer NOT NULL,
	"pending" integer DEFAULT 0 NOT NULL,
	"hq" integer DEFAULT 0 NOT NULL,
	"failed" integer DEFAULT 0 NOT NULL,
	"all" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "job_counts_corporate_structure_id_client_facility_id_pk" PRIMARY KEY("corporate_structure_id","client_facility_id")
);
--> statement-breakpoint
-- The counts move with every statement on jobs (see the jobCounts schema comment).
CREATE OR REPLACE FUNCTION job_counts_after_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO job_counts AS c (corporate_structure_id, client_facility_id, pending, hq, failed, "all")
  SELECT cs, cf, sum(pending), sum(hq), sum(failed), sum(n) FROM (
    SELECT corporate_structure_id AS cs, client_facility_id AS cf,
      (on_manual_list AND cleared_at IS NULL)::int AS pending, (stage_id = 3)::int AS hq,
      (stage_id BETWEEN 4 AND 7)::int AS failed, 1 AS n
    FROM new_rows
  ) d
  GROUP BY cs, cf
  HAVING sum(pending) <> 0 OR sum(hq) <> 0 OR sum(failed) <> 0 OR sum(n) <> 0
  -- One lock order for every statement, so two writers never wait on each other in a circle.
  ORDER BY cs, cf
  ON CONFLICT (corporate_structure_id, client_facility_id) DO UPDATE SET
    pending = c.pending + excluded.pending, hq = c.hq + excluded.hq,
    failed = c.failed + excluded.failed, "all" = c."all" + excluded."all";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION job_counts_after_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO job_counts AS c (corporate_structure_id, client_facility_id, pending, hq, failed, "all")
  SELECT cs, cf, sum(pending), sum(hq), sum(failed), sum(n) FROM (
    SELECT corporate_structure_id AS cs, client_facility_id AS cf,
      (on_manual_list AND cleared_at IS NULL)::int AS pending, (stage_id = 3)::int AS hq,
      (stage_id BETWEEN 4 AND 7)::int AS failed, 1 AS n
    FROM new_rows
    UNION ALL
    SELECT corporate_structure_id AS cs, client_facility_id AS cf,
      -(on_manual_list AND cleared_at IS NULL)::int AS pending, -(stage_id = 3)::int AS hq,
      -(stage_id BETWEEN 4 AND 7)::int AS failed, -1 AS n
    FROM old_rows
  ) d
  GROUP BY cs, cf
  HAVING sum(pending) <> 0 OR sum(hq) <> 0 OR sum(failed) <> 0 OR sum(n) <> 0
  -- One lock order for every statement, so two writers never wait on each other in a circle.
  ORDER BY cs, cf
  ON CONFLICT (corporate_structure_id, client_facility_id) DO UPDATE SET
    pending = c.pending + excluded.pending, hq = c.hq + excluded.hq,
    failed = c.failed + excluded.failed, "all" = c."all" + excluded."all";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION job_counts_after_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO job_counts AS c (corporate_structure_id, client_facility_id, pending, hq, failed, "all")
  SELECT cs, cf, sum(pending), sum(hq), sum(failed), sum(n) FROM (
    SELECT corporate_structure_id AS cs, client_facility_id AS cf,
      -(on_manual_list AND cleared_at IS NULL)::int AS pending, -(stage_id = 3)::int AS hq,
      -(stage_id BETWEEN 4 AND 7)::int AS failed, -1 AS n
    FROM old_rows
  ) d
  GROUP BY cs, cf
  HAVING sum(pending) <> 0 OR sum(hq) <> 0 OR sum(failed) <> 0 OR sum(n) <> 0
  -- One lock order for every statement, so two writers never wait on each other in a circle.
  ORDER BY cs, cf
  ON CONFLICT (corporate_structure_id, client_facility_id) DO UPDATE SET
    pending = c.pending + excluded.pending, hq = c.hq + excluded.hq,
    failed = c.failed + excluded.failed, "all" = c."all" + excluded."all";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION job_counts_after_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM job_counts;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER jobs_counts_insert AFTER INSERT ON jobs REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION job_counts_after_insert();
--> statement-breakpoint
CREATE TRIGGER jobs_counts_update AFTER UPDATE ON jobs REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION job_counts_after_update();
--> statement-breakpoint
CREATE TRIGGER jobs_counts_delete AFTER DELETE ON jobs REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION job_counts_after_delete();
--> statement-breakpoint
CREATE TRIGGER jobs_counts_truncate AFTER TRUNCATE ON jobs FOR EACH STATEMENT EXECUTE FUNCTION job_counts_after_truncate();
--> statement-breakpoint
INSERT INTO job_counts (corporate_structure_id, client_facility_id, pending, hq, failed, "all")
SELECT corporate_structure_id, client_facility_id,
  count(*) FILTER (WHERE on_manual_list AND cleared_at IS NULL), count(*) FILTER (WHERE stage_id = 3),
  count(*) FILTER (WHERE stage_id BETWEEN 4 AND 7), count(*)
FROM jobs GROUP BY corporate_structure_id, client_facility_id;
