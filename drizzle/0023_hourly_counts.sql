CREATE TABLE "email_hourly_counts" (
	"account_id" text NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"test_mode" boolean NOT NULL,
	"shard" smallint NOT NULL,
	"sent" integer DEFAULT 0 NOT NULL,
	"delivered" integer DEFAULT 0 NOT NULL,
	"bounced" integer DEFAULT 0 NOT NULL,
	"complained" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "email_hourly_counts_account_id_hour_test_mode_shard_pk" PRIMARY KEY("account_id","hour","test_mode","shard")
);
--> statement-breakpoint
ALTER TABLE "email_hourly_counts" ADD CONSTRAINT "email_hourly_counts_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Days before yesterday (UTC) keep their daily totals, at the day's first hour: the charts sum
-- hours into days, and test mode was not told apart then.
INSERT INTO "email_hourly_counts" ("account_id", "hour", "test_mode", "shard", "sent", "delivered", "bounced", "complained")
SELECT "account_id", "day"::timestamp AT TIME ZONE 'UTC', false, "shard", "sent", "delivered", "bounced", "complained"
FROM "email_daily_counts"
WHERE "day" < (now() AT TIME ZONE 'UTC')::date - 1;--> statement-breakpoint
-- Yesterday and today, which the deliverability breaker's window reads, by the hour and test
-- mode from the stored timeline; from here on the status-change statement keeps them.
INSERT INTO "email_hourly_counts" ("account_id", "hour", "test_mode", "shard", "sent", "delivered", "bounced", "complained")
SELECT e."account_id", date_trunc('hour', ev."at" AT TIME ZONE 'UTC') AT TIME ZONE 'UTC', e."test_mode", 0,
       count(DISTINCT ev."email_id") FILTER (WHERE ev."type" = 'sent'),
       count(DISTINCT ev."email_id") FILTER (WHERE ev."type" = 'delivered'),
       count(DISTINCT ev."email_id") FILTER (WHERE ev."type" = 'bounced'),
       count(DISTINCT ev."email_id") FILTER (WHERE ev."type" = 'complained')
FROM "email_events" ev
JOIN "emails" e ON e."id" = ev."email_id"
WHERE ev."type" IN ('sent', 'delivered', 'bounced', 'complained')
  AND ev."at" >= ((now() AT TIME ZONE 'UTC')::date - 1)::timestamp AT TIME ZONE 'UTC'
GROUP BY 1, 2, 3;--> statement-breakpoint
DROP TABLE "email_daily_counts" CASCADE;
