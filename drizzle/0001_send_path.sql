ALTER TABLE "emails" DROP CONSTRAINT "emails_account_id_accounts_id_fk";
--> statement-breakpoint
DROP INDEX "emails_provider_id_idx";--> statement-breakpoint
CREATE INDEX "emails_provider_id_idx" ON "emails" USING btree ("ses_message_id") WHERE "emails"."ses_message_id" is not null;