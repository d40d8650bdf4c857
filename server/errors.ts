import { TRPCError } from "@trpc/server";
import { z, ZodError } from "zod";
import { config } from "./config";

/** The eleven error types of the reference, with what each one means for a client. */
export const ERROR_TYPES = [
  "validation_error",
  "authentication_error",
  "domain_error",
  "quota_exceeded",
  "rate_limited",
  "deliverability_blocked",
  "account_pending_review",
  "sandbox_recipient",
  "suppressed_recipient",
  "not_found",
  "internal_error",
] as const;
export type ErrorType = (typeof ERROR_TYPES)[number];

export interface ErrorObject {
  type: ErrorType;
  message: string;
  docs_url: string;
}

/** The error object of the reference, as the OpenAPI document names it. */
export const ErrorObjectSchema = z
  .object({
    type: z.enum(ERROR_TYPES).meta({ description: "Machine-readable kind; see docs_url" }),
    message: z.string().meta({ description: "Safe to display" }),
    docs_url: z.string().meta({ format: "uri", description: "The reference entry for `type`, served by this deployment" }),
  })
  .meta({
    id: "Error",
    description: "What went wrong: a request-level error, or one batch entry's.",
    examples: [{ type: "not_found", message: "Domain not found", docs_url: "https://mail.example.com/docs/errors/not_found" }],
  });

/**
 * Every error body. The top-level `statusCode`, `name` and `message` repeat the status and
 * `error` for Resend-compatible clients (docs/design.md).
 */
export const ErrorEnvelopeSchema = z
  .object({
    error: ErrorObjectSchema,
    statusCode: z.number().int().meta({ description: "The HTTP status, repeated" }),
    name: z.enum(ERROR_TYPES).meta({ description: "Equal to `error.type`" }),
    message: z.string().meta({ description: "Equal to `error.message`" }),
  })
  .meta({
    id: "ErrorEnvelope",
    description: "The body of every error answer, including an unknown route or method.",
    examples: [
      {
        error: { type: "not_found", message: "Domain not found", docs_url: "https://mail.example.com/docs/errors/not_found" },
        statusCode: 404,
        name: "not_found",
        message: "Domain not found",
      },
    ],
  });

/** What errorFormatter puts in a tRPC error's data: enough for either face to render it. */
export interface ApiErrorShape extends ErrorObject {
  status: number;
  retryAfter: number | null;
}

/**
 * An error body: the reference's `error` object, and beside it the HTTP status, `name`
 * (= error.type) and `message` (= error.message) where Resend's SDKs read them
 * (docs/design.md, "Resend-compatible aliases").
 */
export interface ErrorEnvelope {
  error: ErrorObject;
  statusCode: number;
  name: ErrorType;
  message: string;
}

const TRPC_CODE_FOR_STATUS: Record<number, TRPCError["code"]> = {
  400: "BAD_REQUEST",
  401: "UNAUTHORIZED",
  403: "FORBIDDEN",
  404: "NOT_FOUND",
  409: "CONFLICT",
  413: "PAYLOAD_TOO_LARGE",
  422: "UNPROCESSABLE_CONTENT",
  429: "TOO_MANY_REQUESTS",
  500: "INTERNAL_SERVER_ERROR",
  502: "BAD_GATEWAY",
};

/**
 * Every failure a procedure means to report. It is a TRPCError so tRPC carries it
 * to both faces; the REST face renders it as the spec's envelope with `status`.
 */
export class ApiError extends TRPCError {
  readonly type: ErrorType;
  readonly status: number;
  /** Integer seconds for the Retry-After header; only rate_limited sets it. */
  readonly retryAfter: number | null;

  constructor(type: ErrorType, status: number, message: string, retryAfter: number | null = null) {
    super({ code: TRPC_CODE_FOR_STATUS[status] ?? "INTERNAL_SERVER_ERROR", message });
    this.type = type;
    this.status = status;
    this.retryAfter = retryAfter;
  }

  toObject(): ErrorObject {
    return errorObject(this.type, this.message);
  }

  toShape(): ApiErrorShape {
    return { ...this.toObject(), status: this.status, retryAfter: this.type === "rate_limited" ? this.retryAfter : null };
  }
}

export function docsUrl(type: ErrorType): string {
  return `${config().appUrl}/docs/errors/${type}`;
}

export function errorObject(type: ErrorType, message: string): ErrorObject {
  return { type, message, docs_url: docsUrl(type) };
}

export function envelope(type: ErrorType, message: string, status: number): ErrorEnvelope {
  return { error: errorObject(type, message), statusCode: status, name: type, message };
}

export const validationError = (message: string, status = 400) => new ApiError("validation_error", status, message);
export const notFound = (what: string) => new ApiError("not_found", 404, `${what} not found`);

/** The error a thrown value becomes on the wire: ApiErrors as they are, anything else as 500. */
export function toApiError(cause: unknown): ApiError {
  if (cause instanceof ApiError) return cause;
  if (cause instanceof TRPCError && cause.cause instanceof ApiError) return cause.cause;
  if (cause instanceof TRPCError && cause.cause instanceof ZodError) {
    return validationError(formatZodError(cause.cause));
  }
  if (cause instanceof ZodError) return validationError(formatZodError(cause));
  if (cause instanceof TRPCError) {
    switch (cause.code) {
      case "BAD_REQUEST":
      case "PARSE_ERROR":
        return validationError(cause.message);
      case "PAYLOAD_TOO_LARGE":
        return validationError("Request body too large", 413);
      case "NOT_FOUND":
        return new ApiError("not_found", 404, cause.message);
      case "UNAUTHORIZED":
        return new ApiError("authentication_error", 401, cause.message);
      case "FORBIDDEN":
        return new ApiError("authentication_error", 403, cause.message);
    }
  }
  return new ApiError("internal_error", 500, "An unexpected error occurred. Retry with exponential backoff.");
}

/** A path step a client chose (a header name) is quoted this far at most: errors never echo a long input back. */
const MAX_PATH_STEP = 64;
/** Clauses one message holds at most; a request with more problems hears of the first ones. */
const MAX_CLAUSES = 20;

const pathStep = (p: PropertyKey) => {
  const text = String(p);
  return text.length > MAX_PATH_STEP ? `${text.slice(0, MAX_PATH_STEP)}…` : text;
};

/**
 * "to[2]: invalid email address: …; tags: at most 10 tags": one clause per issue. Paths
 * are written as the text checks write them (server/lib/text.ts): `tags[0].value`. A
 * record's refused key says why (its own check's message), not only that it was refused.
 */
export function formatZodError(error: ZodError): string {
  const seen = new Set<string>();
  for (const issue of error.issues) {
    const where = issue.path.length
      ? issue.path.map((p, i) => (typeof p === "number" ? `[${p}]` : i ? `.${pathStep(p)}` : pathStep(p))).join("")
      : "body";
    const message = issue.code === "invalid_key" ? (issue.issues[0]?.message ?? issue.message) : issue.message;
    seen.add(`${where}: ${message}`);
  }
  const clauses = [...seen];
  const more = clauses.length > MAX_CLAUSES ? `; and ${clauses.length - MAX_CLAUSES} more` : "";
  return clauses.slice(0, MAX_CLAUSES).join("; ") + more || "Invalid request";
}
