-- Inbox full-text search within one account (docs/benchmarks.md: p95 ≤ 100 ms over 5M messages).
-- Each word of a message is indexed as `{account}:{word}`, so a word's posting list in the GIN
-- index holds this account's messages alone. The (account_id, words) index of migration 0024
-- intersected every search with the account's own posting list — all of its messages — which
-- cost a large account more than the words did. Words are the 'simple' configuration's lexemes,
-- the ones `to_tsvector('simple', body) @@ plainto_tsquery('simple', words)` compares (the walk of
-- the newest conversations still checks that way).
CREATE OR REPLACE FUNCTION parley_account_words(account integer, body text) RETURNS tsvector
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT array_to_tsvector(array(
    SELECT account::text || ':' || w.lexeme FROM unnest(to_tsvector('simple', body)) w))
$$;--> statement-breakpoint
-- Every word of `words` within the account, as a tsquery of quoted lexemes (a quote or backslash
-- inside a lexeme is doubled); NULL when the text has no words, which matches nothing.
CREATE OR REPLACE FUNCTION parley_account_query(account integer, words text) RETURNS tsquery
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT string_agg(
    '''' || replace(replace(account::text || ':' || w.lexeme, '\', '\\'), '''', '''''') || '''',
    ' & ')::tsquery
  FROM unnest(to_tsvector('simple', words)) w
$$;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "messages_words_idx" ON "messages" USING gin (parley_account_words("account_id", "body"));--> statement-breakpoint
DROP INDEX IF EXISTS "messages_fts_account_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "messages_fts_idx";
