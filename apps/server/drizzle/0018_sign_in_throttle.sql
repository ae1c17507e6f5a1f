CREATE TABLE "sign_in_throttle" (
	"scope" text NOT NULL,
	"subject" text NOT NULL,
	"failures" integer NOT NULL,
	"window_started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"next_allowed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sign_in_throttle_scope_subject_pk" PRIMARY KEY("scope","subject")
);
--> statement-breakpoint
DROP TABLE "sign_in_attempts" CASCADE;--> statement-breakpoint
CREATE INDEX "sign_in_throttle_last_attempt_idx" ON "sign_in_throttle" USING btree ("last_attempt_at");