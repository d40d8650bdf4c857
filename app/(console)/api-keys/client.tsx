"use client";
import { useState } from "react";
import { trpc } from "@/lib/trpc/client";
import { MAX_KEY_NAME_LENGTH } from "@/server/limits/constants";
import { ConfirmButton, MutationForm, OneTimeSecret } from "../../_components/client";
import { Field } from "../../_components/field";
import { Input } from "../../_components/ui/input";
import { NativeSelect } from "../../_components/ui/native-select";

export function CreateKeyForm() {
  const [created, setCreated] = useState<string | null>(null);
  return (
    <MutationForm
      id="create-key"
      title="Create an API key"
      className="mb-6"
      inline
      before={created && <OneTimeSecret title="Your new API key" value={created} onDone={() => setCreated(null)} />}
      submit={(form) => {
        const data = new FormData(form);
        const scope = data.get("scope") === "send" ? "send" : "full";
        return trpc.apiKeys.create.mutate({ name: String(data.get("name") ?? ""), scope });
      }}
      success="API key created"
      onSuccess={(result) => setCreated(result.key)}
      button="Create key"
    >
      <Field htmlFor="key-name" label="Name">
        <Input id="key-name" name="name" type="text" required maxLength={MAX_KEY_NAME_LENGTH} placeholder="Production" />
      </Field>
      <Field htmlFor="key-scope" label="Permission">
        <NativeSelect id="key-scope" name="scope" defaultValue="full">
          <option value="full">Full access</option>
          <option value="send">Sending only</option>
        </NativeSelect>
      </Field>
    </MutationForm>
  );
}

export function RevokeKeyButton({ id, name }: { id: string; name: string }) {
  return (
    <ConfirmButton
      label="Revoke"
      confirmTitle={`Revoke the key "${name}"?`}
      confirm="Requests using it fail at once. This cannot be undone."
      confirmLabel="Revoke key"
      success={`API key "${name}" revoked`}
      action={() => trpc.apiKeys.remove.mutate({ id })}
    />
  );
}
