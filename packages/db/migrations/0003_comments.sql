CREATE TABLE "comment_votes" (
	"comment_id" integer NOT NULL,
	"voter" text NOT NULL,
	"vote" smallint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "comment_votes_comment_id_voter_pk" PRIMARY KEY("comment_id","voter")
);
--> statement-breakpoint
CREATE TABLE "comments" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"type" text NOT NULL,
	"parent_id" integer,
	"owner_id" integer,
	"author_name" text NOT NULL,
	"rate" smallint,
	"text" text NOT NULL,
	"pros" text,
	"cons" text,
	"images" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"like" integer DEFAULT 0 NOT NULL,
	"not_like" integer DEFAULT 0 NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "comments_product_idx" ON "comments" USING btree ("product_id","type","created_at");--> statement-breakpoint
CREATE INDEX "comments_parent_idx" ON "comments" USING btree ("parent_id");