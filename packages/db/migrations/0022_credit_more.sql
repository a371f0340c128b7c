-- Issue 17, more: «Частями» (payment 19). The provider's limit checks by phone (kept per basket, so
-- create-order takes only the check this shopper made) and each order's plan of four payments.
CREATE TABLE "pay_in_parts_checks" (
	"id" serial PRIMARY KEY NOT NULL,
	"basket_id" text NOT NULL,
	"phone" text NOT NULL,
	"provider" text NOT NULL,
	"status" text NOT NULL,
	"credit_limit" integer NOT NULL,
	"range_min" integer,
	"range_max" integer,
	"warranty" boolean NOT NULL,
	"checked_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "pay_in_parts_checks_basket_idx" ON "pay_in_parts_checks" USING btree ("basket_id","phone","checked_at");
--> statement-breakpoint
CREATE TABLE "pay_in_parts_plans" (
	"order_id" integer PRIMARY KEY NOT NULL,
	"phone" text NOT NULL,
	"provider" text NOT NULL,
	"total" integer NOT NULL,
	"schedule" jsonb NOT NULL,
	"status" text DEFAULT 'waiting' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"activated_at" timestamp with time zone
);
