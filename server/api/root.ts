import { apiKeysRouter } from "./routers/api-keys";
import { emailsRouter } from "./routers/emails";
import { suppressionsRouter } from "./routers/suppressions";
import { usageRouter } from "./routers/usage";
import { webhooksRouter } from "./routers/webhooks";
import { domainsRouter } from "./routers/domains";
import { createCallerFactory, router } from "./trpc";

/** Every operation, once: the dashboard calls it over tRPC, /v1 over trpc-to-openapi. */
export const appRouter = router({
  apiKeys: apiKeysRouter,
  suppressions: suppressionsRouter,
  webhooks: webhooksRouter,
  emails: emailsRouter,
  usage: usageRouter,
  domains: domainsRouter,
});

export type AppRouter = typeof appRouter;
export const createCaller = createCallerFactory(appRouter);
