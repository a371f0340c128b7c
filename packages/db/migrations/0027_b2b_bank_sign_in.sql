-- Issue 17 item 4: a corporate order's company confirmed by the business bank's sign-in («СберБизнес ID»
-- style OAuth, decision 0047). One row per order: what the bank answered for the signed-in representative
-- (ИНН, КПП, the registered name, ОГРН) and when; the order's own company_inn / company_name (0009) stay
-- what the shopper typed.
CREATE TABLE "order_company_confirmations" (
	"order_id" integer PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"inn" text NOT NULL,
	"kpp" text,
	"company_name" text NOT NULL,
	"ogrn" text,
	"representative" text NOT NULL,
	"bank_subject" text NOT NULL,
	"confirmed_at" timestamp with time zone DEFAULT now() NOT NULL
);
