CREATE TABLE "trade_in_groups" (
	"id" integer PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"category_id" integer NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "trade_in_groups_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "trade_in_brands" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"popular" boolean DEFAULT false NOT NULL,
	CONSTRAINT "trade_in_brands_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "trade_in_models" (
	"id" serial PRIMARY KEY NOT NULL,
	"group_id" integer NOT NULL,
	"brand_id" integer NOT NULL,
	"name" text NOT NULL,
	"release_year" smallint NOT NULL,
	"active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "trade_in_models_brand_name_idx" ON "trade_in_models" USING btree ("brand_id","name");
--> statement-breakpoint
CREATE INDEX "trade_in_models_group_idx" ON "trade_in_models" USING btree ("group_id");
--> statement-breakpoint
CREATE TABLE "trade_in_prices" (
	"model_id" integer NOT NULL,
	"memory_gb" integer NOT NULL,
	"perfect" integer NOT NULL,
	"working" integer NOT NULL,
	"broken_screen" integer NOT NULL,
	CONSTRAINT "trade_in_prices_model_id_memory_gb_pk" PRIMARY KEY("model_id","memory_gb")
);
--> statement-breakpoint
CREATE TABLE "trade_in_sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"tx" text NOT NULL,
	"product_id" integer,
	"basket_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "trade_in_sessions_tx_unique" UNIQUE("tx")
);
--> statement-breakpoint
CREATE INDEX "trade_in_sessions_basket_idx" ON "trade_in_sessions" USING btree ("basket_id");
--> statement-breakpoint
CREATE TABLE "trade_in_devices" (
	"session_id" integer NOT NULL,
	"device_id" integer NOT NULL,
	"model_id" integer,
	"memory_gb" integer,
	"condition" text,
	"price" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "trade_in_devices_session_id_device_id_pk" PRIMARY KEY("session_id","device_id")
);
--> statement-breakpoint
CREATE TABLE "order_trade_in_devices" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"device_id" integer NOT NULL,
	"brand" text NOT NULL,
	"model" text NOT NULL,
	"memory" integer NOT NULL,
	"condition_device" smallint NOT NULL,
	"discount" integer NOT NULL,
	"discount_trade_in" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX "order_trade_in_devices_order_idx" ON "order_trade_in_devices" USING btree ("order_id");
--> statement-breakpoint
CREATE TABLE "buyback_bookings" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer,
	"name" text NOT NULL,
	"phone" text NOT NULL,
	"model_id" integer NOT NULL,
	"brand" text NOT NULL,
	"model" text NOT NULL,
	"memory_gb" integer NOT NULL,
	"price" integer NOT NULL,
	"city_id" integer NOT NULL,
	"store_id" integer NOT NULL,
	"visit_date" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "buyback_bookings_customer_idx" ON "buyback_bookings" USING btree ("customer_id");
