-- Every user so far was its account's owner (sign-ups made one user per account): each
-- becomes a member of that account with role owner, before users.account_id goes.
INSERT INTO "memberships" ("account_id", "user_id", "role", "created_at")
SELECT "account_id", "id", 'owner', "created_at" FROM "users" WHERE "account_id" IS NOT NULL
ON CONFLICT DO NOTHING;
