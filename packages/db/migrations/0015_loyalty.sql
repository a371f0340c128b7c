-- Loyalty «Мультионы» (issue 15, docs/decisions/0026): cards and the append-only bonus ledger.
CREATE TABLE "loyalty_cards" (
	"id" serial PRIMARY KEY NOT NULL,
	"ean" text NOT NULL,
	"check_data" text NOT NULL,
	"phone" text NOT NULL,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "loyalty_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"card_id" integer NOT NULL,
	"kind" text NOT NULL,
	"amount" integer NOT NULL,
	"order_id" integer,
	"order_line_id" integer,
	"line_status" text,
	"comment" text,
	"reverses_id" integer,
	"posting_key" text NOT NULL,
	"available_from" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "loyalty_cards_ean_idx" ON "loyalty_cards" USING btree ("ean");--> statement-breakpoint
CREATE INDEX "loyalty_cards_user_idx" ON "loyalty_cards" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "loyalty_cards_phone_idx" ON "loyalty_cards" USING btree ("phone");--> statement-breakpoint
CREATE UNIQUE INDEX "loyalty_entries_posting_idx" ON "loyalty_entries" USING btree ("posting_key");--> statement-breakpoint
CREATE INDEX "loyalty_entries_card_idx" ON "loyalty_entries" USING btree ("card_id","id");--> statement-breakpoint
CREATE INDEX "loyalty_entries_order_idx" ON "loyalty_entries" USING btree ("order_id");
--> statement-breakpoint
CREATE TABLE "loyalty_order_cards" (
	"order_id" integer PRIMARY KEY NOT NULL,
	"card_id" integer NOT NULL
);
