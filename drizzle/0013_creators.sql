ALTER TABLE "api_keys" ADD COLUMN "created_by_user_id" text;--> statement-breakpoint
ALTER TABLE "api_keys" ADD COLUMN "created_by_key_id" text;--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD COLUMN "created_by_user_id" text;--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD COLUMN "created_by_key_id" text;--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_created_by_key_id_api_keys_id_fk" FOREIGN KEY ("created_by_key_id") REFERENCES "public"."api_keys"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD CONSTRAINT "webhook_endpoints_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD CONSTRAINT "webhook_endpoints_created_by_key_id_api_keys_id_fk" FOREIGN KEY ("created_by_key_id") REFERENCES "public"."api_keys"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "api_keys_created_by_user_idx" ON "api_keys" USING btree ("created_by_user_id");--> statement-breakpoint
CREATE INDEX "api_keys_created_by_key_idx" ON "api_keys" USING btree ("created_by_key_id") WHERE "api_keys"."created_by_key_id" is not null;--> statement-breakpoint
CREATE INDEX "webhook_endpoints_created_by_user_idx" ON "webhook_endpoints" USING btree ("created_by_user_id");--> statement-breakpoint
CREATE INDEX "webhook_endpoints_created_by_key_idx" ON "webhook_endpoints" USING btree ("created_by_key_id") WHERE "webhook_endpoints"."created_by_key_id" is not null;