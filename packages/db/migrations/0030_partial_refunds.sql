-- Issue 17: partial and operator refunds (decision 0058). A payment may now have several refunds (an
-- operator's, by line and quantity, and the cancellation's of what is left), so the payment index is no
-- longer unique; the idempotency key stays unique (the acquirer's refund id). `lines` says which positions
-- of the sale receipt and how many units each refund gives back, so the next one knows what is left;
-- `created_by` is the operator's personnel number (null: the cancellation or the job).
DROP INDEX "payment_refunds_payment_idx";--> statement-breakpoint
CREATE INDEX "payment_refunds_payment_idx" ON "payment_refunds" USING btree ("payment_id");--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD COLUMN "lines" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD COLUMN "created_by" text;--> statement-breakpoint
-- The refunds made so far were whole: every position of the receipt, all its units.
UPDATE "payment_refunds" r SET "lines" = coalesce((
  select jsonb_agg(jsonb_build_object('position', i.ord - 1, 'qty', (i.item->>'qty')::int) order by i.ord)
    from jsonb_array_elements(r."receipt"->'items') with ordinality as i(item, ord)), '[]'::jsonb);--> statement-breakpoint
CREATE INDEX "payment_refunds_status_idx" ON "payment_refunds" USING btree ("status", "id");--> statement-breakpoint
-- A partial refund gives part of a certificate's use back: the balance counts `amount - returned_amount`
-- while the order lives, nothing once it is cancelled (`returned_at`).
ALTER TABLE "gift_certificate_uses" ADD COLUMN "returned_amount" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "gift_certificate_uses" ADD CONSTRAINT "gift_certificate_uses_returned_check"
  CHECK ("returned_amount" >= 0 AND "returned_amount" <= "amount");
