CREATE TABLE "fhir_assertions" (
	"client_id" text NOT NULL,
	"jti" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fhir_clients" (
	"client_id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"corporate_structure_id" integer NOT NULL,
	"jwks" jsonb,
	"jwks_url" text,
	"scopes" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"disabled_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "interface_messages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"interface_name" text NOT NULL,
	"direction" text NOT NULL,
	"control_id" text NOT NULL,
	"message_type" text NOT NULL,
	"facility" text,
	"dedupe_key" text NOT NULL,
	"blob_key" text NOT NULL,
	"status" text NOT NULL,
	"error" text,
	"ack_code" text,
	"ack" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"corporate_structure_id" integer,
	"client_facility_id" integer,
	"job_id" bigint,
	"patient_id" integer,
	"distribution_id" bigint,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"processed_at" timestamp with time zone,
	"acknowledged_at" timestamp with time zone,
	"handled_at" timestamp with time zone,
	"handled_by_account_id" integer
);
--> statement-breakpoint
ALTER TABLE "fhir_assertions" ADD CONSTRAINT "fhir_assertions_client_id_fhir_clients_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."fhir_clients"("client_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fhir_clients" ADD CONSTRAINT "fhir_clients_corporate_structure_id_corporate_structures_id_fk" FOREIGN KEY ("corporate_structure_id") REFERENCES "public"."corporate_structures"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "interface_messages" ADD CONSTRAINT "interface_messages_corporate_structure_id_corporate_structures_id_fk" FOREIGN KEY ("corporate_structure_id") REFERENCES "public"."corporate_structures"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "interface_messages" ADD CONSTRAINT "interface_messages_client_facility_id_client_facilities_id_fk" FOREIGN KEY ("client_facility_id") REFERENCES "public"."client_facilities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "interface_messages" ADD CONSTRAINT "interface_messages_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "interface_messages" ADD CONSTRAINT "interface_messages_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "interface_messages" ADD CONSTRAINT "interface_messages_distribution_id_distributions_id_fk" FOREIGN KEY ("distribution_id") REFERENCES "public"."distributions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "fhir_assertions_jti_idx" ON "fhir_assertions" USING btree ("client_id","jti");--> statement-breakpoint
CREATE UNIQUE INDEX "interface_messages_dedupe_idx" ON "interface_messages" USING btree ("dedupe_key");--> statement-breakpoint
CREATE INDEX "interface_messages_blob_idx" ON "interface_messages" USING btree ("blob_key");--> statement-breakpoint
CREATE INDEX "interface_messages_cs_received_idx" ON "interface_messages" USING btree ("corporate_structure_id","received_at");--> statement-breakpoint
CREATE INDEX "interface_messages_status_idx" ON "interface_messages" USING btree ("status","received_at");--> statement-breakpoint
CREATE INDEX "interface_messages_job_idx" ON "interface_messages" USING btree ("job_id") WHERE job_id is not null;