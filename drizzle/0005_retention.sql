CREATE TABLE "retention_cursors" (
	"name" text PRIMARY KEY NOT NULL,
	"after" text NOT NULL
);
--> statement-breakpoint
CREATE INDEX "webhook_deliveries_event_idx" ON "webhook_deliveries" USING btree ("event_id");