CREATE TABLE "wopi_tokens" (
	"id_hash" text PRIMARY KEY NOT NULL,
	"session_id_hash" text NOT NULL,
	"account_id" integer NOT NULL,
	"job_id" bigint NOT NULL,
	"can_write" boolean NOT NULL,
	"version" integer NOT NULL,
	"host_origin" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "wopi_lock" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "word_base_version" integer;--> statement-breakpoint
ALTER TABLE "wopi_tokens" ADD CONSTRAINT "wopi_tokens_session_id_hash_sessions_id_hash_fk" FOREIGN KEY ("session_id_hash") REFERENCES "public"."sessions"("id_hash") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wopi_tokens" ADD CONSTRAINT "wopi_tokens_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wopi_tokens" ADD CONSTRAINT "wopi_tokens_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "wopi_tokens_session_idx" ON "wopi_tokens" USING btree ("session_id_hash");--> statement-breakpoint
CREATE INDEX "wopi_tokens_expires_idx" ON "wopi_tokens" USING btree ("expires_at");