-- Decision 0049: full-text search keyed by account. The index holds each message's words
-- and one more lexeme, '@' and its account id, which search ANDs in: the index returns the
-- searching account's matches alone, instead of every account's for the heap to sort out.
-- On a small table the indexes are swapped here. A larger one keeps its old index (instances
-- of the previous version search with it) and the server builds the new one CONCURRENTLY
-- after migrating, so sends go on meanwhile (server/db/account-search-index.ts).
DO $$
BEGIN
  IF (SELECT count(*) FROM (SELECT 1 FROM emails LIMIT 100001) s) <= 100000 THEN
    DROP INDEX IF EXISTS "emails_search_idx";
    CREATE INDEX "emails_account_search_idx" ON "emails" USING gin ((search_vector || array_to_tsvector(array['@' || account_id])));
  END IF;
END $$;
