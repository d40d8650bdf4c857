"use client";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { toast } from "sonner";
import { trpc } from "@/lib/trpc/client";
import { MAX_WEBHOOK_DESCRIPTION } from "@/server/limits/constants";
import { ConfirmButton, ConfirmDialog, MutationForm, MutationSwitch, OneTimeSecret, useMutation } from "../../_components/client";
import { Field } from "../../_components/field";
import { ErrorAlert } from "../../_components/notice";
import { Button } from "../../_components/ui/button";
import { Input } from "../../_components/ui/input";

/** A native checkbox in the kit's colours: keyboard, form data and labels work as the platform does. */
const CHECKBOX = "size-4 shrink-0 accent-primary";

/** Checkboxes for the ten event types, or "all" (sent as ["*"]). */
function EventsPicker({ eventTypes, initial }: { eventTypes: string[]; initial: string[] }) {
  const [all, setAll] = useState(initial.includes("*"));
  return (
    <fieldset className="flex min-w-0 flex-col gap-3">
      <legend className="mb-2 text-sm font-medium">Events</legend>
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" name="all" className={CHECKBOX} checked={all} onChange={(e) => setAll(e.target.checked)} /> All events (
        <code>*</code>)
      </label>
      <div className="grid grid-cols-1 gap-x-4 gap-y-2 sm:grid-cols-2 lg:grid-cols-3">
        {eventTypes.map((t) => (
          <label key={t} className="flex items-center gap-2 text-sm has-disabled:text-muted-foreground">
            <input type="checkbox" name="events" value={t} className={CHECKBOX} disabled={all} defaultChecked={initial.includes(t)} />
            {t}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** The opt-in for email.received payloads with the parsed body (docs/inbound.md). */
function IncludeContent({ initial }: { initial: boolean }) {
  return (
    <label className="flex items-center gap-2 text-sm">
      <input type="checkbox" name="includeContent" className={CHECKBOX} defaultChecked={initial} /> Include the parsed text and html in{" "}
      <code>email.received</code> events
    </label>
  );
}

function readForm(form: HTMLFormElement) {
  const data = new FormData(form);
  const events = data.get("all") ? ["*"] : data.getAll("events").map(String);
  const description = String(data.get("description") ?? "").trim();
  return {
    url: String(data.get("url") ?? "").trim(),
    events,
    description: description || null,
    includeContent: data.get("includeContent") !== null,
  };
}

export function CreateWebhookForm({ eventTypes }: { eventTypes: string[] }) {
  const [secret, setSecret] = useState<string | null>(null);
  return (
    <MutationForm
      id="create-webhook"
      title="Add an endpoint"
      className="mb-6"
      before={secret && <OneTimeSecret title="Signing secret" value={secret} onDone={() => setSecret(null)} />}
      // A new attempt clears the last endpoint's secret first: after a failed create none is left on screen.
      onStart={() => setSecret(null)}
      submit={(form) => trpc.webhooks.create.mutate(readForm(form))}
      success="Endpoint added: copy its signing secret now"
      onSuccess={(created) => setSecret(created.secret)}
      button="Add endpoint"
    >
      <Field htmlFor="webhook-url" label="URL">
        <Input id="webhook-url" name="url" type="url" required placeholder="https://example.com/webhooks/posthaste" />
      </Field>
      <Field htmlFor="webhook-description" label="Description (optional)">
        <Input id="webhook-description" name="description" type="text" maxLength={MAX_WEBHOOK_DESCRIPTION} />
      </Field>
      <EventsPicker eventTypes={eventTypes} initial={["*"]} />
      <IncludeContent initial={false} />
    </MutationForm>
  );
}

export function EditWebhookForm(props: {
  id: string;
  url: string;
  description: string | null;
  events: string[];
  eventTypes: string[];
  includeContent: boolean;
}) {
  return (
    <MutationForm
      id="edit-webhook"
      title="Edit"
      keep
      submit={(form) => trpc.webhooks.update.mutate({ id: props.id, ...readForm(form) })}
      success="Saved."
      button="Save changes"
    >
      <Field htmlFor="edit-url" label="URL">
        <Input id="edit-url" name="url" type="url" required defaultValue={props.url} />
      </Field>
      <Field htmlFor="edit-description" label="Description">
        <Input
          id="edit-description"
          name="description"
          type="text"
          maxLength={MAX_WEBHOOK_DESCRIPTION}
          defaultValue={props.description ?? ""}
        />
      </Field>
      <EventsPicker eventTypes={props.eventTypes} initial={props.events} />
      <IncludeContent initial={props.includeContent} />
    </MutationForm>
  );
}

export function EnableSwitch({ id, enabled }: { id: string; enabled: boolean }) {
  return (
    <MutationSwitch
      checked={enabled}
      label="Enabled"
      success={(next) => (next ? "Endpoint enabled" : "Endpoint disabled: events for it are no longer sent")}
      onToggle={(next) => trpc.webhooks.update.mutate({ id, enabled: next })}
    />
  );
}

export function RotateSecret({ id }: { id: string }) {
  const m = useMutation();
  const [secret, setSecret] = useState<string | null>(null);
  return (
    <div className="flex flex-col items-start gap-2">
      <ConfirmDialog
        title="Replace the signing secret?"
        description="Deliveries are signed with the new secret from now on; receivers that check the old one start refusing them."
        confirmLabel="Rotate secret"
        pending={m.pending}
        onConfirm={async () => {
          const result = await m.run(() => trpc.webhooks.rotateSecret.mutate({ id }), "Signing secret rotated: copy the new one now");
          if (result) setSecret(result.secret);
        }}
      >
        <Button type="button" variant="outline" size="sm" disabled={m.pending}>
          Rotate secret
        </Button>
      </ConfirmDialog>
      <ErrorAlert error={m.error} />
      {secret && <OneTimeSecret title="New signing secret" value={secret} onDone={() => setSecret(null)} />}
    </div>
  );
}

export function DeleteWebhookButton({ id }: { id: string }) {
  const router = useRouter();
  return (
    <ConfirmButton
      label="Delete endpoint"
      confirmTitle="Delete this endpoint?"
      confirm="Pending deliveries to it are dropped. This cannot be undone."
      success="Endpoint deleted"
      action={async () => {
        await trpc.webhooks.remove.mutate({ id });
        // The toast outlives this navigation: the toaster sits in the root layout.
        router.push("/webhooks");
      }}
    />
  );
}

export function ResendButton({ id, eventId }: { id: string; eventId: string }) {
  const m = useMutation();
  const [queued, setQueued] = useState(false);
  return (
    <div className="flex flex-col items-start gap-2">
      <Button
        type="button"
        variant="outline"
        size="sm"
        disabled={m.pending}
        onClick={async () => {
          if (await m.run(() => trpc.webhooks.resend.mutate({ id, eventId }), "Delivery queued again")) setQueued(true);
        }}
      >
        {queued ? "Queued again" : "Resend"}
      </Button>
      <ErrorAlert error={m.error} />
    </div>
  );
}

/** Queues a signed `email.sent` test event to the endpoint; its attempt shows in the delivery log. */
export function TestEventButton({ id }: { id: string }) {
  const m = useMutation();
  const [queued, setQueued] = useState(false);
  return (
    <>
      <Button
        type="button"
        variant="outline"
        size="sm"
        data-testid="send-test-event"
        disabled={m.pending}
        onClick={async () => {
          setQueued(false);
          if (await m.run(() => trpc.dashboard.webhookTest.mutate({ id }))) {
            setQueued(true);
            toast.success("Test event queued.");
          }
        }}
      >
        Send test event
      </Button>
      {queued && (
        <span className="mt-1 block text-xs text-muted-foreground" role="status" data-testid="test-event-queued">
          Test event queued: its attempt appears in the delivery log.
        </span>
      )}
      <ErrorAlert error={m.error} />
    </>
  );
}
