import { apiKeysRouter } from "./routers/api-keys";
import { createCallerFactory, router } from "./trpc";

/** Every operation, once: the dashboard calls it over tRPC, /v1 over trpc-to-openapi. */
export const appRouter = router({
  apiKeys: apiKeysRouter,
});

export type AppRouter = typeof appRouter;
export const createCaller = createCallerFactory(appRouter);
