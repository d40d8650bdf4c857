CREATE TABLE "inbound_attachments" (
	"id" text PRIMARY KEY NOT NULL,
	"inbound_email_id" text NOT NULL,
	"account_id" text NOT NULL,
	"filename" text,
	"content_type" text NOT NULL,
	"content_disposition" text NOT NULL,
	"content_id" text,
	"size" integer NOT NULL,
	"content" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "inbound_emails" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"status" text DEFAULT 'received' NOT NULL,
	"mail_from" text NOT NULL,
	"received_for" jsonb NOT NULL,
	"client_ip" text NOT NULL,
	"helo" text DEFAULT '' NOT NULL,
	"auth" jsonb,
	"size" integer NOT NULL,
	"raw" "bytea",
	"message_id" text,
	"from" text,
	"to" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"cc" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"bcc" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"reply_to" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"subject" text,
	"text" text,
	"html" text,
	"headers" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"plus_part" text,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"parsed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "domains" ADD COLUMN "receiving" text DEFAULT 'disabled' NOT NULL;--> statement-breakpoint
ALTER TABLE "domains" ADD COLUMN "receiving_verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "inbound_attachments" ADD CONSTRAINT "inbound_attachments_inbound_email_id_inbound_emails_id_fk" FOREIGN KEY ("inbound_email_id") REFERENCES "public"."inbound_emails"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "inbound_attachments_email_idx" ON "inbound_attachments" USING btree ("inbound_email_id");--> statement-breakpoint
CREATE INDEX "inbound_emails_account_created_idx" ON "inbound_emails" USING btree ("account_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "inbound_emails_unparsed_idx" ON "inbound_emails" USING btree ("created_at") WHERE "inbound_emails"."status" = 'received';