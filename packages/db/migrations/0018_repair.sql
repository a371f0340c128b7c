CREATE TABLE "repair_device_types" (
	"id" integer PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"format" text DEFAULT 'regular' NOT NULL,
	"category_id" integer NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "repair_device_types_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "repair_problems" (
	"id" integer PRIMARY KEY NOT NULL,
	"device_type_id" integer NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"cost_from" integer NOT NULL,
	"cost_to" integer NOT NULL,
	"duration" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX "repair_problems_type_idx" ON "repair_problems" USING btree ("device_type_id","sort");
--> statement-breakpoint
CREATE TABLE "repair_model_problems" (
	"model_id" integer NOT NULL,
	"problem_id" integer NOT NULL,
	"cost_from" integer NOT NULL,
	"cost_to" integer NOT NULL,
	CONSTRAINT "repair_model_problems_model_id_problem_id_pk" PRIMARY KEY("model_id","problem_id")
);
--> statement-breakpoint
CREATE TABLE "repair_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"number" text NOT NULL,
	"kind" text NOT NULL,
	"variant" text DEFAULT 'own' NOT NULL,
	"device_type_id" integer NOT NULL,
	"brand_id" integer,
	"model_id" integer,
	"problem_id" integer,
	"imei" text,
	"insurance" text,
	"cost_from" integer,
	"cost_to" integer,
	"discount_price" integer,
	"customer_id" integer,
	"uploader_key" text NOT NULL,
	"name" text NOT NULL,
	"phone" text NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"city_id" integer,
	"handover" text NOT NULL,
	"store_id" integer,
	"address" jsonb,
	"payload" jsonb NOT NULL,
	"status" text DEFAULT 'opened' NOT NULL,
	"operator_comment" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "repair_requests_number_unique" UNIQUE("number")
);
--> statement-breakpoint
CREATE INDEX "repair_requests_customer_idx" ON "repair_requests" USING btree ("customer_id");
--> statement-breakpoint
CREATE INDEX "repair_requests_phone_idx" ON "repair_requests" USING btree ("phone");
--> statement-breakpoint
CREATE TABLE "repair_files" (
	"id" text PRIMARY KEY NOT NULL,
	"uploader_key" text NOT NULL,
	"customer_id" integer,
	"field" text NOT NULL,
	"storage_key" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"original_name" text NOT NULL,
	"request_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "repair_files_uploader_idx" ON "repair_files" USING btree ("uploader_key");
--> statement-breakpoint
CREATE INDEX "repair_files_request_idx" ON "repair_files" USING btree ("request_id");
