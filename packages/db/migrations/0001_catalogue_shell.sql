CREATE TABLE "ab_branches" (
	"code" text PRIMARY KEY NOT NULL,
	"weight" integer NOT NULL,
	"description" text
);
--> statement-breakpoint
CREATE TABLE "banners" (
	"id" integer PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"location" text,
	"url" text,
	"title" text NOT NULL,
	"text" text,
	"image" text NOT NULL,
	"x2_image" text,
	"image_alt" text NOT NULL,
	"link" text,
	"background" text,
	"visible" boolean DEFAULT true NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"active_from" timestamp with time zone,
	"active_to" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "brands" (
	"id" integer PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"logo" text,
	"country" text,
	"is_popular" boolean DEFAULT false NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "categories" (
	"id" integer PRIMARY KEY NOT NULL,
	"parent_id" integer,
	"name" text NOT NULL,
	"code" text NOT NULL,
	"image" text,
	"sort" integer DEFAULT 0 NOT NULL,
	"level" smallint DEFAULT 0 NOT NULL,
	"path" integer[] NOT NULL,
	"is_digital" boolean DEFAULT false NOT NULL,
	"product_count" integer DEFAULT 0 NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cities" (
	"id" integer PRIMARY KEY NOT NULL,
	"alias" text NOT NULL,
	"name" text NOT NULL,
	"territory_id" integer NOT NULL,
	"zone_code" text NOT NULL,
	"phone" text NOT NULL,
	"declension" jsonb NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"has_metro" boolean DEFAULT false NOT NULL,
	"has_mkad" boolean DEFAULT false NOT NULL,
	"kladr_code" text,
	"delivery_type_ids" integer[] NOT NULL,
	"payment_type_ids" integer[] NOT NULL,
	"is_priority" boolean DEFAULT false NOT NULL,
	"population" integer DEFAULT 0 NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "feature_flags" (
	"id" serial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"branch" text,
	"is_active" boolean NOT NULL,
	"feature_value" jsonb,
	"description" text
);
--> statement-breakpoint
CREATE TABLE "menu_items" (
	"id" integer PRIMARY KEY NOT NULL,
	"menu_code" text NOT NULL,
	"parent_id" integer,
	"name" text NOT NULL,
	"url" text NOT NULL,
	"icon" text,
	"image" text,
	"type" text DEFAULT 'link' NOT NULL,
	"category_id" integer,
	"stickers" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"branch" text
);
--> statement-breakpoint
CREATE TABLE "models" (
	"id" integer PRIMARY KEY NOT NULL,
	"series_id" integer NOT NULL,
	"brand_id" integer NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_images" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"url" text NOT NULL,
	"sort" smallint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_offers" (
	"product_id" integer PRIMARY KEY NOT NULL,
	"price" integer NOT NULL,
	"price_old" integer,
	"before_discount_price" integer,
	"pink_price" integer,
	"quantity" integer DEFAULT 0 NOT NULL,
	"available" boolean DEFAULT true NOT NULL,
	"order_type" text DEFAULT 'false' NOT NULL,
	"preorder_date" timestamp with time zone,
	"discount_tradein" integer,
	"super_price" jsonb,
	"special_price_online" integer,
	"trade_in_sticker_price" integer,
	"has_credit" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_specifications" (
	"product_id" integer NOT NULL,
	"specification_id" integer NOT NULL,
	"value_id" integer,
	"num_value" double precision,
	CONSTRAINT "product_specifications_product_id_specification_id_pk" PRIMARY KEY("product_id","specification_id")
);
--> statement-breakpoint
CREATE TABLE "product_tags" (
	"product_id" integer NOT NULL,
	"tag_id" integer NOT NULL,
	CONSTRAINT "product_tags_tag_id_product_id_pk" PRIMARY KEY("tag_id","product_id")
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"full_name" text NOT NULL,
	"short_url" text,
	"status" smallint DEFAULT 1 NOT NULL,
	"category_id" integer NOT NULL,
	"brand_id" integer NOT NULL,
	"series_id" integer,
	"model_id" integer,
	"supplier_id" integer,
	"image" text,
	"color" text,
	"description" text,
	"vat" smallint DEFAULT 20 NOT NULL,
	"max_quantity" integer DEFAULT 10 NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"rating" smallint DEFAULT 0 NOT NULL,
	"reviews_count" integer DEFAULT 0 NOT NULL,
	"questions_count" integer DEFAULT 0 NOT NULL,
	"is_markdown" boolean DEFAULT false NOT NULL,
	"markdown_grade" text,
	"is_used" boolean DEFAULT false NOT NULL,
	"is_demo" boolean DEFAULT false NOT NULL,
	"is_warranty" boolean DEFAULT false NOT NULL,
	"is_pre_order" boolean DEFAULT false NOT NULL,
	"is_only_rtt_pre_order" boolean DEFAULT false NOT NULL,
	"stickers" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"tooltip" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"manuals" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"youtube" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"compared_model" jsonb,
	"specifications" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "redirects" (
	"from_path" text PRIMARY KEY NOT NULL,
	"to_url" text NOT NULL,
	"code" smallint DEFAULT 301 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "seed_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"seed" integer NOT NULL,
	"products" integer NOT NULL,
	"duration_ms" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "seo_records" (
	"path" text PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"h1" text,
	"canonical" text,
	"text" text
);
--> statement-breakpoint
CREATE TABLE "series" (
	"id" integer PRIMARY KEY NOT NULL,
	"brand_id" integer NOT NULL,
	"category_id" integer NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "specification_groups" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "specification_values" (
	"id" integer PRIMARY KEY NOT NULL,
	"specification_id" integer NOT NULL,
	"name" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "specifications" (
	"id" integer PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"group_id" integer NOT NULL,
	"category_id" integer,
	"kind" text NOT NULL,
	"unit" text,
	"is_filter" boolean DEFAULT true NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stock" (
	"product_id" integer NOT NULL,
	"store_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	CONSTRAINT "stock_product_id_store_id_pk" PRIMARY KEY("product_id","store_id")
);
--> statement-breakpoint
CREATE TABLE "stores" (
	"id" integer PRIMARY KEY NOT NULL,
	"type" smallint NOT NULL,
	"city_id" integer NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"brand" text NOT NULL,
	"address" text NOT NULL,
	"address_search" text NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"directions" text,
	"work_time" jsonb NOT NULL,
	"work_time_line" text NOT NULL,
	"convenience" text,
	"services" text[] NOT NULL,
	"stations" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"images" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"phone" text,
	"status" smallint DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "supplier_offers" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"supplier_id" integer NOT NULL,
	"price" integer NOT NULL,
	"price_old" integer,
	"qty" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "suppliers" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tags" (
	"id" integer PRIMARY KEY NOT NULL,
	"alias" text NOT NULL,
	"name" text NOT NULL,
	"category_id" integer
);
--> statement-breakpoint
CREATE TABLE "territories" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "zones" (
	"code" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE INDEX "banners_type_idx" ON "banners" USING btree ("type","sort");--> statement-breakpoint
CREATE UNIQUE INDEX "brands_code_idx" ON "brands" USING btree ("code");--> statement-breakpoint
CREATE INDEX "categories_parent_idx" ON "categories" USING btree ("parent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "cities_alias_idx" ON "cities" USING btree ("alias");--> statement-breakpoint
CREATE UNIQUE INDEX "feature_flags_key_branch_idx" ON "feature_flags" USING btree ("key",coalesce("branch", ''));--> statement-breakpoint
CREATE INDEX "menu_items_code_idx" ON "menu_items" USING btree ("menu_code","parent_id","sort");--> statement-breakpoint
CREATE INDEX "models_series_idx" ON "models" USING btree ("series_id");--> statement-breakpoint
CREATE INDEX "product_images_product_idx" ON "product_images" USING btree ("product_id","sort");--> statement-breakpoint
CREATE INDEX "product_specifications_value_idx" ON "product_specifications" USING btree ("specification_id","value_id");--> statement-breakpoint
CREATE INDEX "products_category_idx" ON "products" USING btree ("category_id","position");--> statement-breakpoint
CREATE INDEX "products_brand_idx" ON "products" USING btree ("brand_id");--> statement-breakpoint
CREATE INDEX "products_model_idx" ON "products" USING btree ("model_id");--> statement-breakpoint
CREATE INDEX "series_brand_idx" ON "series" USING btree ("brand_id","category_id");--> statement-breakpoint
CREATE INDEX "specification_values_spec_idx" ON "specification_values" USING btree ("specification_id");--> statement-breakpoint
CREATE INDEX "specifications_category_idx" ON "specifications" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "stock_store_idx" ON "stock" USING btree ("store_id");--> statement-breakpoint
CREATE INDEX "stores_city_idx" ON "stores" USING btree ("city_id","type");--> statement-breakpoint
CREATE UNIQUE INDEX "stores_slug_idx" ON "stores" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "supplier_offers_product_idx" ON "supplier_offers" USING btree ("product_id");--> statement-breakpoint
CREATE UNIQUE INDEX "tags_alias_idx" ON "tags" USING btree ("alias");