CREATE TABLE "articles" (
	"id" serial PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"slug" text NOT NULL,
	"title" text NOT NULL,
	"preview_text" text DEFAULT '' NOT NULL,
	"detail_text" text DEFAULT '' NOT NULL,
	"listing_image" text,
	"detail_image" text,
	"preview_image" text,
	"active_from" timestamp with time zone NOT NULL,
	"active_to" timestamp with time zone,
	"date_published" timestamp with time zone NOT NULL,
	"channels" text[] DEFAULT '{}' NOT NULL,
	"product_tag_id" integer,
	"action_id" integer,
	"brand_ids" integer[] DEFAULT '{}' NOT NULL,
	"category_ids" integer[] DEFAULT '{}' NOT NULL,
	"review_tag_ids" integer[] DEFAULT '{}' NOT NULL,
	"badges" text[] DEFAULT '{}' NOT NULL,
	"product_ids" integer[] DEFAULT '{}' NOT NULL,
	"how_to_use" text,
	"usage_condition" text,
	"status" smallint DEFAULT 1 NOT NULL,
	"views_count" integer DEFAULT 0 NOT NULL,
	"likes" integer DEFAULT 0 NOT NULL,
	"dislikes" integer DEFAULT 0 NOT NULL,
	"source" text DEFAULT 'seed' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "articles_slug_idx" ON "articles" USING btree ("slug");
--> statement-breakpoint
CREATE INDEX "articles_type_published_idx" ON "articles" USING btree ("type","date_published");
--> statement-breakpoint
CREATE TABLE "review_tags" (
	"id" integer PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"gen_name" text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "review_tags_type_code_idx" ON "review_tags" USING btree ("type","code");
--> statement-breakpoint
CREATE TABLE "article_votes" (
	"article_id" integer NOT NULL,
	"visitor_id" text NOT NULL,
	"vote" smallint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "article_votes_article_id_visitor_id_pk" PRIMARY KEY("article_id","visitor_id")
);
--> statement-breakpoint
CREATE TABLE "advent_calendar_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"date" text NOT NULL,
	"name" text NOT NULL,
	"text" text NOT NULL,
	"preview_image" text NOT NULL,
	"mobile_image" text NOT NULL,
	"background_color" text NOT NULL,
	"link" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"start_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "advent_calendar_items_date_idx" ON "advent_calendar_items" USING btree ("date");
--> statement-breakpoint
CREATE TABLE "promo_pages" (
	"slug" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"image" text,
	"body_html" text DEFAULT '' NOT NULL,
	"blocks" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "honor_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"subtitle" text DEFAULT '' NOT NULL,
	"text" text DEFAULT '' NOT NULL,
	"image" text NOT NULL,
	"period" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
