CREATE TABLE "basket_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"basket_id" text NOT NULL,
	"product_id" integer NOT NULL,
	"qty" integer NOT NULL,
	"parent_id" integer,
	"kind" text NOT NULL,
	"warranty_id" integer,
	"supplier_id" integer,
	"price_snapshot" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"removed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "baskets" (
	"id" text PRIMARY KEY NOT NULL,
	"customer_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "basket_lines_basket_idx" ON "basket_lines" USING btree ("basket_id","id");--> statement-breakpoint
CREATE INDEX "basket_lines_parent_idx" ON "basket_lines" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "baskets_customer_idx" ON "baskets" USING btree ("customer_id");