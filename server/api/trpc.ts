import { initTRPC } from "@trpc/server";
import type { OpenApiMeta } from "trpc-to-openapi";
import type { z } from "zod";
import type { Account } from "../accounts/account-cache";
import { getAccount } from "../accounts/account-cache";
import { assertSendingAllowed } from "../accounts/standing";
import { authenticate, type AuthenticatedKey } from "../auth/authenticate";
import type { SessionMember } from "../auth/session-member";
import { ApiError, toApiError } from "../errors";

/** How a caller proved who they are: an API key (REST) or a dashboard session (its member, or null when signed out). */
export type Credentials = { kind: "bearer"; authorization: string | undefined } | { kind: "session"; member: SessionMember | null };

export interface ApiContext {
  credentials: Credentials;
  /** A request header by lower-case name. */
  header(name: string): string | undefined;
  /** /v1 found the body unusable (not JSON, wrong shape): reported once the caller is known. */
  bodyError?: ApiError;
}

/**
 * A send endpoint's validation and work, shared by its procedure and by /v1's direct
 * route (server/http/v1.ts), which skips tRPC's caller on the hot path.
 */
export interface SendEndpoint<I, O> {
  input: z.ZodType<I>;
  run(ctx: SendContext, input: I): Promise<O>;
}

export type SendContext = ApiContext & { account: Account };

export type Meta = OpenApiMeta & {
  /** A send endpoint /v1 serves directly: the sendProcedure gate, then `input` and `run`. */
  direct?: SendEndpoint<any, unknown>; // eslint-disable-line @typescript-eslint/no-explicit-any -- one table holds endpoints of different inputs

  /** HTTP status of a success on /v1 (default 200). */
  successStatus?: number;
  /** The body is a JSON array: /v1 hands it to the procedure as `{ [arrayBody]: body }`. */
  arrayBody?: string;
  /** What the OpenAPI document says of a /v1 operation beyond its schemas (server/http/openapi.ts). */
  docs?: OperationDocs;
};

/** An HTTP status an error answer may carry. */
export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 422 | 429 | 500 | 502;

export interface OperationDocs {
  /**
   * Why this operation answers each error status, beyond the ones every operation shares:
   * 400, 401, 403, 413; 404 with a path parameter. A status given
   * here replaces the shared wording.
   */
  errors?: Partial<Record<ErrorStatus, string>>;
  /** The success body, as an example (checked against the response schema by the tests). */
  example: unknown;
  /** A request body, as an example. */
  requestExample?: unknown;
  /** The request body's schema is a named component under this name (batch entries refer to it). */
  body?: string;
  /** The operation honours an `Idempotency-Key` request header: what a repeated one does here. */
  idempotencyKey?: string;
}

const t = initTRPC
  .context<ApiContext>()
  .meta<Meta>()
  .create({
    errorFormatter({ shape, error }) {
      const apiError = toApiError(error);
      return {
        ...shape,
        message: apiError.message,
        data: { ...shape.data, stack: undefined, apiError: apiError.toShape() },
      };
    },
  });

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;

/** The caller behind the credentials: the tenancy check every account-scoped endpoint builds on. */
export async function resolveCaller(
  credentials: Credentials,
): Promise<{ account: Account; key: AuthenticatedKey | null; member: SessionMember | null }> {
  if (credentials.kind === "bearer") return { ...(await authenticate(credentials.authorization)), member: null };
  const member = credentials.member;
  const account = member ? await getAccount(member.accountId) : null;
  if (!account || !member) throw new ApiError("authentication_error", 401, "Sign in to continue.");
  return { account, key: null, member };
}

/** The send endpoints' gate once the caller is known: any key, not while sending is paused; then a bad body. */
export function assertMaySend(ctx: { account: Account; bodyError?: ApiError }): void {
  assertSendingAllowed(ctx.account);
  if (ctx.bodyError) throw ctx.bodyError;
}

/**
 * Resolves the account once; every account-scoped procedure builds on this, so no
 * handler can forget the tenancy check. Send-scope keys pass here.
 */
export const anyScopeProcedure = t.procedure.use(async ({ ctx, next }) => {
  const { account, key, member } = await resolveCaller(ctx.credentials);
  return next({ ctx: { ...ctx, account, key, member } });
});

/** Account management and reads: a `full` key or a dashboard session. */
export const fullScopeProcedure = anyScopeProcedure.use(({ ctx, next }) => {
  if (ctx.key && ctx.key.scope !== "full") {
    throw new ApiError("authentication_error", 403, "This endpoint needs a full-access API key; send keys may only send email.");
  }
  if (ctx.bodyError) throw ctx.bodyError;
  return next();
});

/** The two send endpoints: any key, but not while sending is paused for the account. */
export const sendProcedure = anyScopeProcedure.use(({ ctx, next }) => {
  assertMaySend(ctx);
  return next();
});

/**
 * Dashboard-only procedures about the signed-in user and the account's team and settings
 * (no /v1 path): a session, never a key. `ctx.member` is the user, their account and role.
 */
export const sessionProcedure = anyScopeProcedure.use(({ ctx, next }) => {
  if (!ctx.member) throw new ApiError("authentication_error", 403, "This action needs a dashboard session; API keys cannot take it.");
  return next({ ctx: { ...ctx, member: ctx.member } });
});

/** What only an account's owners may do: invite and remove members, delete the account. */
export const ownerProcedure = sessionProcedure.use(({ ctx, next }) => {
  if (ctx.member.role !== "owner") throw new ApiError("authentication_error", 403, "Only the account's owners can do this.");
  return next();
});
