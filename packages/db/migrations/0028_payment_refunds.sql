-- Issue 17: money back on a cancelled order (decision 0052). One refund per succeeded payment: what the
-- acquirer took goes back to the card (`amount`), what gift certificates paid goes back to their balance
-- (`certificate_amount`, the 1215 of the refund receipt). `idempotency_key` is the refund id the acquirer
-- is asked with, so a retried call never refunds twice; the unique payment_id stops a second row.
CREATE TABLE "payment_refunds" (
	"id" serial PRIMARY KEY NOT NULL,
	"payment_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"amount" integer NOT NULL,
	"certificate_amount" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"provider" text NOT NULL,
	"provider_refund_id" text,
	"idempotency_key" text NOT NULL,
	"receipt" jsonb NOT NULL,
	"reason" text NOT NULL,
	"failure_reason" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "payment_refunds_amounts_check" CHECK ("amount" >= 0 AND "certificate_amount" >= 0),
	CONSTRAINT "payment_refunds_status_check" CHECK ("status" IN ('pending', 'succeeded', 'failed'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "payment_refunds_payment_idx" ON "payment_refunds" USING btree ("payment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_refunds_idempotency_idx" ON "payment_refunds" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "payment_refunds_order_idx" ON "payment_refunds" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "payment_refunds_pending_idx" ON "payment_refunds" USING btree ("status", "created_at") WHERE "status" = 'pending';--> statement-breakpoint
-- «Частями»: a cancelled order's plan is cancelled at the provider too (status 'cancelled').
ALTER TABLE "pay_in_parts_plans" ADD COLUMN "cancelled_at" timestamp with time zone;
