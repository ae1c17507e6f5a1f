-- Issue 41: a fax request's client key and its first answer, per account: a retry of a request that
-- got no answer answers the same and faxes nothing (docs/decisions.md, "Fax request keys").
CREATE TABLE "fax_requests" (
	"account_id" integer NOT NULL,
	"request_key" text NOT NULL,
	"request_hash" text NOT NULL,
	"answer" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fax_requests_account_id_request_key_pk" PRIMARY KEY("account_id","request_key")
);
--> statement-breakpoint
ALTER TABLE "fax_requests" ADD CONSTRAINT "fax_requests_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "fax_requests_created_idx" ON "fax_requests" USING btree ("created_at");
