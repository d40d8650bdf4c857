CREATE TABLE "domain_releases" (
	"name" text PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"scope" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"next_attempt_at" timestamp with time zone NOT NULL,
	"lease_until" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text
);
--> statement-breakpoint
DROP INDEX "domains_live_name_idx";--> statement-breakpoint
ALTER TABLE "domains" ADD COLUMN "verification_token" text;--> statement-breakpoint
CREATE INDEX "domain_releases_due_idx" ON "domain_releases" USING btree ("next_attempt_at");--> statement-breakpoint
CREATE UNIQUE INDEX "domains_verified_name_idx" ON "domains" USING btree ("name") WHERE "domains"."status" = 'verified';--> statement-breakpoint
CREATE UNIQUE INDEX "domains_account_live_name_idx" ON "domains" USING btree ("account_id","name") WHERE "domains"."status" <> 'failed';--> statement-breakpoint
CREATE INDEX "domains_name_idx" ON "domains" USING btree ("name");