ALTER TABLE "orders" ADD COLUMN "company_inn" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "company_name" text;