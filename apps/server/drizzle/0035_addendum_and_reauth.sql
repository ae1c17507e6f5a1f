ALTER TABLE "bookings" ADD COLUMN "addendum_reason" text;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "reauthenticated_at" timestamp with time zone;