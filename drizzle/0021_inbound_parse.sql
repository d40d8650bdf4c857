ALTER TABLE "inbound_emails" ADD COLUMN "parse_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "inbound_emails" ADD COLUMN "parse_lease_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD COLUMN "include_content" boolean DEFAULT false NOT NULL;