ALTER TABLE "template_versions" DROP CONSTRAINT "template_versions_template_id_templates_id_fk";
--> statement-breakpoint
ALTER TABLE "emails" ADD COLUMN "template_variables" jsonb;--> statement-breakpoint
ALTER TABLE "template_versions" ADD CONSTRAINT "template_versions_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;