import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { createCaller } from "@/server/api/root";
import { sessionMember } from "@/server/auth/session";

/** A server-side caller for the signed-in member: the same procedures, no HTTP hop. */
export async function api() {
  const member = await sessionMember();
  if (!member) redirect("/sign-in");
  const h = await headers();
  return createCaller({
    credentials: { kind: "session", member },
    header: (name: string) => h.get(name) ?? undefined,
  });
}
