"use client";
import { useState } from "react";
import { trpc } from "@/lib/trpc/client";
import { MAX_SUPPRESSION_BULK } from "@/server/limits/constants";
import { ConfirmButton, MutationForm } from "../../_components/client";
import { Notice } from "../../_components/notice";
import { Field } from "../../_components/field";

export function AddSuppressionForm() {
  return (
    <MutationForm
      id="add-suppression"
      title="Add an address"
      className="card"
      submit={(form) => trpc.suppressions.add.mutate({ email: String(new FormData(form).get("email") ?? "") })}
      button="Suppress"
    >
      <Field htmlFor="suppress-email" label="Email address">
        <input id="suppress-email" name="email" type="email" required />
      </Field>
    </MutationForm>
  );
}

export function BulkAddForm() {
  const [added, setAdded] = useState<number | null>(null);
  return (
    <MutationForm
      id="bulk-suppression"
      title="Add many"
      className="card"
      after={added !== null && <Notice>{added} addresses suppressed.</Notice>}
      onStart={() => setAdded(null)}
      submit={(form) => {
        const emails = String(new FormData(form).get("emails") ?? "")
          .split(/[\s,;]+/)
          .filter(Boolean);
        return trpc.suppressions.addBulk.mutate({ emails });
      }}
      onSuccess={(result) => setAdded(result.data.length)}
      button="Suppress all"
    >
      <Field htmlFor="suppress-bulk" label={<>Addresses (up to {MAX_SUPPRESSION_BULK}, one per line or comma-separated)</>}>
        <textarea id="suppress-bulk" name="emails" required />
      </Field>
    </MutationForm>
  );
}

export function RemoveSuppressionButton({ address }: { address: string }) {
  return (
    <ConfirmButton
      label="Remove"
      confirm={`Remove ${address}? It can receive mail again at once.`}
      action={() => trpc.suppressions.remove.mutate({ address })}
    />
  );
}
