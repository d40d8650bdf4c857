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
