import { z } from "zod";
import { strictBoolean } from "../schemas";
import { createDomain, removeDomain, getDomain, listDomains, setTrackEngagement, verifyDomain } from "../../domains/domains";
import { Domain, DomainList, DomainRemoved } from "../../domains/schemas";
import { MAX_DOMAIN_NAME_LENGTH } from "../../limits/constants";
import { fullScopeProcedure, router } from "../trpc";

const byId = z.object({ id: z.string() });
const tags = ["Domains"];

export const domainsRouter = router({
  list: fullScopeProcedure
    .meta({ openapi: { method: "GET", path: "/v1/domains", tags, summary: "List sending domains" } })
    .input(z.object({}))
    .output(DomainList)
    .query(async ({ ctx }) => ({ data: await listDomains(ctx.account.id) })),

  create: fullScopeProcedure
    .meta({ openapi: { method: "POST", path: "/v1/domains", tags, summary: "Add a sending domain" }, successStatus: 201 })
    .input(z.object({ name: z.string({ error: "name is required" }).trim().min(1, "name is required").max(MAX_DOMAIN_NAME_LENGTH) }))
    .output(Domain)
    .mutation(({ ctx, input }) => createDomain(ctx.account, input.name)),

  get: fullScopeProcedure
    .meta({ openapi: { method: "GET", path: "/v1/domains/{id}", tags, summary: "Retrieve a domain" } })
    .input(byId)
    .output(Domain)
    .query(({ ctx, input }) => getDomain(ctx.account.id, input.id)),

  update: fullScopeProcedure
    .meta({ openapi: { method: "PATCH", path: "/v1/domains/{id}", tags, summary: "Switch open/click tracking for a domain" } })
    .input(z.object({ id: z.string(), trackEngagement: strictBoolean("trackEngagement") }))
    .output(Domain)
    .mutation(({ ctx, input }) => setTrackEngagement(ctx.account.id, input.id, input.trackEngagement)),

  remove: fullScopeProcedure
    .meta({ openapi: { method: "DELETE", path: "/v1/domains/{id}", tags, summary: "Remove a domain" } })
    .input(byId)
    .output(DomainRemoved)
    .mutation(({ ctx, input }) => removeDomain(ctx.account.id, input.id)),

  verify: fullScopeProcedure
    .meta({ openapi: { method: "POST", path: "/v1/domains/{id}/verify", tags, summary: "Check a domain's records now" } })
    .input(byId)
    .output(Domain)
    .mutation(({ ctx, input }) => verifyDomain(ctx.account.id, input.id)),
});
