ALTER TABLE "physicians" ADD COLUMN "disabled" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "physicians" ADD COLUMN "merged_into_id" integer;--> statement-breakpoint
ALTER TABLE "physicians" ADD CONSTRAINT "physicians_merged_into_id_physicians_id_fk" FOREIGN KEY ("merged_into_id") REFERENCES "public"."physicians"("id") ON DELETE no action ON UPDATE no action;