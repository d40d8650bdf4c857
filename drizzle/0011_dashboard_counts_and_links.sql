CREATE TABLE "email_daily_counts" (
	"account_id" text NOT NULL,
	"day" date NOT NULL,
	"shard" smallint NOT NULL,
	"sent" integer DEFAULT 0 NOT NULL,
	"delivered" integer DEFAULT 0 NOT NULL,
	"bounced" integer DEFAULT 0 NOT NULL,
	"complained" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "email_daily_counts_account_id_day_shard_pk" PRIMARY KEY("account_id","day","shard")
);
--> statement-breakpoint
ALTER TABLE "suppressions" ADD COLUMN "email_id" text;--> statement-breakpoint
ALTER TABLE "webhook_events" ADD COLUMN "test" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "email_daily_counts" ADD CONSTRAINT "email_daily_counts_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "webhook_attempts_endpoint_idx" ON "webhook_attempts" USING btree ("endpoint_id","id");--> statement-breakpoint
-- The dashboard's daily counts for the days its charts show (the last month), from the
-- timeline of messages already stored; from here on the status-change statement keeps them.
INSERT INTO "email_daily_counts" ("account_id", "day", "shard", "sent", "delivered", "bounced", "complained")
SELECT e."account_id", (ev."at" AT TIME ZONE 'UTC')::date, 0,
       count(DISTINCT ev."email_id") FILTER (WHERE ev."type" = 'sent'),
       count(DISTINCT ev."email_id") FILTER (WHERE ev."type" = 'delivered'),
       count(DISTINCT ev."email_id") FILTER (WHERE ev."type" = 'bounced'),
       count(DISTINCT ev."email_id") FILTER (WHERE ev."type" = 'complained')
FROM "email_events" ev
JOIN "emails" e ON e."id" = ev."email_id"
JOIN "accounts" a ON a."id" = e."account_id"
WHERE ev."type" IN ('sent', 'delivered', 'bounced', 'complained') AND ev."at" >= now() - interval '32 days'
GROUP BY 1, 2;
