"use client";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { trpc } from "@/lib/trpc/client";
import { MAX_WEBHOOK_DESCRIPTION } from "@/server/limits/constants";
import { ConfirmButton, ErrorAlert, MutationSwitch, OneTimeSecret, useMutation } from "../../_components/client";

/** Checkboxes for the nine event types, or "all" (sent as ["*"]). */
function EventsPicker({ eventTypes, initial }: { eventTypes: string[]; initial: string[] }) {
  const [all, setAll] = useState(initial.includes("*"));
  return (
    <fieldset className="field" style={{ border: 0, padding: 0, margin: "0 0 12px" }}>
      <legend className="label">Events</legend>
      <label className="switch">
        <input type="checkbox" name="all" checked={all} onChange={(e) => setAll(e.target.checked)} /> All events (<code>*</code>)
      </label>
      <div className="checks" style={{ marginTop: 6 }}>
        {eventTypes.map((t) => (
          <label key={t}>
            <input type="checkbox" name="events" value={t} disabled={all} defaultChecked={initial.includes(t)} /> {t}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

function readForm(form: HTMLFormElement) {
  const data = new FormData(form);
  const events = data.get("all") ? ["*"] : data.getAll("events").map(String);
  const description = String(data.get("description") ?? "").trim();
  return { url: String(data.get("url") ?? "").trim(), events, description: description || null };
}

export function CreateWebhookForm({ eventTypes }: { eventTypes: string[] }) {
  const m = useMutation();
  const [secret, setSecret] = useState<string | null>(null);
  return (
    <section className="panel" aria-labelledby="create-webhook">
      <h2 id="create-webhook" style={{ marginTop: 0 }}>
        Add an endpoint
      </h2>
      {secret && <OneTimeSecret title="Signing secret" value={secret} onDone={() => setSecret(null)} />}
      <ErrorAlert error={m.error} />
      <form
        onSubmit={async (e) => {
          e.preventDefault();
          const form = e.currentTarget;
          const created = await m.run(() => trpc.webhooks.create.mutate(readForm(form)));
          if (created) {
            setSecret(created.secret);
            form.reset();
          }
        }}
      >
        <div className="field">
          <label htmlFor="webhook-url">URL</label>
          <input id="webhook-url" name="url" type="url" required placeholder="https://example.com/webhooks/posthaste" />
        </div>
        <div className="field">
          <label htmlFor="webhook-description">Description (optional)</label>
          <input id="webhook-description" name="description" type="text" maxLength={MAX_WEBHOOK_DESCRIPTION} />
        </div>
        <EventsPicker eventTypes={eventTypes} initial={["*"]} />
        <button type="submit" disabled={m.pending}>
          Add endpoint
        </button>
      </form>
    </section>
  );
}

export function EditWebhookForm(props: { id: string; url: string; description: string | null; events: string[]; eventTypes: string[] }) {
  const m = useMutation();
  const [saved, setSaved] = useState(false);
  return (
    <section className="panel" aria-labelledby="edit-webhook">
      <h2 id="edit-webhook" style={{ marginTop: 0 }}>
        Edit
      </h2>
      <ErrorAlert error={m.error} />
      {saved && (
        <div className="alert success" role="status">
          Saved.
        </div>
      )}
      <form
        onSubmit={async (e) => {
          e.preventDefault();
          setSaved(false);
          if (await m.run(() => trpc.webhooks.update.mutate({ id: props.id, ...readForm(e.currentTarget) }))) setSaved(true);
        }}
      >
        <div className="field">
          <label htmlFor="edit-url">URL</label>
          <input id="edit-url" name="url" type="url" required defaultValue={props.url} />
        </div>
        <div className="field">
          <label htmlFor="edit-description">Description</label>
          <input
            id="edit-description"
            name="description"
            type="text"
            maxLength={MAX_WEBHOOK_DESCRIPTION}
            defaultValue={props.description ?? ""}
          />
        </div>
        <EventsPicker eventTypes={props.eventTypes} initial={props.events} />
        <button type="submit" disabled={m.pending}>
          Save changes
        </button>
      </form>
    </section>
  );
}

export function EnableSwitch({ id, enabled }: { id: string; enabled: boolean }) {
  return <MutationSwitch checked={enabled} label="Enabled" onToggle={(next) => trpc.webhooks.update.mutate({ id, enabled: next })} />;
}

export function RotateSecret({ id }: { id: string }) {
  const m = useMutation();
  const [secret, setSecret] = useState<string | null>(null);
  return (
    <>
      {secret && <OneTimeSecret title="New signing secret" value={secret} onDone={() => setSecret(null)} />}
      <ErrorAlert error={m.error} />
      <button
        type="button"
        className="secondary small"
        disabled={m.pending}
        onClick={async () => {
          if (!window.confirm("Replace the signing secret? Deliveries are signed with the new one from now on.")) return;
          const result = await m.run(() => trpc.webhooks.rotateSecret.mutate({ id }));
          if (result) setSecret(result.secret);
        }}
      >
        Rotate secret
      </button>
    </>
  );
}

export function DeleteWebhookButton({ id }: { id: string }) {
  const router = useRouter();
  return (
    <ConfirmButton
      label="Delete endpoint"
      confirm="Delete this endpoint? Pending deliveries to it are dropped."
      action={async () => {
        await trpc.webhooks.remove.mutate({ id });
        router.push("/webhooks");
      }}
    />
  );
}

export function ResendButton({ id, eventId }: { id: string; eventId: string }) {
  const m = useMutation();
  const [queued, setQueued] = useState(false);
  return (
    <>
      <button
        type="button"
        className="secondary small"
        disabled={m.pending}
        onClick={async () => {
          if (await m.run(() => trpc.webhooks.resend.mutate({ id, eventId }))) setQueued(true);
        }}
      >
        {queued ? "Queued again" : "Resend"}
      </button>
      <ErrorAlert error={m.error} />
    </>
  );
}
