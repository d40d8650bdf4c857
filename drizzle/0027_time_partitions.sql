ALTER TABLE "email_events" DROP CONSTRAINT "email_events_email_id_emails_id_fk";
--> statement-breakpoint
ALTER TABLE "webhook_deliveries" DROP CONSTRAINT "webhook_deliveries_event_id_webhook_events_id_fk";
--> statement-breakpoint
ALTER TABLE "webhook_events" DROP CONSTRAINT "webhook_events_account_id_accounts_id_fk";--> statement-breakpoint
-- Decision 0048: the tables retention removes whole are partitioned by range of their key (a
-- UUIDv7 starts with its row's creation time), so retention drops a day's partition instead of
-- deleting its rows one at a time. Each table is copied into its partitioned self: keys before
-- today into <table>_before, today's into <table>_pYYYYMMDD (the server makes the coming days'
-- partitions after migrating, server/db/partitions.ts), keys from 2100 on (only UUIDv4s) into
-- <table>_beyond, and whatever falls between the dated partitions into <table>_default. The
-- foreign keys to emails and accounts (and the deliveries' to events) went above: detaching or
-- dropping a partition would lock the table they reference against every send.
DO $$
DECLARE
  spec record;
  today timestamp := date_trunc('day', now() AT TIME ZONE 'UTC');
  today_hex text := lpad(to_hex((extract(epoch FROM today) * 1000)::bigint), 12, '0');
  tomorrow_hex text := lpad(to_hex((extract(epoch FROM today + interval '1 day') * 1000)::bigint), 12, '0');
  beyond_hex text := lpad(to_hex((extract(epoch FROM timestamp '2100-01-01') * 1000)::bigint), 12, '0');
  today_floor text := substr(today_hex, 1, 8) || '-' || substr(today_hex, 9, 4) || '-0000-0000-000000000000';
  tomorrow_floor text := substr(tomorrow_hex, 1, 8) || '-' || substr(tomorrow_hex, 9, 4) || '-0000-0000-000000000000';
  beyond_floor text := substr(beyond_hex, 1, 8) || '-' || substr(beyond_hex, 9, 4) || '-0000-0000-000000000000';
BEGIN
  FOR spec IN SELECT * FROM (VALUES
    ('email_contents', 'email_id'), ('email_events', 'id'), ('webhook_attempts', 'id'),
    ('webhook_deliveries', 'id'), ('webhook_events', 'id')
  ) AS t(name, key) LOOP
    EXECUTE format('ALTER TABLE %I RENAME TO %I', spec.name, spec.name || '_unpartitioned');
    EXECUTE format('CREATE TABLE %I (LIKE %I INCLUDING DEFAULTS INCLUDING CONSTRAINTS) PARTITION BY RANGE (%I)',
      spec.name, spec.name || '_unpartitioned', spec.key);
    EXECUTE format('CREATE TABLE %I PARTITION OF %I FOR VALUES FROM (MINVALUE) TO (%L)',
      spec.name || '_before', spec.name, today_floor);
    EXECUTE format('CREATE TABLE %I PARTITION OF %I FOR VALUES FROM (%L) TO (%L)',
      spec.name || '_p' || to_char(today, 'YYYYMMDD'), spec.name, today_floor, tomorrow_floor);
    EXECUTE format('CREATE TABLE %I PARTITION OF %I FOR VALUES FROM (%L) TO (MAXVALUE)',
      spec.name || '_beyond', spec.name, beyond_floor);
    EXECUTE format('CREATE TABLE %I PARTITION OF %I DEFAULT', spec.name || '_default', spec.name);
    EXECUTE format('INSERT INTO %I SELECT * FROM %I', spec.name, spec.name || '_unpartitioned');
    EXECUTE format('DROP TABLE %I', spec.name || '_unpartitioned');
  END LOOP;
END $$;
--> statement-breakpoint
ALTER TABLE "email_contents" ADD CONSTRAINT "email_contents_pkey" PRIMARY KEY ("email_id");--> statement-breakpoint
ALTER TABLE "email_events" ADD CONSTRAINT "email_events_pkey" PRIMARY KEY ("id");--> statement-breakpoint
ALTER TABLE "webhook_attempts" ADD CONSTRAINT "webhook_attempts_pkey" PRIMARY KEY ("id");--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_pkey" PRIMARY KEY ("id");--> statement-breakpoint
ALTER TABLE "webhook_events" ADD CONSTRAINT "webhook_events_pkey" PRIMARY KEY ("id");--> statement-breakpoint
CREATE INDEX "email_events_email_idx" ON "email_events" USING btree ("email_id","at");--> statement-breakpoint
CREATE INDEX "email_events_unordered_at_idx" ON "email_events" USING btree ("at") WHERE substr("id", 15, 1) <> '7';--> statement-breakpoint
CREATE INDEX "webhook_attempts_delivery_idx" ON "webhook_attempts" USING btree ("delivery_id","at");--> statement-breakpoint
CREATE INDEX "webhook_attempts_endpoint_idx" ON "webhook_attempts" USING btree ("endpoint_id","id");--> statement-breakpoint
CREATE INDEX "webhook_attempts_unordered_at_idx" ON "webhook_attempts" USING btree ("at") WHERE substr("id", 15, 1) <> '7';--> statement-breakpoint
CREATE INDEX "webhook_deliveries_due_idx" ON "webhook_deliveries" USING btree ("next_attempt_at") WHERE "status" = 'pending';--> statement-breakpoint
CREATE INDEX "webhook_deliveries_endpoint_idx" ON "webhook_deliveries" USING btree ("endpoint_id","created_at");--> statement-breakpoint
CREATE INDEX "webhook_deliveries_event_idx" ON "webhook_deliveries" USING btree ("event_id");--> statement-breakpoint
CREATE INDEX "webhook_deliveries_unordered_created_idx" ON "webhook_deliveries" USING btree ("created_at") WHERE substr("id", 15, 1) <> '7';--> statement-breakpoint
CREATE INDEX "webhook_events_account_idx" ON "webhook_events" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE INDEX "webhook_events_unordered_created_idx" ON "webhook_events" USING btree ("created_at") WHERE substr("id", 15, 1) <> '7';--> statement-breakpoint
ALTER TABLE "webhook_attempts" ADD CONSTRAINT "webhook_attempts_endpoint_id_webhook_endpoints_id_fk" FOREIGN KEY ("endpoint_id") REFERENCES "public"."webhook_endpoints"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_endpoint_id_webhook_endpoints_id_fk" FOREIGN KEY ("endpoint_id") REFERENCES "public"."webhook_endpoints"("id") ON DELETE cascade ON UPDATE no action;
