import { z } from "zod";
import { parseAddress } from "../../lib/email-address";
import { pagingField } from "../../lib/pagination";
import { MAX_SUPPRESSION_BULK } from "../../limits/constants";
import { addManual, listSuppressions, removeSuppression } from "../../suppressions/list";
import { ManualSuppression, ManualSuppressionList, SuppressionPage, SuppressionRemoved } from "../../suppressions/schemas";
// Registers the one-click unsubscribe route next to the API that manages the same list.
import { fullScopeProcedure, router } from "../trpc";

/** A bare address, parsed by the one parser into the stored form (lower-case, domain as A-label). */
const address = z.string({ error: "email is required" }).transform((value, ctx) => {
  const parsed = parseAddress(value);
  if (parsed.ok) return parsed.value.address;
  ctx.addIssue({ code: "custom", message: `invalid email address: it ${parsed.reason}` });
  return z.NEVER;
});
const tags = ["Suppressions"];

export const suppressionsRouter = router({
  list: fullScopeProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/v1/suppressions",
        tags,
        summary: "List suppressed addresses, by address",
        description: "Ordered by address. `limit` is clamped to 1 to 100 (default 50); follow `nextCursor` until it is null.",
      },
      docs: {
        example: {
          data: [{ address: "ada@example.com", reason: "hard_bounce", createdAt: 1767225600000 }],
          hasMore: false,
          nextCursor: null,
        },
      },
    })
    .input(
      z.object({
        limit: z.string().meta({ description: "Page size, clamped to 1 to 100 (default 50)" }).optional(),
        cursor: pagingField.meta({ description: "The previous page's `nextCursor`" }).optional(),
      }),
    )
    .output(SuppressionPage)
    .query(({ ctx, input }) => listSuppressions(ctx.account.id, input)),

  add: fullScopeProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/v1/suppressions",
        tags,
        summary: "Suppress an address",
        description:
          "Adds the address (lower-cased) with reason `manual`. Safe to repeat: a `hard_bounce` or `complaint` entry is kept, an `unsubscribe` one becomes `manual`; the answer says `manual` either way.",
      },
      successStatus: 201,
      docs: { requestExample: { email: "ada@example.com" }, example: { address: "ada@example.com", reason: "manual" } },
    })
    .input(z.object({ email: address }))
    .output(ManualSuppression)
    .mutation(async ({ ctx, input }) => (await addManual(ctx.account.id, [input.email]))[0]),

  addBulk: fullScopeProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/v1/suppressions/bulk",
        tags,
        summary: `Suppress up to ${MAX_SUPPRESSION_BULK} addresses`,
        description: "Each address as for a single add, in one request.",
      },
      successStatus: 201,
      docs: {
        requestExample: { emails: ["ada@example.com", "grace@example.com"] },
        example: {
          data: [
            { address: "ada@example.com", reason: "manual" },
            { address: "grace@example.com", reason: "manual" },
          ],
        },
      },
    })
    .input(
      z.object({
        emails: z
          .array(address, { error: "emails must be an array of email addresses" })
          .min(1, "emails must hold at least one address")
          .max(MAX_SUPPRESSION_BULK, `emails may hold at most ${MAX_SUPPRESSION_BULK} addresses`),
      }),
    )
    .output(ManualSuppressionList)
    .mutation(async ({ ctx, input }) => ({ data: await addManual(ctx.account.id, input.emails) })),

  remove: fullScopeProcedure
    .meta({
      openapi: {
        method: "DELETE",
        path: "/v1/suppressions/{address}",
        tags,
        summary: "Remove an address from the list",
        description:
          "The path holds the URL-encoded address. It may receive mail again at once. Never 404: `removed` is false when it was not suppressed.",
      },
      docs: {
        errors: { 404: "not_found: the path names no resource (it holds text that is not an address)" },
        example: { address: "ada@example.com", removed: true },
      },
    })
    .input(z.object({ address: z.string() }))
    .output(SuppressionRemoved)
    .mutation(({ ctx, input }) => removeSuppression(ctx.account.id, input.address)),
});
