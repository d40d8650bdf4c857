import { z } from "zod";
import { strictBoolean } from "../schemas";
import { createDomain, removeDomain, getDomain, listDomains, setTrackEngagement, verifyDomain } from "../../domains/domains";
import { fullScopeProcedure, router } from "../trpc";

const dnsRecord = z.object({
  type: z.string(),
  name: z.string(),
  value: z.string(),
  found: z.boolean().nullable(),
  observed: z.string().nullable(),
});

const domain = z.object({
  id: z.string(),
  name: z.string(),
  status: z.enum(["pending", "verified", "failed"]),
  verifiedAt: z.number().int().nullable(),
  createdAt: z.number().int(),
  dnsCheckedAt: z.number().int().nullable(),
  dnsHost: z.string().nullable(),
  dnsRecords: z.array(dnsRecord),
  recommendedRecords: z.array(dnsRecord),
  failureReason: z.string().nullable(),
  dnsRegressedAt: z.number().int().nullable(),
  suspendedAt: z.number().int().nullable(),
  trackEngagement: z.boolean(),
});

const byId = z.object({ id: z.string() });
const tags = ["Domains"];

export const domainsRouter = router({
  list: fullScopeProcedure
    .meta({ openapi: { method: "GET", path: "/v1/domains", tags, summary: "List sending domains" } })
    .input(z.object({}))
    .output(z.object({ data: z.array(domain) }))
    .query(async ({ ctx }) => ({ data: await listDomains(ctx.account.id) })),

  create: fullScopeProcedure
    .meta({ openapi: { method: "POST", path: "/v1/domains", tags, summary: "Add a sending domain" }, successStatus: 201 })
    .input(z.object({ name: z.string({ error: "name is required" }).trim().min(1, "name is required").max(253) }))
    .output(domain)
    .mutation(({ ctx, input }) => createDomain(ctx.account, input.name)),

  get: fullScopeProcedure
    .meta({ openapi: { method: "GET", path: "/v1/domains/{id}", tags, summary: "Retrieve a domain" } })
    .input(byId)
    .output(domain)
    .query(({ ctx, input }) => getDomain(ctx.account.id, input.id)),

  update: fullScopeProcedure
    .meta({ openapi: { method: "PATCH", path: "/v1/domains/{id}", tags, summary: "Switch open/click tracking for a domain" } })
    .input(z.object({ id: z.string(), trackEngagement: strictBoolean("trackEngagement") }))
    .output(domain)
    .mutation(({ ctx, input }) => setTrackEngagement(ctx.account.id, input.id, input.trackEngagement)),

  remove: fullScopeProcedure
    .meta({ openapi: { method: "DELETE", path: "/v1/domains/{id}", tags, summary: "Remove a domain" } })
    .input(byId)
    .output(z.object({ id: z.string(), deleted: z.boolean() }))
    .mutation(({ ctx, input }) => removeDomain(ctx.account.id, input.id)),

  verify: fullScopeProcedure
    .meta({ openapi: { method: "POST", path: "/v1/domains/{id}/verify", tags, summary: "Check a domain's records now" } })
    .input(byId)
    .output(domain)
    .mutation(({ ctx, input }) => verifyDomain(ctx.account.id, input.id)),
});
