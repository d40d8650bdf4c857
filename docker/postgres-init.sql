-- The self-hosted Inngest server (compose profile `inngest`) keeps its state in a database of its own.
-- Runs once, when the postgres volume is first initialised.
create database inngest;
