-- Buyback bookings (issue 16 item 5, docs/decisions/0043): the table 0016 created for them had no reader or
-- writer yet and no row; a booking also keeps the device's condition, the seller's e-mail for the
-- confirmation, and the operator's answer (status and a comment the seller sees).
ALTER TABLE "buyback_bookings" ADD COLUMN "condition" text DEFAULT 'working' NOT NULL;
--> statement-breakpoint
ALTER TABLE "buyback_bookings" ALTER COLUMN "condition" DROP DEFAULT;
--> statement-breakpoint
ALTER TABLE "buyback_bookings" ADD COLUMN "email" text;
--> statement-breakpoint
ALTER TABLE "buyback_bookings" ADD COLUMN "status" text DEFAULT 'booked' NOT NULL;
--> statement-breakpoint
ALTER TABLE "buyback_bookings" ADD COLUMN "operator_comment" text;
--> statement-breakpoint
ALTER TABLE "buyback_bookings" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;
--> statement-breakpoint
CREATE INDEX "buyback_bookings_created_idx" ON "buyback_bookings" USING btree ("created_at");
