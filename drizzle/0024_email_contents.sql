CREATE TABLE "email_contents" (
	"email_id" text PRIMARY KEY NOT NULL,
	"html" text,
	"text" text,
	"attachments" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"template_variables" jsonb
);
--> statement-breakpoint
-- Decision 0045: each message's content moves beside its status row. Messages whose content
-- retention already pruned have none to move.
INSERT INTO "email_contents" ("email_id", "html", "text", "attachments", "template_variables")
SELECT "id", "html", "text", "attachments", "template_variables" FROM "emails"
WHERE "html" IS NOT NULL OR "text" IS NOT NULL OR "attachments" <> '[]'::jsonb OR "template_variables" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "emails" DROP COLUMN "html";--> statement-breakpoint
ALTER TABLE "emails" DROP COLUMN "text";--> statement-breakpoint
ALTER TABLE "emails" DROP COLUMN "attachments";--> statement-breakpoint
ALTER TABLE "emails" DROP COLUMN "template_variables";