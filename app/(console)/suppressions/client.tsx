"use client";
import { useState } from "react";
import { trpc } from "@/lib/trpc/client";
import { MAX_SUPPRESSION_BULK } from "@/server/limits/constants";
import { ConfirmButton, ErrorAlert, useMutation } from "../../_components/client";

export function AddSuppressionForm() {
  const m = useMutation();
  return (
    <section className="card" aria-labelledby="add-suppression">
      <h2 id="add-suppression" style={{ marginTop: 0 }}>
        Add an address
      </h2>
      <ErrorAlert error={m.error} />
      <form
        onSubmit={async (e) => {
          e.preventDefault();
          const form = e.currentTarget;
          const email = String(new FormData(form).get("email") ?? "");
          if (await m.run(() => trpc.suppressions.add.mutate({ email }))) form.reset();
        }}
      >
        <div className="field">
          <label htmlFor="suppress-email">Email address</label>
          <input id="suppress-email" name="email" type="email" required />
        </div>
        <button type="submit" disabled={m.pending}>
          Suppress
        </button>
      </form>
    </section>
  );
}

export function BulkAddForm() {
  const m = useMutation();
  const [added, setAdded] = useState<number | null>(null);
  return (
    <section className="card" aria-labelledby="bulk-suppression">
      <h2 id="bulk-suppression" style={{ marginTop: 0 }}>
        Add many
      </h2>
      <ErrorAlert error={m.error} />
      {added !== null && (
        <div className="alert success" role="status">
          {added} addresses suppressed.
        </div>
      )}
      <form
        onSubmit={async (e) => {
          e.preventDefault();
          const form = e.currentTarget;
          const emails = String(new FormData(form).get("emails") ?? "")
            .split(/[\s,;]+/)
            .filter(Boolean);
          setAdded(null);
          const result = await m.run(() => trpc.suppressions.addBulk.mutate({ emails }));
          if (result) {
            setAdded(result.data.length);
            form.reset();
          }
        }}
      >
        <div className="field">
          <label htmlFor="suppress-bulk">Addresses (up to {MAX_SUPPRESSION_BULK}, one per line or comma-separated)</label>
          <textarea id="suppress-bulk" name="emails" required />
        </div>
        <button type="submit" disabled={m.pending}>
          Suppress all
        </button>
      </form>
    </section>
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
