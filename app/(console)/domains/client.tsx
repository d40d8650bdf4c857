"use client";
import { trpc } from "@/lib/trpc/client";
import { ConfirmButton, MutationForm, MutationSwitch } from "../../_components/client";
import { Field } from "../../_components/field";
import { Input } from "../../_components/ui/input";

export function AddDomainForm() {
  return (
    <MutationForm
      id="add-domain"
      title="Add a domain"
      className="mb-6"
      inline
      submit={(form) => trpc.domains.create.mutate({ name: String(new FormData(form).get("name") ?? "") })}
      success={(domain) => `${domain.name} added: publish its DNS records, then verify`}
      button={(pending) => (pending ? "Adding…" : "Add domain")}
    >
      <Field htmlFor="domain-name" label="Domain name">
        <Input id="domain-name" name="name" type="text" required placeholder="mail.example.com" />
      </Field>
    </MutationForm>
  );
}

/** What a DNS check found, in the owner's words. */
function verifiedMessage(domain: { name: string; status: string }): string {
  if (domain.status === "verified") return `${domain.name} is verified`;
  if (domain.status === "failed") return `${domain.name} failed verification`;
  return `DNS checked: ${domain.name} is still ${domain.status.replace(/_/g, " ")}`;
}

export function VerifyButton({ id }: { id: string }) {
  return <ConfirmButton label="Verify DNS" variant="outline" success={verifiedMessage} action={() => trpc.domains.verify.mutate({ id })} />;
}

export function DeleteDomainButton({ id, name }: { id: string; name: string }) {
  return (
    <ConfirmButton
      label="Delete"
      confirmTitle={`Delete ${name}?`}
      confirm="Sending from it stops immediately. This cannot be undone."
      confirmLabel="Delete domain"
      success={`${name} deleted`}
      action={() => trpc.domains.remove.mutate({ id })}
    />
  );
}

export function TrackSwitch({ id, on }: { id: string; on: boolean }) {
  return (
    <MutationSwitch
      checked={on}
      label={on ? "On" : "Off"}
      name="Track opens and clicks"
      success={(next) => `Open and click tracking ${next ? "on" : "off"}`}
      onToggle={(next) => trpc.domains.update.mutate({ id, trackEngagement: next })}
    />
  );
}

export function ReceivingSwitch({ id, name, on }: { id: string; name: string; on: boolean }) {
  return (
    <MutationSwitch
      checked={on}
      label={on ? "On" : "Off"}
      name="Receive mail"
      success={(next) => (next ? `Receiving on for ${name}: publish its MX record, then verify` : `Receiving off for ${name}`)}
      onToggle={(next) => trpc.domains.update.mutate({ id, capabilities: { receiving: next ? "enabled" : "disabled" } })}
    />
  );
}
