import { apiKeysRouter } from "./routers/api-keys";
import { dashboardRouter } from "./routers/dashboard";
import { domainsRouter } from "./routers/domains";
import { emailsRouter } from "./routers/emails";
import { suppressionsRouter } from "./routers/suppressions";
import { usageRouter } from "./routers/usage";
import { webhooksRouter } from "./routers/webhooks";
import { createCallerFactory, router } from "./trpc";

/** Every operation, once: the dashboard calls it over tRPC, /v1 over trpc-to-openapi. */
export const appRouter = router({
  apiKeys: apiKeysRouter,
  suppressions: suppressionsRouter,
  webhooks: webhooksRouter,
  dashboard: dashboardRouter,
  domains: domainsRouter,
  emails: emailsRouter,
  usage: usageRouter,
});

export type AppRouter = typeof appRouter;
export const createCaller = createCallerFactory(appRouter);
