-- Gift certificates (issue 15, item 6; docs/decisions/0027): an electronic certificate bought online
-- (its order pays for it; it is issued when that order is paid) and its uses by other orders.
CREATE TABLE "gift_certificates" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"nominal" integer NOT NULL,
	"order_id" integer,
	"recipient_email" text,
	"recipient_name" text,
	"issued_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "gift_certificate_uses" (
	"id" serial PRIMARY KEY NOT NULL,
	"certificate_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"amount" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"returned_at" timestamp with time zone
);
--> statement-breakpoint
CREATE UNIQUE INDEX "gift_certificates_code_idx" ON "gift_certificates" USING btree ("code");--> statement-breakpoint
CREATE INDEX "gift_certificates_order_idx" ON "gift_certificates" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "gift_certificate_uses_idx" ON "gift_certificate_uses" USING btree ("certificate_id","order_id");--> statement-breakpoint
CREATE INDEX "gift_certificate_uses_order_idx" ON "gift_certificate_uses" USING btree ("order_id");
