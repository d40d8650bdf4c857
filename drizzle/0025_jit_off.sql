-- Decision 0046: the service's statements are short, and PostgreSQL's JIT compiles any whose
-- estimated cost passes jit_above_cost for tens of milliseconds, on every run: retention's
-- delete of a thousand webhook events ran 90 ms with it, 12 ms without. Off for this
-- database's new sessions; where the migrating role may not alter the database, the
-- server's setting stays and the statement says so.
DO $$
BEGIN
  EXECUTE format('ALTER DATABASE %I SET jit = off', current_database());
EXCEPTION WHEN insufficient_privilege THEN
  RAISE NOTICE 'jit stays as the server sets it: this role may not alter database %', current_database();
END $$;
