import { appRouter } from "./root";
import type { Meta } from "./trpc";

export type OpenApiProcedureMeta = Meta & { openapi: NonNullable<Meta["openapi"]> };

/** The meta of every procedure served on /v1. */
export function openApiMetas(): OpenApiProcedureMeta[] {
  const procedures = appRouter._def.procedures as unknown as Record<string, { _def: { meta?: Meta } }>;
  return Object.values(procedures)
    .map((p) => p._def.meta)
    .filter((meta): meta is OpenApiProcedureMeta => Boolean(meta?.openapi));
}
