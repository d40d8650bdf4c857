"use client";
import { trpc } from "@/lib/trpc/client";
import { ConfirmButton, ErrorAlert, MutationSwitch, useMutation } from "../../_components/client";

export function AddDomainForm() {
  const m = useMutation();
  return (
    <section className="panel" aria-labelledby="add-domain">
      <h2 id="add-domain" style={{ marginTop: 0 }}>
        Add a domain
      </h2>
      <ErrorAlert error={m.error} />
      <form
        className="inline"
        onSubmit={async (e) => {
          e.preventDefault();
          const form = e.currentTarget;
          const name = String(new FormData(form).get("name") ?? "");
          if (await m.run(() => trpc.domains.create.mutate({ name }))) form.reset();
        }}
      >
        <div className="field">
          <label htmlFor="domain-name">Domain name</label>
          <input id="domain-name" name="name" type="text" required placeholder="mail.example.com" />
        </div>
        <div className="field">
          <button type="submit" disabled={m.pending}>
            {m.pending ? "Adding…" : "Add domain"}
          </button>
        </div>
      </form>
    </section>
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
