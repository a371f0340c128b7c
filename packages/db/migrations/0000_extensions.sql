-- Trigram search (pg_trgm) is used by catalogue search; drizzle-kit does not create extensions.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
