-- Issue 17: credit, instalment and loan applications decided by the lender (the sandbox bank by
-- default), the banks' answers, the callbacks taken in (replay-safe), and insurance / finance requests.
CREATE TABLE "credit_applications" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"payment_type" integer NOT NULL,
	"kind" text NOT NULL,
	"instalment_label" text,
	"amount" integer NOT NULL,
	"months" integer NOT NULL,
	"monthly_payment" integer NOT NULL,
	"basket" jsonb NOT NULL,
	"applicant" jsonb,
	"phone" text NOT NULL,
	"phone_confirmed_at" timestamp with time zone,
	"consent_at" timestamp with time zone,
	"status" text DEFAULT 'new' NOT NULL,
	"chosen_offer_id" integer,
	"signed_at" timestamp with time zone,
	"code_hash" text,
	"code_purpose" text,
	"code_expires_at" timestamp with time zone,
	"code_attempts" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "credit_applications_order_idx" ON "credit_applications" USING btree ("order_id");
--> statement-breakpoint
CREATE INDEX "credit_applications_waiting_idx" ON "credit_applications" USING btree ("status","expires_at");
--> statement-breakpoint
CREATE TABLE "credit_offers" (
	"id" serial PRIMARY KEY NOT NULL,
	"application_id" integer NOT NULL,
	"bank" text NOT NULL,
	"bank_application_id" text NOT NULL,
	"status" text DEFAULT 'reviewing' NOT NULL,
	"rate" numeric(5, 2),
	"months" integer,
	"amount" integer,
	"monthly_payment" integer,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "credit_offers_bank_application_idx" ON "credit_offers" USING btree ("bank_application_id");
--> statement-breakpoint
CREATE UNIQUE INDEX "credit_offers_application_bank_idx" ON "credit_offers" USING btree ("application_id","bank");
--> statement-breakpoint
CREATE TABLE "credit_callbacks" (
	"event_id" text PRIMARY KEY NOT NULL,
	"bank_application_id" text NOT NULL,
	"outcome" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "finance_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"phone" text NOT NULL,
	"email" text,
	"details" jsonb NOT NULL,
	"status" text DEFAULT 'new' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "finance_requests_created_idx" ON "finance_requests" USING btree ("created_at");
