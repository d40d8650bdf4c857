import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { createCaller } from "@/server/api/root";
import { sessionAccountId } from "@/server/auth/session";

/** A server-side caller for the signed-in owner: the same procedures, no HTTP hop. */
export async function api() {
  const accountId = await sessionAccountId();
  if (!accountId) redirect("/sign-in");
  const h = await headers();
  return createCaller({
    credentials: { kind: "session", accountId },
    header: (name: string) => h.get(name) ?? undefined,
  });
}
