-- Trigram search (pg_trgm) is used by catalogue search; drizzle-kit does not create extensions.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
-- Russian ordering for names (ё after е, case-insensitive first). PGlite's default collation is C and
-- PostgreSQL 15 lacks the predefined "unicode" one, so we define our own ICU collation on both.
CREATE COLLATION IF NOT EXISTS shop_text (provider = icu, locale = 'ru');
