-- Inbox full-text search within one account (docs/benchmarks.md): a GIN index on (account_id, the
-- words) instead of the words alone, so the index answers "this account's messages with these
-- words" and a word common in other accounts costs nothing here. btree_gin (PostgreSQL's contrib,
-- trusted since 13; PGlite loads it in db/client.ts) lets a GIN index hold the account id. Where it
-- cannot be created, the migration only warns and keeps messages_fts_idx: the search gives the
-- same answers, more slowly.
DO $$
BEGIN
  CREATE EXTENSION IF NOT EXISTS btree_gin;
EXCEPTION WHEN OTHERS THEN
  RAISE WARNING 'Parley: btree_gin is not available (%); message search keeps its words-only index', SQLERRM;
END $$;
--> statement-breakpoint
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'btree_gin') THEN
    CREATE INDEX IF NOT EXISTS "messages_fts_account_idx" ON "messages"
      USING gin ("account_id", to_tsvector('simple', "body"));
    DROP INDEX IF EXISTS "messages_fts_idx";
  END IF;
END $$;
