"use client";
import { createTRPCClient, httpLink, TRPCClientError } from "@trpc/client";
import type { AppRouter } from "@/server/api/root";

/** The browser's tRPC client: same procedures as /v1, authorised by the session cookie. */
export const trpc = createTRPCClient<AppRouter>({
  links: [httpLink({ url: "/api/trpc" })],
});

/** The message to show for a failed call (our errorFormatter puts the ApiError's message there). */
export function errorMessage(err: unknown): string {
  if (err instanceof TRPCClientError) return err.message;
  if (err instanceof Error) return err.message;
  return "Something went wrong. Try again.";
}
