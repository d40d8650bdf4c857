"use client";
import { trpc } from "@/lib/trpc/client";
import { ConfirmButton } from "../../../_components/client";

export function CancelEmailButton({ id }: { id: string }) {
  return <ConfirmButton label="Cancel send" confirm="Cancel this scheduled email?" action={() => trpc.emails.cancel.mutate({ id })} />;
}
