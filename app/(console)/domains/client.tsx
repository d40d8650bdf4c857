"use client";
import { trpc } from "@/lib/trpc/client";
import { ConfirmButton, MutationForm, MutationSwitch } from "../../_components/client";
import { Field } from "../../_components/field";

export function AddDomainForm() {
  return (
    <MutationForm
      id="add-domain"
      title="Add a domain"
      inline
      submit={(form) => trpc.domains.create.mutate({ name: String(new FormData(form).get("name") ?? "") })}
      button={(pending) => (pending ? "Adding…" : "Add domain")}
    >
      <Field htmlFor="domain-name" label="Domain name">
        <input id="domain-name" name="name" type="text" required placeholder="mail.example.com" />
      </Field>
    </MutationForm>
  );
}

export function VerifyButton({ id }: { id: string }) {
  return <ConfirmButton label="Verify DNS" className="secondary small" action={() => trpc.domains.verify.mutate({ id })} />;
}

export function DeleteDomainButton({ id, name }: { id: string; name: string }) {
  return (
    <ConfirmButton
      label="Delete"
      confirm={`Delete ${name}? Sending from it stops immediately.`}
      action={() => trpc.domains.remove.mutate({ id })}
    />
  );
}

export function TrackSwitch({ id, on }: { id: string; on: boolean }) {
  return (
    <MutationSwitch checked={on} label={on ? "On" : "Off"} onToggle={(next) => trpc.domains.update.mutate({ id, trackEngagement: next })} />
  );
}
