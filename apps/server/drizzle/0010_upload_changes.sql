CREATE TABLE "upload_changes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"upload_id" bigint NOT NULL,
	"entity" text NOT NULL,
	"entity_id" integer NOT NULL,
	"record" text NOT NULL,
	"op" text NOT NULL,
	"field" text,
	"previous" jsonb,
	"next" jsonb
);
--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "reverted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "reverted_by" integer;--> statement-breakpoint
ALTER TABLE "upload_changes" ADD CONSTRAINT "upload_changes_upload_id_uploads_id_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."uploads"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "upload_changes_upload_idx" ON "upload_changes" USING btree ("upload_id");--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_reverted_by_users_id_fk" FOREIGN KEY ("reverted_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;