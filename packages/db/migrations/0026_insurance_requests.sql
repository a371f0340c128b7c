-- Issue 17 item 6: the insurance and finance pages' applications. finance_requests (0017) keeps the
-- kind, name, phone, e-mail and details; this adds what the pages and the operators need: the city,
-- the signed-in customer, when the phone was confirmed by SMS and consent given, and the operator's
-- answer and closing (with who did it), plus an index for the operators' list by status.
ALTER TABLE "finance_requests" ADD COLUMN "city_id" integer;
--> statement-breakpoint
ALTER TABLE "finance_requests" ADD COLUMN "customer_id" integer;
--> statement-breakpoint
ALTER TABLE "finance_requests" ADD COLUMN "phone_confirmed_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "finance_requests" ADD COLUMN "consent_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "finance_requests" ADD COLUMN "operator_comment" text;
--> statement-breakpoint
ALTER TABLE "finance_requests" ADD COLUMN "operator_number" text;
--> statement-breakpoint
ALTER TABLE "finance_requests" ADD COLUMN "answered_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "finance_requests" ADD COLUMN "closed_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "finance_requests" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;
--> statement-breakpoint
CREATE INDEX "finance_requests_status_idx" ON "finance_requests" USING btree ("status","id");
