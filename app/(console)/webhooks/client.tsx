"use client";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { trpc } from "@/lib/trpc/client";
import { MAX_WEBHOOK_DESCRIPTION } from "@/server/limits/constants";
import { ConfirmButton, MutationForm, MutationSwitch, OneTimeSecret, useMutation } from "../../_components/client";
import { ErrorAlert, Notice } from "../../_components/notice";
import { Field } from "../../_components/field";

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
  const [secret, setSecret] = useState<string | null>(null);
  return (
    <MutationForm
      id="create-webhook"
      title="Add an endpoint"
      before={secret && <OneTimeSecret title="Signing secret" value={secret} onDone={() => setSecret(null)} />}
      // A new attempt clears the last endpoint's secret first: after a failed create none is left on screen.
      onStart={() => setSecret(null)}
      submit={(form) => trpc.webhooks.create.mutate(readForm(form))}
      onSuccess={(created) => setSecret(created.secret)}
      button="Add endpoint"
    >
      <Field htmlFor="webhook-url" label="URL">
        <input id="webhook-url" name="url" type="url" required placeholder="https://example.com/webhooks/posthaste" />
      </Field>
      <Field htmlFor="webhook-description" label="Description (optional)">
        <input id="webhook-description" name="description" type="text" maxLength={MAX_WEBHOOK_DESCRIPTION} />
      </Field>
      <EventsPicker eventTypes={eventTypes} initial={["*"]} />
    </MutationForm>
  );
}

export function EditWebhookForm(props: { id: string; url: string; description: string | null; events: string[]; eventTypes: string[] }) {
  const [saved, setSaved] = useState(false);
  return (
    <MutationForm
      id="edit-webhook"
      title="Edit"
      after={saved && <Notice>Saved.</Notice>}
      keep
      onStart={() => setSaved(false)}
      submit={(form) => trpc.webhooks.update.mutate({ id: props.id, ...readForm(form) })}
      onSuccess={() => setSaved(true)}
      button="Save changes"
    >
      <Field htmlFor="edit-url" label="URL">
        <input id="edit-url" name="url" type="url" required defaultValue={props.url} />
      </Field>
      <Field htmlFor="edit-description" label="Description">
        <input
          id="edit-description"
          name="description"
          type="text"
          maxLength={MAX_WEBHOOK_DESCRIPTION}
          defaultValue={props.description ?? ""}
        />
      </Field>
      <EventsPicker eventTypes={props.eventTypes} initial={props.events} />
    </MutationForm>
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

/** Queues a signed `email.sent` test event to the endpoint; its attempt shows in the delivery log. */
export function TestEventButton({ id }: { id: string }) {
  const m = useMutation();
  const [queued, setQueued] = useState(false);
  return (
    <>
      <button
        type="button"
        className="secondary small"
        data-testid="send-test-event"
        disabled={m.pending}
        onClick={async () => {
          setQueued(false);
          if (await m.run(() => trpc.dashboard.webhookTest.mutate({ id }))) setQueued(true);
        }}
      >
        Send test event
      </button>
      {queued && (
        <span className="muted small" role="status" data-testid="test-event-queued">
          Test event queued: its attempt appears in the delivery log.
        </span>
      )}
      <ErrorAlert error={m.error} />
    </>
  );
}
