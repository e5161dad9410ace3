-- Inbox search (docs/benchmarks.md): trigram indexes so that the contact's name, email and phone digits
-- are found by substring (ILIKE '%…%') without reading every contact. pg_trgm ships with
-- PostgreSQL's contrib (a trusted extension since 13) and with PGlite (loaded in db/client.ts).
-- Where it cannot be created (no contrib package, no CREATE privilege), the migration only warns:
-- the search gives the same answers, without these indexes, and so more slowly.
DO $$
BEGIN
  CREATE EXTENSION IF NOT EXISTS pg_trgm;
EXCEPTION WHEN OTHERS THEN
  RAISE WARNING 'Parley: pg_trgm is not available (%); contact search runs without its indexes', SQLERRM;
END $$;
--> statement-breakpoint
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm') THEN
    CREATE INDEX IF NOT EXISTS "contacts_name_trgm_idx" ON "contacts" USING gin ("name" gin_trgm_ops);
    CREATE INDEX IF NOT EXISTS "contacts_email_trgm_idx" ON "contacts" USING gin ("email" gin_trgm_ops);
    -- The expression the search compares the digits of a phone number with.
    CREATE INDEX IF NOT EXISTS "contacts_phone_digits_trgm_idx" ON "contacts"
      USING gin (regexp_replace(coalesce("phone", ''), '\D', '', 'g') gin_trgm_ops);
  END IF;
END $$;
