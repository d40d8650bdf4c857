-- Pending claims get their own ownership token and its TXT record (first in dns_records), so
-- they verify only once it is published. Verified rows stay as they are (legacy holders,
-- verification_token null): installs keep sending; a proven claimant may take such a name over.
UPDATE "domains" SET "verification_token" = replace(gen_random_uuid()::text, '-', '')
WHERE "status" = 'pending' AND "verification_token" IS NULL;
--> statement-breakpoint
UPDATE "domains" SET "dns_records" = jsonb_build_array(jsonb_build_object(
  'type', 'TXT',
  'name', '_posthaste-verification.' || "name",
  'value', 'posthaste-verification=' || "verification_token",
  'found', NULL,
  'observed', NULL
)) || "dns_records"
WHERE "status" = 'pending' AND "verification_token" IS NOT NULL;
--> statement-breakpoint
-- A failed claim keeps no signing key (its hold on the name ended).
UPDATE "domains" SET "dkim_private_key_enc" = NULL WHERE "status" = 'failed';
