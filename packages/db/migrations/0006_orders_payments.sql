CREATE TABLE "notification_outbox" (
	"id" serial PRIMARY KEY NOT NULL,
	"channel" text NOT NULL,
	"recipient" text NOT NULL,
	"template" text NOT NULL,
	"subject" text,
	"body" text NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "order_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"parent_id" integer,
	"kind" text NOT NULL,
	"warranty_id" integer,
	"name" text NOT NULL,
	"qty" integer NOT NULL,
	"price" integer NOT NULL,
	"final_price" integer NOT NULL,
	"vat" smallint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_status_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"status_id" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"idempotency_key" text NOT NULL,
	"basket_id" text,
	"customer_id" integer,
	"city_id" integer NOT NULL,
	"status_id" text DEFAULT 'N' NOT NULL,
	"payment_status_oi" smallint DEFAULT 1 NOT NULL,
	"order_type_id" integer DEFAULT 1 NOT NULL,
	"is_preorder" boolean DEFAULT false NOT NULL,
	"contact_name" text NOT NULL,
	"contact_surname" text,
	"mobile_phone" text NOT NULL,
	"email" text,
	"comment" text,
	"delivery_type" integer NOT NULL,
	"delivery_address" text,
	"store_id" integer,
	"delivery_date" text,
	"delivery_time_from" text,
	"delivery_time_to" text,
	"delivery_cost" integer DEFAULT 0 NOT NULL,
	"payment_type" integer NOT NULL,
	"sum" integer NOT NULL,
	"discount" integer DEFAULT 0 NOT NULL,
	"total_sum" integer NOT NULL,
	"sum_prepaid" integer DEFAULT 0 NOT NULL,
	"promocode" text,
	"actions" jsonb DEFAULT '{"actionIds":[]}'::jsonb NOT NULL,
	"employee_personal_number" text,
	"inserted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"cancelled_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "payment_callbacks" (
	"id" serial PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"event_id" text NOT NULL,
	"payment_id" integer,
	"signature_valid" boolean NOT NULL,
	"payload" jsonb NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"payment_type_id" integer NOT NULL,
	"amount" integer NOT NULL,
	"status" text DEFAULT 'created' NOT NULL,
	"provider" text NOT NULL,
	"provider_payment_id" text,
	"idempotency_key" text,
	"confirmation_url" text,
	"receipt" jsonb,
	"decline_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "stock_reservations" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"store_id" integer NOT NULL,
	"qty" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"released_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "notification_outbox_recipient_idx" ON "notification_outbox" USING btree ("recipient","id");--> statement-breakpoint
CREATE INDEX "order_lines_order_idx" ON "order_lines" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "order_status_history_order_idx" ON "order_status_history" USING btree ("order_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_idempotency_idx" ON "orders" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "orders_customer_idx" ON "orders" USING btree ("customer_id","id");--> statement-breakpoint
CREATE INDEX "orders_basket_idx" ON "orders" USING btree ("basket_id");--> statement-breakpoint
CREATE INDEX "orders_phone_idx" ON "orders" USING btree ("mobile_phone");--> statement-breakpoint
CREATE INDEX "payment_callbacks_event_idx" ON "payment_callbacks" USING btree ("provider","event_id");--> statement-breakpoint
CREATE INDEX "payments_order_idx" ON "payments" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_provider_idx" ON "payments" USING btree ("provider","provider_payment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_idempotency_idx" ON "payments" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "stock_reservations_order_idx" ON "stock_reservations" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "stock_reservations_product_idx" ON "stock_reservations" USING btree ("product_id");--> statement-breakpoint
-- Order numbers the shopper sees start at seven digits.
ALTER SEQUENCE "orders_id_seq" RESTART WITH 1000001;