import { z } from "zod";
import { createDomain, removeDomain, getDomain, listDomains, updateDomain, verifyDomain } from "../../domains/domains";
import {
  CapabilitiesInput,
  Domain,
  DomainList,
  DomainRemoved,
  TrackingFields,
  trackingOf,
  UnsupportedDomainFields,
} from "../../domains/schemas";
import { validationError } from "../../errors";
import { MAX_DOMAIN_NAME_LENGTH } from "../../limits/constants";
import { DOMAIN, DOMAIN_RECEIVING_RECORD } from "../examples";
import { unpagedListQuery } from "../../lib/request-fields";
import { fullScopeProcedure, router } from "../trpc";

const byId = z.object({ id: z.string() });
const tags = ["Domains"];

export const domainsRouter = router({
  list: fullScopeProcedure
    .meta({
      openapi: { method: "GET", path: "/v1/domains", tags, summary: "List sending domains", description: "Every domain of the account." },
      docs: { example: { data: [DOMAIN] } },
    })
    .input(unpagedListQuery)
    .output(DomainList)
    .query(async ({ ctx }) => ({ data: await listDomains(ctx.account.id) })),

  create: fullScopeProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/v1/domains",
        tags,
        summary: "Add a sending domain",
        description:
          "Adds a domain as `pending` and returns the DNS records to publish, the first being this claim's own ownership record (TXT `_posthaste-verification.<name>`). Another account's claim of the name does not block the add: the domain verifies only once its own records are found, and the first claim to prove itself holds the name. Posting the name of one of the account's `failed` domains recycles it. With `capabilities: { receiving: \"enabled\" }` the records include the Receiving MX record (receive on a subdomain: it takes over the name's mail).",
      },
      successStatus: 201,
      docs: {
        errors: {
          403: "authentication_error: a send-only key. domain_error: the name is reserved by the platform, blocked after an abuse suspension, or the plan's domain allowance is used",
          409: "domain_error: the domain is already on this account",
          429: "rate_limited: too many requests (Retry-After: seconds)",
          502: "domain_error: the upstream provider could not set up the identity (refused, or an earlier identity of the name is still being removed); nothing was kept, so a retry starts clean",
        },
        requestExample: { name: "acme.example" },
        example: DOMAIN,
      },
    })
    .input(
      z.object({
        name: z.string({ error: "name is required" }).trim().min(1, "name is required").max(MAX_DOMAIN_NAME_LENGTH),
        ...TrackingFields.shape,
        capabilities: CapabilitiesInput,
        ...UnsupportedDomainFields,
      }),
    )
    .output(Domain)
    .mutation(async ({ ctx, input }) => {
      const track = trackingOf(input);
      const created = await createDomain(ctx.account, input.name, { receiving: input.capabilities?.receiving });
      return track === false ? updateDomain(ctx.account.id, created.id, { trackEngagement: false }) : created;
    }),

  get: fullScopeProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/v1/domains/{id}",
        tags,
        summary: "Retrieve a domain",
        description: "The domain as stored; no check is made.",
      },
      docs: { example: DOMAIN },
    })
    .input(byId)
    .output(Domain)
    .query(({ ctx, input }) => getDomain(ctx.account.id, input.id)),

  update: fullScopeProcedure
    .meta({
      openapi: {
        method: "PATCH",
        path: "/v1/domains/{id}",
        tags,
        summary: "Switch open/click tracking or receiving for a domain",
        description:
          'With `trackEngagement: false` no open pixel is added and no link is rewritten in mail from this domain. `capabilities.receiving: "enabled"` adds the Receiving MX record to `dnsRecords`; mail is accepted once it is found on the verified domain (`receivingVerifiedAt`). `"disabled"` removes it and stops receiving at once. `capabilities.sending: "disabled"` is refused: every domain sends.',
      },
      docs: {
        requestExample: { capabilities: { receiving: "enabled" } },
        example: {
          ...DOMAIN,
          capabilities: { sending: "enabled", receiving: "enabled" },
          dnsRecords: [...DOMAIN.dnsRecords, DOMAIN_RECEIVING_RECORD],
        },
      },
    })
    .input(z.object({ id: z.string(), ...TrackingFields.shape, capabilities: CapabilitiesInput, ...UnsupportedDomainFields }))
    .output(Domain)
    .mutation(({ ctx, input }) => {
      const trackEngagement = trackingOf(input);
      if (trackEngagement === undefined && !input.capabilities) {
        throw validationError("trackEngagement (or Resend's open_tracking / click_tracking) or capabilities: one is required");
      }
      return updateDomain(ctx.account.id, input.id, { trackEngagement, receiving: input.capabilities?.receiving });
    }),

  remove: fullScopeProcedure
    .meta({
      openapi: {
        method: "DELETE",
        path: "/v1/domains/{id}",
        tags,
        summary: "Remove a domain",
        description: "Removes the domain and its upstream identity; sending from it stops at once.",
      },
      docs: { errors: { 429: "rate_limited: too many requests (Retry-After: seconds)" }, example: { id: DOMAIN.id, deleted: true } },
    })
    .input(byId)
    .output(DomainRemoved)
    .mutation(({ ctx, input }) => removeDomain(ctx.account.id, input.id)),

  verify: fullScopeProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/v1/domains/{id}/verify",
        tags,
        summary: "Check a domain's records now",
        description:
          "Re-checks upstream verification and re-reads the DNS records, then returns the domain. Safe to repeat; never moves a domain backwards; a `failed` domain is returned as stored. Within about 10 seconds of the last check the stored row is returned (`dnsCheckedAt` tells): poll every 10 to 30 seconds.",
      },
      docs: { example: { ...DOMAIN, status: "verified", verifiedAt: DOMAIN.createdAt + 600000, dnsCheckedAt: DOMAIN.createdAt + 600000 } },
    })
    .input(byId)
    .output(Domain)
    .mutation(({ ctx, input }) => verifyDomain(ctx.account.id, input.id)),
});
