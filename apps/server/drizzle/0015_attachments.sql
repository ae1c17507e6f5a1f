CREATE TABLE "attachment_credentials" (
	"id_hash" text PRIMARY KEY NOT NULL,
	"session_id_hash" text NOT NULL,
	"account_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "attachments" ADD COLUMN "visit_id" integer;--> statement-breakpoint
ALTER TABLE "attachments" ADD COLUMN "imported_by_account_id" integer;--> statement-breakpoint
ALTER TABLE "attachments" ADD COLUMN "created_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "attachment_credentials" ADD CONSTRAINT "attachment_credentials_session_id_hash_sessions_id_hash_fk" FOREIGN KEY ("session_id_hash") REFERENCES "public"."sessions"("id_hash") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attachment_credentials" ADD CONSTRAINT "attachment_credentials_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "attachment_credentials_session_idx" ON "attachment_credentials" USING btree ("session_id_hash");--> statement-breakpoint
CREATE INDEX "attachment_credentials_expires_idx" ON "attachment_credentials" USING btree ("expires_at");--> statement-breakpoint
ALTER TABLE "attachments" ADD CONSTRAINT "attachments_visit_id_visits_id_fk" FOREIGN KEY ("visit_id") REFERENCES "public"."visits"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attachments" ADD CONSTRAINT "attachments_imported_by_account_id_accounts_id_fk" FOREIGN KEY ("imported_by_account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;