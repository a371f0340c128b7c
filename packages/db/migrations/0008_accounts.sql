CREATE TABLE "addresses" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"city_id" integer,
	"city_name" text NOT NULL,
	"street" text NOT NULL,
	"house_number" text NOT NULL,
	"housing" text,
	"building" text,
	"floor" text,
	"flat_number" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "auth_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"channel" text NOT NULL,
	"recipient" text NOT NULL,
	"purpose" text NOT NULL,
	"code_hash" text NOT NULL,
	"ip" text,
	"expires_at" timestamp with time zone NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "employees" (
	"id" serial PRIMARY KEY NOT NULL,
	"personnel_number" text NOT NULL,
	"name" text NOT NULL,
	"token_hash" text NOT NULL,
	"trade_point_number" text,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "refresh_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"family_id" text NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "trade_points" (
	"number" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"store_id" integer,
	"code_hash" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"phone" text NOT NULL,
	"email" text,
	"new_email" text,
	"is_confirmed_email" boolean DEFAULT false NOT NULL,
	"first_name" text,
	"last_name" text,
	"birthdate" text,
	"sex" smallint,
	"password_hash" text,
	"subscribe_types" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"subscribe_product_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"favorite_product_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"compare_product_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "addresses_user_idx" ON "addresses" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "auth_codes_recipient_idx" ON "auth_codes" USING btree ("recipient","purpose","id");--> statement-breakpoint
CREATE UNIQUE INDEX "employees_personnel_number_idx" ON "employees" USING btree ("personnel_number");--> statement-breakpoint
CREATE UNIQUE INDEX "employees_token_idx" ON "employees" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "refresh_tokens_hash_idx" ON "refresh_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "refresh_tokens_family_idx" ON "refresh_tokens" USING btree ("family_id");--> statement-breakpoint
CREATE INDEX "refresh_tokens_user_idx" ON "refresh_tokens" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_phone_idx" ON "users" USING btree ("phone");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_idx" ON "users" USING btree ("email");