"use client";
import { trpc } from "@/lib/trpc/client";
import { ConfirmButton } from "../../../_components/client";

export function CancelEmailButton({ id }: { id: string }) {
  return (
    <ConfirmButton
      label="Cancel send"
      confirmTitle="Cancel this scheduled email?"
      confirm="It will not be sent. To send it later, send it again."
      confirmLabel="Cancel send"
      success="Scheduled email canceled"
      action={() => trpc.emails.cancel.mutate({ id })}
    />
  );
}
