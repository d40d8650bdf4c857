import { accountRouter } from "./routers/account";
import { apiKeysRouter } from "./routers/api-keys";
import { dashboardRouter } from "./routers/dashboard";
import { domainsRouter } from "./routers/domains";
import { emailsRouter } from "./routers/emails";
import { inboundRouter } from "./routers/inbound";
import { suppressionsRouter } from "./routers/suppressions";
import { teamRouter } from "./routers/team";
import { templatesRouter } from "./routers/templates";
import { usageRouter } from "./routers/usage";
import { webhooksRouter } from "./routers/webhooks";
import { createCallerFactory, router } from "./trpc";

/** Every operation, once: the dashboard calls it over tRPC, /v1 over trpc-to-openapi. */
export const appRouter = router({
  account: accountRouter,
  apiKeys: apiKeysRouter,
  suppressions: suppressionsRouter,
  webhooks: webhooksRouter,
  dashboard: dashboardRouter,
  domains: domainsRouter,
  // Before emails: /v1 takes the first procedure whose path matches, and /v1/emails/{id} would match /v1/emails/receiving.
  inbound: inboundRouter,
  emails: emailsRouter,
  usage: usageRouter,
  team: teamRouter,
  templates: templatesRouter,
});

export type AppRouter = typeof appRouter;
export const createCaller = createCallerFactory(appRouter);
