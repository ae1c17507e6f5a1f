CREATE TABLE IF NOT EXISTS "audit_chain" (
	"seq" bigint PRIMARY KEY NOT NULL,
	"audit_id" bigint NOT NULL,
	"prev_hash" text NOT NULL,
	"hash" text NOT NULL,
	"sealed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "audit_chain_audit_id_key" UNIQUE("audit_id")
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "audit_seal_state" (
	"id" integer PRIMARY KEY NOT NULL,
	"floor_id" bigint DEFAULT 0 NOT NULL,
	"candidate_id" bigint,
	"candidate_xmax" text
);
--> statement-breakpoint
INSERT INTO "audit_seal_state" ("id") VALUES (1) ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- Every statement may run twice (its journal entry is dated after 0018's, so a database that had
-- 0018 first still gets it).
-- The row takes its transaction id before its own id, so every id the sequence has handed out
-- before the sealer's snapshot belongs to a transaction that snapshot knows (services/audit/sealAuditTrail.ts).
CREATE OR REPLACE FUNCTION "audit_log_take_id"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_current_xact_id();
  NEW.id := nextval('audit_log_id_seq'::regclass);
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER "audit_log_take_id" BEFORE INSERT ON "audit_log" FOR EACH ROW EXECUTE FUNCTION "audit_log_take_id"();
--> statement-breakpoint
-- The audit trail and its chain are append-only for every role, the superuser of the embedded
-- database included: UPDATE, DELETE and TRUNCATE are refused (docs/decisions.md).
CREATE OR REPLACE FUNCTION "audit_refuse_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'the audit trail is append-only: % on % refused', TG_OP, TG_TABLE_NAME
    USING ERRCODE = 'insufficient_privilege';
END $$;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER "audit_log_no_change" BEFORE UPDATE OR DELETE ON "audit_log" FOR EACH ROW EXECUTE FUNCTION "audit_refuse_change"();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER "audit_log_no_truncate" BEFORE TRUNCATE ON "audit_log" FOR EACH STATEMENT EXECUTE FUNCTION "audit_refuse_change"();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER "audit_chain_no_change" BEFORE UPDATE OR DELETE ON "audit_chain" FOR EACH ROW EXECUTE FUNCTION "audit_refuse_change"();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER "audit_chain_no_truncate" BEFORE TRUNCATE ON "audit_chain" FOR EACH STATEMENT EXECUTE FUNCTION "audit_refuse_change"();
--> statement-breakpoint
-- On PostgreSQL the role Quill connects as keeps only INSERT and SELECT on both tables (a superuser
-- ignores privileges: the triggers above still hold it).
REVOKE UPDATE, DELETE, TRUNCATE ON "audit_log", "audit_chain" FROM PUBLIC;
--> statement-breakpoint
DO $$
BEGIN
  IF NOT (SELECT rolsuper FROM pg_roles WHERE rolname = current_user) THEN
    EXECUTE format('REVOKE UPDATE, DELETE, TRUNCATE ON "audit_log", "audit_chain" FROM %I', current_user);
  END IF;
END $$;
