-- Decision 0053: search slices by the account's days and hours. The full-text index holds
-- each message's words, its account's lexeme and two more, its account's UTC day and hour,
-- which a time slice ORs together and ANDs into its words: the index returns the slice's
-- matches alone, exactly, so the created_at BRIN index that bounded slices goes.
-- On a small table the indexes are swapped here. A larger one keeps its old indexes (instances
-- of the previous version search with them) and the server builds the new one CONCURRENTLY
-- after migrating, then drops the old ones, so sends go on meanwhile
-- (server/db/account-search-index.ts).
DO $$
BEGIN
  IF (SELECT count(*) FROM (SELECT 1 FROM emails LIMIT 100001) s) <= 100000 THEN
    DROP INDEX IF EXISTS "emails_search_idx";
    DROP INDEX IF EXISTS "emails_account_search_idx";
    DROP INDEX IF EXISTS "emails_created_brin_idx";
    CREATE INDEX "emails_account_time_search_idx" ON "emails" USING gin ((search_vector || array_to_tsvector(array['@' || account_id, '@' || account_id || '/d' || div(extract(epoch from created_at - timestamptz 'epoch'), 86400)::text, '@' || account_id || '/h' || div(extract(epoch from created_at - timestamptz 'epoch'), 3600)::text])));
  END IF;
END $$;
