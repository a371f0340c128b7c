CREATE TABLE "corp_fast_orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"company" text NOT NULL,
	"inn" text NOT NULL,
	"contact_name" text NOT NULL,
	"phone" text NOT NULL,
	"email" text NOT NULL,
	"products" text NOT NULL,
	"city_id" integer,
	"status" text DEFAULT 'new' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "corp_fast_orders_created_idx" ON "corp_fast_orders" USING btree ("created_at");
--> statement-breakpoint
ALTER TABLE "employees" ADD COLUMN "roles" text[] DEFAULT '{}' NOT NULL;
