-- Suppressions list "ordered by address": byte order on every database, as on PGlite (C),
-- whatever collation the PostgreSQL database was created with. The primary key index
-- is rebuilt with it, so the list and its cursor still read the index in order.
ALTER TABLE "suppressions" ALTER COLUMN "address" SET DATA TYPE text COLLATE "C";
