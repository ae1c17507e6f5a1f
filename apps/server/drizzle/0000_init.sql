CREATE TABLE "audio_files" (
	"id" serial PRIMARY KEY NOT NULL,
	"job_id" bigint NOT NULL,
	"codec" text NOT NULL,
	"mime_type" text NOT NULL,
	"blob_key" text NOT NULL,
	"size" integer NOT NULL,
	"duration_ms" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bookings" (
	"job_id" bigint PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"cookie_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "document_versions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"job_id" bigint NOT NULL,
	"version" integer NOT NULL,
	"format" text NOT NULL,
	"blob_key" text NOT NULL,
	"size" integer NOT NULL,
	"is_draft" boolean DEFAULT false NOT NULL,
	"source" text NOT NULL,
	"created_by_account_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "job_flags" (
	"job_id" bigint NOT NULL,
	"code" text NOT NULL,
	"description" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "job_flags_job_id_code_pk" PRIMARY KEY("job_id","code")
);
--> statement-breakpoint
CREATE TABLE "job_notes" (
	"id" serial PRIMARY KEY NOT NULL,
	"job_id" bigint NOT NULL,
	"note" text NOT NULL,
	"app_name" text DEFAULT 'Quill' NOT NULL,
	"created_by_account_id" integer,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "job_orders" (
	"job_id" bigint NOT NULL,
	"order_id" integer NOT NULL,
	CONSTRAINT "job_orders_job_id_order_id_pk" PRIMARY KEY("job_id","order_id")
);
--> statement-breakpoint
CREATE TABLE "job_views" (
	"job_id" bigint NOT NULL,
	"account_id" integer NOT NULL,
	"pdf_viewed_at" timestamp with time zone,
	"rtf_viewed_at" timestamp with time zone,
	CONSTRAINT "job_views_account_id_job_id_pk" PRIMARY KEY("account_id","job_id")
);
--> statement-breakpoint
CREATE TABLE "jobs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"original_job_id" bigint,
	"dictation_id" text NOT NULL,
	"corporate_structure_id" integer NOT NULL,
	"service_centre_id" integer NOT NULL,
	"client_facility_id" integer NOT NULL,
	"dictator_id" integer,
	"dictated_for_id" integer,
	"patient_id" integer,
	"visit_id" integer,
	"work_type_id" integer,
	"department_id" integer,
	"location_id" integer,
	"stage_id" integer NOT NULL,
	"component_type" text DEFAULT 'TR' NOT NULL,
	"stat" text,
	"version" integer DEFAULT 1 NOT NULL,
	"document_type" text,
	"job_type" text DEFAULT 'standard' NOT NULL,
	"mt_name" text,
	"is_protected" boolean DEFAULT false NOT NULL,
	"warned_of_protection" boolean DEFAULT false NOT NULL,
	"force_resign" boolean DEFAULT false NOT NULL,
	"skip_export" boolean DEFAULT false NOT NULL,
	"skip_print" boolean DEFAULT false NOT NULL,
	"is_pre_transcription" boolean DEFAULT false NOT NULL,
	"edited" boolean DEFAULT false NOT NULL,
	"edited_via" text,
	"signed" boolean DEFAULT false NOT NULL,
	"faxed" boolean DEFAULT false NOT NULL,
	"on_manual_list" boolean DEFAULT false NOT NULL,
	"cleared_at" timestamp with time zone,
	"supercedes_job_id" bigint,
	"supplement_name" text,
	"supplement_type" text,
	"job_note" text,
	"adt" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"dictated_at" timestamp with time zone,
	"signed_at" timestamp with time zone,
	"date_of_service" date,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "recipients" (
	"id" serial PRIMARY KEY NOT NULL,
	"job_id" bigint NOT NULL,
	"physician_id" integer,
	"is_addressee" boolean DEFAULT false NOT NULL,
	"is_patient" boolean DEFAULT false NOT NULL,
	"auto" boolean DEFAULT false NOT NULL,
	"removed" boolean DEFAULT false NOT NULL,
	"capacity_code" text,
	"capacity_description" text,
	"distribution_method" text DEFAULT 'print' NOT NULL,
	"custom" jsonb,
	"ordinal" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "app_settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "attachments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_facility_id" integer NOT NULL,
	"patient_id" integer,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"mime_type" text NOT NULL,
	"blob_key" text NOT NULL,
	"size" integer NOT NULL,
	"context_start_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"user_id" integer,
	"account_id" integer,
	"corporate_structure_id" integer,
	"action" text NOT NULL,
	"outcome" text NOT NULL,
	"job_id" bigint,
	"patient_id" integer,
	"ip" "inet",
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "distribution_errors" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"job_id" bigint NOT NULL,
	"description" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "distributions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"job_id" bigint NOT NULL,
	"recipient_id" integer,
	"method" text NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "fax_records" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"job_id" bigint NOT NULL,
	"idempotency_key" text NOT NULL,
	"recipient_name" text NOT NULL,
	"fax_number" text NOT NULL,
	"recipient_type" text NOT NULL,
	"status" text NOT NULL,
	"transport" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"transport_reference" text,
	"requested_by_account_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "hold_queue_rules" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_facility_id" integer NOT NULL,
	"code" text NOT NULL,
	"description" text NOT NULL,
	"kind" text NOT NULL,
	"params" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "print_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"job_id" bigint NOT NULL,
	"account_id" integer NOT NULL,
	"copies_type" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "uploads" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"client_facility_id" integer,
	"kind" text NOT NULL,
	"file_name" text NOT NULL,
	"blob_key" text NOT NULL,
	"size" integer NOT NULL,
	"action_type" integer,
	"status" text NOT NULL,
	"mapping" jsonb,
	"result" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "worker_heartbeats" (
	"worker_id" text PRIMARY KEY NOT NULL,
	"host" text NOT NULL,
	"pid" integer NOT NULL,
	"beat_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "adt_definitions" (
	"id" serial PRIMARY KEY NOT NULL,
	"corporate_structure_id" integer NOT NULL,
	"client_facility_id" integer,
	"column_heading" text NOT NULL,
	"display_name" text NOT NULL,
	"segment_name" text NOT NULL,
	"segment_type" integer NOT NULL,
	"field_index" integer NOT NULL,
	"component_index" integer NOT NULL,
	"data_type" integer NOT NULL,
	"is_date_time" boolean DEFAULT false NOT NULL,
	"ordinal" integer DEFAULT 0 NOT NULL,
	"mandatory" boolean DEFAULT false NOT NULL,
	"read_only" boolean DEFAULT false NOT NULL,
	"is_physician" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "adt_search_configurations" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_facility_id" integer NOT NULL,
	"name" text NOT NULL,
	"identifier" text NOT NULL,
	"search_fields" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "client_facilities" (
	"id" serial PRIMARY KEY NOT NULL,
	"corporate_structure_id" integer NOT NULL,
	"service_centre_id" integer NOT NULL,
	"name" text NOT NULL,
	"company_name_id" text NOT NULL,
	"attachments_enabled" boolean DEFAULT false NOT NULL,
	"fax_number" text,
	"time_zone" text DEFAULT 'America/New_York' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "corporate_structures" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"company_name_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "departments" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_facility_id" integer NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "locations" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_facility_id" integer NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"auto" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "service_centres" (
	"id" serial PRIMARY KEY NOT NULL,
	"corporate_structure_id" integer NOT NULL,
	"name" text NOT NULL,
	"company_name_id" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "work_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"corporate_structure_id" integer NOT NULL,
	"client_facility_id" integer,
	"name" text NOT NULL,
	"number" integer NOT NULL,
	"enable_addressee" boolean DEFAULT true NOT NULL,
	"min_addressees" integer DEFAULT 0 NOT NULL,
	"max_addressees" integer,
	"allow_patient_as_recipient" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"visit_id" integer NOT NULL,
	"order_number" text NOT NULL,
	"description" text NOT NULL,
	"ordered_at" timestamp with time zone,
	"adt" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "patients" (
	"id" serial PRIMARY KEY NOT NULL,
	"corporate_structure_id" integer NOT NULL,
	"mrn" text NOT NULL,
	"last_name" text NOT NULL,
	"first_name" text NOT NULL,
	"middle_name" text,
	"date_of_birth" date,
	"sex" text,
	"adt" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "visits" (
	"id" serial PRIMARY KEY NOT NULL,
	"patient_id" integer NOT NULL,
	"visit_number" text NOT NULL,
	"patient_class" text,
	"admitted_at" timestamp with time zone,
	"discharged_at" timestamp with time zone,
	"adt" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "account_corporate_access" (
	"account_id" integer NOT NULL,
	"corporate_structure_id" integer NOT NULL,
	CONSTRAINT "account_corporate_access_account_id_corporate_structure_id_pk" PRIMARY KEY("account_id","corporate_structure_id")
);
--> statement-breakpoint
CREATE TABLE "account_permissions" (
	"account_id" integer NOT NULL,
	"permission" text NOT NULL,
	CONSTRAINT "account_permissions_account_id_permission_pk" PRIMARY KEY("account_id","permission")
);
--> statement-breakpoint
CREATE TABLE "accounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"member" text NOT NULL,
	"company_id" integer NOT NULL,
	"member_type" integer NOT NULL,
	"physician_id" integer,
	"disabled_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "physicians" (
	"id" serial PRIMARY KEY NOT NULL,
	"corporate_structure_id" integer NOT NULL,
	"client_facility_id" integer,
	"prefix" text,
	"first_name" text NOT NULL,
	"middle_initial" text,
	"last_name" text NOT NULL,
	"suffix" text,
	"job_title" text,
	"credentials" text,
	"access_code" text,
	"specialty" text,
	"mnemonic" text,
	"client_user_code" text,
	"email" text,
	"fax" text,
	"telephone" text,
	"address_line1" text,
	"address_line2" text,
	"address_line3" text,
	"address_line4" text,
	"postal_code" text,
	"country" text,
	"signature_block" text,
	"global_id" text,
	"recipient_provider_id" text,
	"secure_messaging_enabled" boolean DEFAULT false NOT NULL,
	"resident_flag" boolean DEFAULT false NOT NULL,
	"external_esign_flag" boolean DEFAULT false NOT NULL,
	"is_dictator" boolean DEFAULT false NOT NULL,
	"distribution_method" text DEFAULT 'print' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id_hash" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"account_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_active_at" timestamp with time zone DEFAULT now() NOT NULL,
	"idle_expires_at" timestamp with time zone NOT NULL,
	"absolute_expires_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	"end_reason" text,
	"ip" "inet",
	"user_agent" text
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"username" text NOT NULL,
	"display_name" text NOT NULL,
	"password_hash" text,
	"oidc_subject" text,
	"date_format" text DEFAULT 'MM/DD/YYYY' NOT NULL,
	"time_format" text DEFAULT 'HH:mm' NOT NULL,
	"locale" text DEFAULT 'en-US' NOT NULL,
	"disabled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "audio_files" ADD CONSTRAINT "audio_files_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_versions" ADD CONSTRAINT "document_versions_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_versions" ADD CONSTRAINT "document_versions_created_by_account_id_accounts_id_fk" FOREIGN KEY ("created_by_account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_flags" ADD CONSTRAINT "job_flags_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_notes" ADD CONSTRAINT "job_notes_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_notes" ADD CONSTRAINT "job_notes_created_by_account_id_accounts_id_fk" FOREIGN KEY ("created_by_account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_orders" ADD CONSTRAINT "job_orders_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_orders" ADD CONSTRAINT "job_orders_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_views" ADD CONSTRAINT "job_views_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_views" ADD CONSTRAINT "job_views_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_corporate_structure_id_corporate_structures_id_fk" FOREIGN KEY ("corporate_structure_id") REFERENCES "public"."corporate_structures"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_service_centre_id_service_centres_id_fk" FOREIGN KEY ("service_centre_id") REFERENCES "public"."service_centres"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_client_facility_id_client_facilities_id_fk" FOREIGN KEY ("client_facility_id") REFERENCES "public"."client_facilities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_dictator_id_physicians_id_fk" FOREIGN KEY ("dictator_id") REFERENCES "public"."physicians"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_dictated_for_id_physicians_id_fk" FOREIGN KEY ("dictated_for_id") REFERENCES "public"."physicians"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_visit_id_visits_id_fk" FOREIGN KEY ("visit_id") REFERENCES "public"."visits"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_work_type_id_work_types_id_fk" FOREIGN KEY ("work_type_id") REFERENCES "public"."work_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_department_id_departments_id_fk" FOREIGN KEY ("department_id") REFERENCES "public"."departments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recipients" ADD CONSTRAINT "recipients_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recipients" ADD CONSTRAINT "recipients_physician_id_physicians_id_fk" FOREIGN KEY ("physician_id") REFERENCES "public"."physicians"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attachments" ADD CONSTRAINT "attachments_client_facility_id_client_facilities_id_fk" FOREIGN KEY ("client_facility_id") REFERENCES "public"."client_facilities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_corporate_structure_id_corporate_structures_id_fk" FOREIGN KEY ("corporate_structure_id") REFERENCES "public"."corporate_structures"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "distribution_errors" ADD CONSTRAINT "distribution_errors_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "distributions" ADD CONSTRAINT "distributions_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "distributions" ADD CONSTRAINT "distributions_recipient_id_recipients_id_fk" FOREIGN KEY ("recipient_id") REFERENCES "public"."recipients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fax_records" ADD CONSTRAINT "fax_records_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fax_records" ADD CONSTRAINT "fax_records_requested_by_account_id_accounts_id_fk" FOREIGN KEY ("requested_by_account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hold_queue_rules" ADD CONSTRAINT "hold_queue_rules_client_facility_id_client_facilities_id_fk" FOREIGN KEY ("client_facility_id") REFERENCES "public"."client_facilities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "print_events" ADD CONSTRAINT "print_events_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "print_events" ADD CONSTRAINT "print_events_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_client_facility_id_client_facilities_id_fk" FOREIGN KEY ("client_facility_id") REFERENCES "public"."client_facilities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "adt_definitions" ADD CONSTRAINT "adt_definitions_corporate_structure_id_corporate_structures_id_fk" FOREIGN KEY ("corporate_structure_id") REFERENCES "public"."corporate_structures"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "adt_definitions" ADD CONSTRAINT "adt_definitions_client_facility_id_client_facilities_id_fk" FOREIGN KEY ("client_facility_id") REFERENCES "public"."client_facilities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "adt_search_configurations" ADD CONSTRAINT "adt_search_configurations_client_facility_id_client_facilities_id_fk" FOREIGN KEY ("client_facility_id") REFERENCES "public"."client_facilities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_facilities" ADD CONSTRAINT "client_facilities_corporate_structure_id_corporate_structures_id_fk" FOREIGN KEY ("corporate_structure_id") REFERENCES "public"."corporate_structures"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_facilities" ADD CONSTRAINT "client_facilities_service_centre_id_service_centres_id_fk" FOREIGN KEY ("service_centre_id") REFERENCES "public"."service_centres"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "departments" ADD CONSTRAINT "departments_client_facility_id_client_facilities_id_fk" FOREIGN KEY ("client_facility_id") REFERENCES "public"."client_facilities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "locations" ADD CONSTRAINT "locations_client_facility_id_client_facilities_id_fk" FOREIGN KEY ("client_facility_id") REFERENCES "public"."client_facilities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_centres" ADD CONSTRAINT "service_centres_corporate_structure_id_corporate_structures_id_fk" FOREIGN KEY ("corporate_structure_id") REFERENCES "public"."corporate_structures"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_types" ADD CONSTRAINT "work_types_corporate_structure_id_corporate_structures_id_fk" FOREIGN KEY ("corporate_structure_id") REFERENCES "public"."corporate_structures"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_types" ADD CONSTRAINT "work_types_client_facility_id_client_facilities_id_fk" FOREIGN KEY ("client_facility_id") REFERENCES "public"."client_facilities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_visit_id_visits_id_fk" FOREIGN KEY ("visit_id") REFERENCES "public"."visits"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patients" ADD CONSTRAINT "patients_corporate_structure_id_corporate_structures_id_fk" FOREIGN KEY ("corporate_structure_id") REFERENCES "public"."corporate_structures"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visits" ADD CONSTRAINT "visits_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_corporate_access" ADD CONSTRAINT "account_corporate_access_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_corporate_access" ADD CONSTRAINT "account_corporate_access_corporate_structure_id_corporate_structures_id_fk" FOREIGN KEY ("corporate_structure_id") REFERENCES "public"."corporate_structures"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_permissions" ADD CONSTRAINT "account_permissions_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_company_id_corporate_structures_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."corporate_structures"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "physicians" ADD CONSTRAINT "physicians_corporate_structure_id_corporate_structures_id_fk" FOREIGN KEY ("corporate_structure_id") REFERENCES "public"."corporate_structures"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "physicians" ADD CONSTRAINT "physicians_client_facility_id_client_facilities_id_fk" FOREIGN KEY ("client_facility_id") REFERENCES "public"."client_facilities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "audio_files_job_codec_idx" ON "audio_files" USING btree ("job_id","codec");--> statement-breakpoint
CREATE UNIQUE INDEX "document_versions_job_version_idx" ON "document_versions" USING btree ("job_id","version","is_draft");--> statement-breakpoint
CREATE INDEX "job_notes_job_idx" ON "job_notes" USING btree ("job_id");--> statement-breakpoint
CREATE INDEX "jobs_cf_stage_idx" ON "jobs" USING btree ("client_facility_id","stage_id");--> statement-breakpoint
CREATE INDEX "jobs_cf_manual_idx" ON "jobs" USING btree ("client_facility_id") WHERE "jobs"."on_manual_list" and "jobs"."cleared_at" is null;--> statement-breakpoint
CREATE INDEX "jobs_cs_idx" ON "jobs" USING btree ("corporate_structure_id");--> statement-breakpoint
CREATE INDEX "jobs_patient_idx" ON "jobs" USING btree ("patient_id");--> statement-breakpoint
CREATE INDEX "recipients_job_idx" ON "recipients" USING btree ("job_id");--> statement-breakpoint
CREATE INDEX "attachments_cf_time_idx" ON "attachments" USING btree ("client_facility_id","context_start_at");--> statement-breakpoint
CREATE INDEX "audit_log_at_idx" ON "audit_log" USING btree ("at");--> statement-breakpoint
CREATE INDEX "audit_log_job_idx" ON "audit_log" USING btree ("job_id");--> statement-breakpoint
CREATE INDEX "distribution_errors_job_idx" ON "distribution_errors" USING btree ("job_id");--> statement-breakpoint
CREATE INDEX "distributions_job_idx" ON "distributions" USING btree ("job_id");--> statement-breakpoint
CREATE UNIQUE INDEX "fax_records_key_idx" ON "fax_records" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "fax_records_job_idx" ON "fax_records" USING btree ("job_id");--> statement-breakpoint
CREATE UNIQUE INDEX "hold_queue_rules_cf_code_idx" ON "hold_queue_rules" USING btree ("client_facility_id","code");--> statement-breakpoint
CREATE INDEX "print_events_job_idx" ON "print_events" USING btree ("job_id");--> statement-breakpoint
CREATE INDEX "uploads_account_idx" ON "uploads" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "adt_definitions_cf_idx" ON "adt_definitions" USING btree ("client_facility_id");--> statement-breakpoint
CREATE INDEX "client_facilities_cs_idx" ON "client_facilities" USING btree ("corporate_structure_id");--> statement-breakpoint
CREATE INDEX "departments_cf_idx" ON "departments" USING btree ("client_facility_id");--> statement-breakpoint
CREATE INDEX "locations_cf_idx" ON "locations" USING btree ("client_facility_id");--> statement-breakpoint
CREATE INDEX "service_centres_cs_idx" ON "service_centres" USING btree ("corporate_structure_id");--> statement-breakpoint
CREATE INDEX "work_types_cf_idx" ON "work_types" USING btree ("client_facility_id");--> statement-breakpoint
CREATE INDEX "work_types_cs_idx" ON "work_types" USING btree ("corporate_structure_id");--> statement-breakpoint
CREATE INDEX "orders_visit_idx" ON "orders" USING btree ("visit_id");--> statement-breakpoint
CREATE UNIQUE INDEX "patients_mrn_idx" ON "patients" USING btree ("corporate_structure_id","mrn");--> statement-breakpoint
CREATE INDEX "patients_name_idx" ON "patients" USING btree ("last_name","first_name");--> statement-breakpoint
CREATE INDEX "visits_patient_idx" ON "visits" USING btree ("patient_id");--> statement-breakpoint
CREATE INDEX "accounts_user_idx" ON "accounts" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "physicians_cs_idx" ON "physicians" USING btree ("corporate_structure_id");--> statement-breakpoint
CREATE INDEX "physicians_name_idx" ON "physicians" USING btree ("last_name","first_name");--> statement-breakpoint
CREATE UNIQUE INDEX "physicians_access_code_idx" ON "physicians" USING btree ("corporate_structure_id","access_code");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_username_idx" ON "users" USING btree ("username");--> statement-breakpoint
CREATE UNIQUE INDEX "users_oidc_idx" ON "users" USING btree ("oidc_subject");