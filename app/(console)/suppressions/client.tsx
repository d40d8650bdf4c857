"use client";
import { trpc } from "@/lib/trpc/client";
import { MAX_SUPPRESSION_BULK } from "@/server/limits/constants";
import { ConfirmButton, MutationForm } from "../../_components/client";
import { Field } from "../../_components/field";
import { Input } from "../../_components/ui/input";
import { Textarea } from "../../_components/ui/textarea";

export function AddSuppressionForm() {
  return (
    <MutationForm
      id="add-suppression"
      title="Add an address"
      submit={(form) => trpc.suppressions.add.mutate({ email: String(new FormData(form).get("email") ?? "") })}
      success={(added) => `${added.address} suppressed`}
      button="Suppress"
    >
      <Field htmlFor="suppress-email" label="Email address">
        <Input id="suppress-email" name="email" type="email" required />
      </Field>
    </MutationForm>
  );
}

export function BulkAddForm() {
  return (
    <MutationForm
      id="bulk-suppression"
      title="Add many"
      submit={(form) => {
        const emails = String(new FormData(form).get("emails") ?? "")
          .split(/[\s,;]+/)
          .filter(Boolean);
        return trpc.suppressions.addBulk.mutate({ emails });
      }}
      success={(result) => `${result.data.length} addresses suppressed.`}
      button="Suppress all"
    >
      <Field htmlFor="suppress-bulk" label={<>Addresses (up to {MAX_SUPPRESSION_BULK}, one per line or comma-separated)</>}>
        <Textarea id="suppress-bulk" name="emails" required />
      </Field>
    </MutationForm>
  );
}

export function RemoveSuppressionButton({ address }: { address: string }) {
  return (
    <ConfirmButton
      label="Remove"
      confirmTitle={`Remove ${address}?`}
      confirm="It can receive mail again at once."
      confirmLabel="Remove address"
      success={`${address} removed from the list`}
      action={() => trpc.suppressions.remove.mutate({ address })}
    />
  );
}
