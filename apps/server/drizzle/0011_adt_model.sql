ALTER TABLE "job_orders" DROP CONSTRAINT "job_orders_job_id_order_id_pk";--> statement-breakpoint
ALTER TABLE "job_orders" ALTER COLUMN "order_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "job_orders" ADD COLUMN "id" serial PRIMARY KEY NOT NULL;--> statement-breakpoint
ALTER TABLE "job_orders" ADD COLUMN "ordinal" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "job_orders" ADD COLUMN "adt" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "job_orders" ADD COLUMN "physicians" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "adt_physicians" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "adt_definitions" ADD COLUMN "refresh_on_edit" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "adt_definitions" ADD COLUMN "highlighted" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "adt_definitions" ADD COLUMN "follows" text;--> statement-breakpoint
ALTER TABLE "adt_definitions" ADD COLUMN "in_order_summary" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "job_orders_job_order_idx" ON "job_orders" USING btree ("job_id","order_id");--> statement-breakpoint
CREATE INDEX "job_orders_order_idx" ON "job_orders" USING btree ("order_id");--> statement-breakpoint
-- Orders linked before this migration take their values from their order record (the columns at
-- the keys the upload reads them from, times on the job's facility's clock), in order-id order.
UPDATE "job_orders" jo SET
  "adt" = o."adt"
    || jsonb_build_object('ORC.2.1', o."order_number", 'OBR.4.2', o."description")
    || CASE WHEN o."ordered_at" IS NULL THEN '{}'::jsonb
       ELSE jsonb_build_object('OBR.7.1', to_char(o."ordered_at" AT TIME ZONE cf."time_zone", 'YYYY-MM-DD"T"HH24:MI:SS')) END,
  "ordinal" = r."n"
FROM "orders" o, "jobs" j, "client_facilities" cf,
  (SELECT "id", (row_number() OVER (PARTITION BY "job_id" ORDER BY "order_id") - 1)::int AS "n" FROM "job_orders") r
WHERE o."id" = jo."order_id" AND j."id" = jo."job_id" AND cf."id" = j."client_facility_id" AND r."id" = jo."id";
