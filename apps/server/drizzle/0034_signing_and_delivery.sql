-- Issue 43: signatures of document versions, who may sign for a physician, a work type's signing
-- rules, addenda, the reason a job waits to be signed again, and automatic distribution's
-- deliveries (one per job version, recipient, method and kind: distributions.delivery_key).
CREATE TABLE "signatures" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"job_id" bigint NOT NULL,
	"job_version" integer NOT NULL,
	"document_version_id" bigint NOT NULL,
	"document_sha256" text NOT NULL,
	"meaning" text NOT NULL,
	"physician_id" integer NOT NULL,
	"account_id" integer,
	"on_behalf" boolean DEFAULT false NOT NULL,
	"signed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"voided_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "signing_delegates" (
	"account_id" integer NOT NULL,
	"physician_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "signing_delegates_account_id_physician_id_pk" PRIMARY KEY("account_id","physician_id")
);
--> statement-breakpoint
CREATE TABLE "work_type_signing" (
	"work_type_id" integer PRIMARY KEY NOT NULL,
	"requires_signature" boolean DEFAULT true NOT NULL,
	"attending_physician_id" integer,
	"pre_sign_distribution" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
ALTER TABLE "document_versions" ADD COLUMN "addendum_of_version" integer;
--> statement-breakpoint
ALTER TABLE "document_versions" ADD COLUMN "addendum_reason" text;
--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "resign_reason" text;
--> statement-breakpoint
ALTER TABLE "distributions" ADD COLUMN "job_version" integer;
--> statement-breakpoint
ALTER TABLE "distributions" ADD COLUMN "delivery_key" text;
--> statement-breakpoint
ALTER TABLE "distributions" ADD COLUMN "preliminary" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
ALTER TABLE "distributions" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "distributions" ADD COLUMN "last_error" text;
--> statement-breakpoint
ALTER TABLE "distributions" ADD COLUMN "fax_record_id" bigint;
--> statement-breakpoint
ALTER TABLE "distributions" ADD COLUMN "redirected_to_id" bigint;
--> statement-breakpoint
ALTER TABLE "signatures" ADD CONSTRAINT "signatures_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "signatures" ADD CONSTRAINT "signatures_document_version_id_document_versions_id_fk" FOREIGN KEY ("document_version_id") REFERENCES "public"."document_versions"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "signatures" ADD CONSTRAINT "signatures_physician_id_physicians_id_fk" FOREIGN KEY ("physician_id") REFERENCES "public"."physicians"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "signatures" ADD CONSTRAINT "signatures_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "signing_delegates" ADD CONSTRAINT "signing_delegates_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "signing_delegates" ADD CONSTRAINT "signing_delegates_physician_id_physicians_id_fk" FOREIGN KEY ("physician_id") REFERENCES "public"."physicians"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "work_type_signing" ADD CONSTRAINT "work_type_signing_work_type_id_work_types_id_fk" FOREIGN KEY ("work_type_id") REFERENCES "public"."work_types"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "work_type_signing" ADD CONSTRAINT "work_type_signing_attending_physician_id_physicians_id_fk" FOREIGN KEY ("attending_physician_id") REFERENCES "public"."physicians"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "signatures_job_idx" ON "signatures" USING btree ("job_id");
--> statement-breakpoint
CREATE UNIQUE INDEX "signatures_live_idx" ON "signatures" USING btree ("job_id","document_version_id","meaning") WHERE "signatures"."voided_at" is null;
--> statement-breakpoint
CREATE UNIQUE INDEX "distributions_delivery_key_idx" ON "distributions" USING btree ("delivery_key");
