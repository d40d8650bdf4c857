ALTER TABLE "sink_messages" ADD COLUMN "recipients" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "sink_messages" DROP CONSTRAINT "sink_messages_pkey";--> statement-breakpoint
ALTER TABLE "sink_messages" ADD CONSTRAINT "sink_messages_email_id_recipients_pk" PRIMARY KEY("email_id","recipients");
