CREATE TABLE "template_versions" (
	"id" text PRIMARY KEY NOT NULL,
	"template_id" text NOT NULL,
	"account_id" text NOT NULL,
	"number" integer NOT NULL,
	"name" text NOT NULL,
	"subject" text,
	"html" text NOT NULL,
	"text" text,
	"from" text,
	"reply_to" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"variables" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "templates" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"name" text NOT NULL,
	"alias" text,
	"subject" text,
	"html" text NOT NULL,
	"text" text,
	"from" text,
	"reply_to" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"variables" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"published_version_id" text,
	"published_at" timestamp with time zone,
	"has_unpublished_changes" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "emails" ADD COLUMN "template_id" text;--> statement-breakpoint
ALTER TABLE "emails" ADD COLUMN "template_version_id" text;--> statement-breakpoint
ALTER TABLE "template_versions" ADD CONSTRAINT "template_versions_template_id_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."templates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "templates" ADD CONSTRAINT "templates_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "template_versions_number_idx" ON "template_versions" USING btree ("template_id","number");--> statement-breakpoint
CREATE INDEX "templates_account_idx" ON "templates" USING btree ("account_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "templates_alias_idx" ON "templates" USING btree ("account_id","alias") WHERE "templates"."alias" is not null;