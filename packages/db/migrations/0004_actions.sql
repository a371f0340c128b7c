CREATE TABLE "action_products" (
	"action_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"role" text NOT NULL,
	CONSTRAINT "action_products_action_id_role_product_id_pk" PRIMARY KEY("action_id","role","product_id")
);
--> statement-breakpoint
CREATE TABLE "actions" (
	"id" integer PRIMARY KEY NOT NULL,
	"parent_id" integer,
	"public_name" text NOT NULL,
	"public_description" text DEFAULT '' NOT NULL,
	"action_type" text NOT NULL,
	"delivery_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"payment_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"sum_action_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"required" boolean DEFAULT false NOT NULL,
	"promocode" text,
	"discount" integer DEFAULT 0 NOT NULL,
	"is_trade_in_action" boolean DEFAULT false NOT NULL,
	"mechanics" jsonb NOT NULL,
	"bank_flags" jsonb,
	"deferreds" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"is_credit" boolean DEFAULT false NOT NULL,
	"installment_limit" integer,
	"price_from" integer,
	"should_add_warranties" boolean DEFAULT false NOT NULL,
	"warranty_brand_id" integer,
	"warranty_category_id" integer,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone,
	"is_hidden" boolean DEFAULT false NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX "action_products_product_idx" ON "action_products" USING btree ("product_id","role");--> statement-breakpoint
CREATE INDEX "actions_parent_idx" ON "actions" USING btree ("parent_id");