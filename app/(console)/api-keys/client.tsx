"use client";
import { useState } from "react";
import { trpc } from "@/lib/trpc/client";
import { MAX_KEY_NAME_LENGTH } from "@/server/limits/constants";
import { ConfirmButton, ErrorAlert, OneTimeSecret, useMutation } from "../../_components/client";

export function CreateKeyForm() {
  const m = useMutation();
  const [created, setCreated] = useState<string | null>(null);
  return (
    <section className="panel" aria-labelledby="create-key">
      <h2 id="create-key" style={{ marginTop: 0 }}>
        Create an API key
      </h2>
      {created && <OneTimeSecret title="Your new API key" value={created} onDone={() => setCreated(null)} />}
      <ErrorAlert error={m.error} />
      <form
        className="inline"
        onSubmit={async (e) => {
          e.preventDefault();
          const form = e.currentTarget;
          const data = new FormData(form);
          const scope = data.get("scope") === "send" ? "send" : "full";
          const result = await m.run(() => trpc.apiKeys.create.mutate({ name: String(data.get("name") ?? ""), scope }));
          if (result) {
            setCreated(result.key);
            form.reset();
          }
        }}
      >
        <div className="field">
          <label htmlFor="key-name">Name</label>
          <input id="key-name" name="name" type="text" required maxLength={MAX_KEY_NAME_LENGTH} placeholder="Production" />
        </div>
        <div className="field">
          <label htmlFor="key-scope">Permission</label>
          <select id="key-scope" name="scope" defaultValue="full">
            <option value="full">Full access</option>
            <option value="send">Sending only</option>
          </select>
        </div>
        <div className="field">
          <button type="submit" disabled={m.pending}>
            Create key
          </button>
        </div>
      </form>
    </section>
  );
}

export function RevokeKeyButton({ id, name }: { id: string; name: string }) {
  return (
    <ConfirmButton
      label="Revoke"
      confirm={`Revoke the key "${name}"? Requests using it fail at once.`}
      action={() => trpc.apiKeys.remove.mutate({ id })}
    />
  );
}
