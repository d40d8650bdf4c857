import { z } from "zod";
import { readActivity } from "../../dashboard/activity";
import { readChecklist } from "../../dashboard/checklist";
import { readCreators } from "../../dashboard/creators";
import { readDeliverability } from "../../dashboard/deliverability";
import { DashboardEmailsInput, listOptions } from "../../dashboard/email-filters";
import { readEmailStatuses } from "../../dashboard/email-statuses";
import { readPlanLimits } from "../../dashboard/plan";
import { readRewrites } from "../../dashboard/rewrites";
import {
  Activity,
  ACTIVITY_RANGES,
  Checklist,
  Creators,
  Deliverability,
  EmailStatuses,
  PlanLimits,
  Rewrites,
  SinkMessage,
  SmtpSettings,
  SuppressionSources,
  TestEventQueued,
  WebhookEventBodies,
  WebhookHealth,
} from "../../dashboard/schemas";
import { readSinkMessage } from "../../dashboard/sink-message";
import { readSmtpSettings } from "../../dashboard/smtp-settings";
import { readSuppressionSources } from "../../dashboard/suppression-sources";
import { readEventBodies } from "../../dashboard/webhook-events";
import { InboundStorage, ReceivedEmailPage } from "../../inbound/api-schemas";
import { inboundStorage, listInbound } from "../../inbound/read";
import { MAX_PAGE_SIZE, pagingField, strictLimit } from "../../lib/pagination";
import { MAX_ID_LENGTH, MAX_MAILBOX_LENGTH, MAX_SEARCH_CHARS } from "../../limits/constants";
import { listEmails } from "../../sending/list";
import { EmailPage } from "../../sending/schemas";
import { recentAttemptHealth } from "../../webhooks/health";
import { sendTestEvent } from "../../webhooks/test-event";
import { fullScopeProcedure, router } from "../trpc";

/** At most a page's worth of ids or addresses per read. */
const id = z.string().max(MAX_ID_LENGTH);
const ids = z.array(id).max(MAX_PAGE_SIZE);

/**
 * Dashboard-only procedures (no /v1 path): the rendered message the sink provider kept; which messages test mode
 * rewrote; the
 * overview's and usage page's charts, rates, checklist and plan; the email list with its
 * filters and live statuses; received mail with its search, and its storage; suppressions'
 * messages; webhook bodies, health and test events; who made each API key and webhook endpoint.
 */
export const dashboardRouter = router({
  sinkMessage: fullScopeProcedure
    .input(z.object({ emailId: id }))
    .output(SinkMessage)
    .query(({ ctx, input }) => readSinkMessage(ctx.account.id, input.emailId)),

  activity: fullScopeProcedure
    .input(z.object({ range: z.enum(ACTIVITY_RANGES) }))
    .output(Activity)
    .query(({ ctx, input }) => readActivity(ctx.account.id, input.range)),

  deliverability: fullScopeProcedure
    .input(z.object({}))
    .output(Deliverability)
    .query(({ ctx }) => readDeliverability(ctx.account.id)),

  checklist: fullScopeProcedure
    .input(z.object({}))
    .output(Checklist)
    .query(({ ctx }) => readChecklist(ctx.account.id)),

  plan: fullScopeProcedure
    .input(z.object({}))
    .output(PlanLimits)
    .query(({ ctx }) => readPlanLimits(ctx.account)),

  smtp: fullScopeProcedure
    .input(z.object({}))
    .output(SmtpSettings)
    .query(() => readSmtpSettings()),

  emails: fullScopeProcedure
    .input(DashboardEmailsInput)
    .output(EmailPage)
    .query(({ ctx, input }) => listEmails(ctx.account.id, listOptions(input))),

  inbound: fullScopeProcedure
    .input(
      z.object({
        search: z.string().max(MAX_SEARCH_CHARS).optional(),
        cursor: pagingField.optional(),
        limit: strictLimit,
      }),
    )
    .output(ReceivedEmailPage)
    .query(({ ctx, input }) => listInbound(ctx.account.id, input)),

  inboundStorage: fullScopeProcedure
    .input(z.object({}))
    .output(InboundStorage)
    .query(({ ctx }) => inboundStorage(ctx.account.id)),

  emailStatuses: fullScopeProcedure
    .input(z.object({ ids }))
    .output(EmailStatuses)
    .query(({ ctx, input }) => readEmailStatuses(ctx.account.id, input.ids)),

  suppressionSources: fullScopeProcedure
    .input(z.object({ addresses: z.array(z.string().max(MAX_MAILBOX_LENGTH)).max(MAX_PAGE_SIZE) }))
    .output(SuppressionSources)
    .query(({ ctx, input }) => readSuppressionSources(ctx.account.id, input.addresses)),

  webhookEvents: fullScopeProcedure
    .input(z.object({ ids }))
    .output(WebhookEventBodies)
    .query(({ ctx, input }) => readEventBodies(ctx.account.id, input.ids)),

  webhookHealth: fullScopeProcedure
    .input(z.object({}))
    .output(WebhookHealth)
    .query(async ({ ctx }) => ({ data: await recentAttemptHealth(ctx.account.id) })),

  webhookTest: fullScopeProcedure
    .input(z.object({ id }))
    .output(TestEventQueued)
    .mutation(({ ctx, input }) => sendTestEvent(ctx.account, input.id)),

  keyCreators: fullScopeProcedure
    .input(z.object({}))
    .output(Creators)
    .query(({ ctx }) => readCreators(ctx.account.id, "apiKeys")),

  webhookCreators: fullScopeProcedure
    .input(z.object({}))
    .output(Creators)
    .query(({ ctx }) => readCreators(ctx.account.id, "webhooks")),

  rewrites: fullScopeProcedure
    .input(z.object({ ids }))
    .output(Rewrites)
    .query(({ ctx, input }) => readRewrites(ctx.account.id, input.ids)),
});
