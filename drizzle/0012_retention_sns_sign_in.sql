CREATE TABLE "known_sign_in_clients" (
	"user_id" text NOT NULL,
	"client" text NOT NULL,
	"stamp" text NOT NULL,
	"signed_in_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "known_sign_in_clients_user_id_client_pk" PRIMARY KEY("user_id","client")
);
--> statement-breakpoint
CREATE TABLE "sns_messages" (
	"message_id" text PRIMARY KEY NOT NULL,
	"sent_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "known_sign_in_clients" ADD CONSTRAINT "known_sign_in_clients_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sns_messages_sent_idx" ON "sns_messages" USING btree ("sent_at");--> statement-breakpoint
CREATE INDEX "email_events_unordered_at_idx" ON "email_events" USING btree ("at") WHERE substr("email_events"."id", 15, 1) <> '7';--> statement-breakpoint
CREATE INDEX "webhook_attempts_unordered_at_idx" ON "webhook_attempts" USING btree ("at") WHERE substr("webhook_attempts"."id", 15, 1) <> '7';--> statement-breakpoint
CREATE INDEX "webhook_deliveries_unordered_created_idx" ON "webhook_deliveries" USING btree ("created_at") WHERE substr("webhook_deliveries"."id", 15, 1) <> '7';--> statement-breakpoint
CREATE INDEX "webhook_events_unordered_created_idx" ON "webhook_events" USING btree ("created_at") WHERE substr("webhook_events"."id", 15, 1) <> '7';