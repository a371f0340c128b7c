-- Trade-in evaluator transactions (issue 16 item 4, SPEC §7 /smartprice/*): the built-in evaluator
-- keeps each valuation it answered (the device, the price of that moment, the new product), so the
-- transaction id reads the same answer on any instance and a later price list never changes it.
CREATE TABLE "trade_in_evaluations" (
	"txid" text PRIMARY KEY NOT NULL,
	"model_id" integer NOT NULL,
	"brand" text NOT NULL,
	"model" text NOT NULL,
	"memory_gb" integer NOT NULL,
	"condition" text NOT NULL,
	"price" integer,
	"product_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
