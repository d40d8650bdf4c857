"use client";
import { useRouter } from "next/navigation";
import { useId, useState, useTransition, type ReactElement, type ReactNode } from "react";
import { toast } from "sonner";
import { errorMessage } from "@/lib/trpc/client";
import { Copyable } from "./copyable";
import { ErrorAlert } from "./notice";
import { Alert } from "./ui/alert";
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogTitle,
  AlertDialogTrigger,
} from "./ui/alert-dialog";
import { Button } from "./ui/button";
import { Card, CardHeader, CardTitle } from "./ui/card";
import { Label } from "./ui/label";
import { Switch } from "./ui/switch";

/** What a toast says once a mutation succeeded: fixed, or made from its result. */
export type SuccessMessage<T> = string | ((result: T) => string);

/**
 * Runs a mutation, then re-renders the server components so lists show the new state, and says
 * so in a toast. Errors are the API's own messages, kept in `error` for the caller to show inline
 * beside the control that failed.
 */
export function useMutation() {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  async function run<T>(fn: () => Promise<T>, success?: SuccessMessage<T>): Promise<T | undefined> {
    setBusy(true);
    setError(null);
    try {
      const result = await fn();
      startTransition(() => router.refresh());
      if (success) toast.success(typeof success === "function" ? success(result) : success);
      return result;
    } catch (err) {
      setError(errorMessage(err));
      return undefined;
    } finally {
      setBusy(false);
    }
  }
  return { run, pending: busy || pending, error, setError };
}

/**
 * A titled card holding one form that runs one mutation: the API's error shows under the title,
 * and on success a toast says `success`, the form is cleared (unless `keep`) and `onSuccess` gets
 * the result. `before` shows above the error and `after` below it. An `inline` form lays its
 * fields out in a row that wraps on narrow screens.
 */
export function MutationForm<T>(props: {
  id: string;
  title: string;
  className?: string;
  inline?: boolean;
  before?: ReactNode;
  after?: ReactNode;
  keep?: boolean;
  /** The submit button in red, for a form whose action cannot be undone. */
  destructive?: boolean;
  success?: SuccessMessage<T>;
  onStart?: () => void;
  submit: (form: HTMLFormElement) => Promise<T>;
  onSuccess?: (result: T) => void;
  button: ReactNode | ((pending: boolean) => ReactNode);
  children: ReactNode;
}) {
  const m = useMutation();
  return (
    <Card className={props.className} aria-labelledby={props.id} role="region">
      <CardHeader>
        <CardTitle id={props.id}>{props.title}</CardTitle>
      </CardHeader>
      {props.before}
      <ErrorAlert error={m.error} />
      {props.after}
      <form
        className={
          props.inline
            ? "flex flex-wrap items-end gap-x-3 gap-y-4 [&>[data-slot=field]]:min-w-48 [&>[data-slot=field]]:flex-1"
            : "flex flex-col gap-4"
        }
        onSubmit={async (e) => {
          e.preventDefault();
          const form = e.currentTarget;
          props.onStart?.();
          const result = await m.run(() => props.submit(form), props.success);
          if (result) {
            props.onSuccess?.(result);
            if (!props.keep) form.reset();
          }
        }}
      >
        {props.children}
        <Button type="submit" variant={props.destructive ? "destructive" : "default"} disabled={m.pending} className="self-start">
          {typeof props.button === "function" ? props.button(m.pending) : props.button}
        </Button>
      </form>
    </Card>
  );
}

/** A secret shown exactly once, with a copy button and a reminder. */
export function OneTimeSecret({ title, value, onDone }: { title: string; value: string; onDone: () => void }) {
  return (
    <Alert tone="success" role="status" className="flex flex-col gap-2">
      <strong>{title}</strong>
      <p>Copy it now: it will not be shown again.</p>
      <div className="flex flex-wrap items-center gap-2">
        <Copyable value={value} label="Copy secret" testId="one-time-secret" className="rounded-md border bg-background px-2" />
        <Button type="button" variant="outline" size="sm" onClick={onDone}>
          Done
        </Button>
      </div>
    </Alert>
  );
}

/**
 * A styled confirmation before an action that cannot be undone (its button red) or that changes
 * what someone may do (`tone="default"`). It stays open, its button disabled, while the action
 * runs, then closes; the trigger's owner shows any error.
 */
export function ConfirmDialog(props: {
  title: string;
  description: ReactNode;
  /** Below the description: a choice the confirmation carries out (the action reads it). */
  body?: ReactNode;
  confirmLabel: string;
  tone?: "destructive" | "default";
  pending: boolean;
  onConfirm: () => Promise<unknown>;
  children: ReactElement;
}) {
  const [open, setOpen] = useState(false);
  return (
    <AlertDialog open={open} onOpenChange={setOpen}>
      <AlertDialogTrigger asChild>{props.children}</AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogTitle>{props.title}</AlertDialogTitle>
        <AlertDialogDescription>{props.description}</AlertDialogDescription>
        {props.body}
        <AlertDialogFooter>
          <AlertDialogCancel asChild>
            <Button variant="outline">Cancel</Button>
          </AlertDialogCancel>
          <Button
            variant={props.tone ?? "destructive"}
            disabled={props.pending}
            onClick={async () => {
              await props.onConfirm();
              setOpen(false);
            }}
          >
            {props.confirmLabel}
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}

/**
 * A button that runs one mutation, toasts `success` and reports its error inline. With `confirm`
 * (the consequence, in a sentence) it asks first in a dialog titled `confirmTitle`, whose button
 * reads `confirmLabel`.
 */
export function ConfirmButton<T>(props: {
  label: string;
  confirm?: string;
  /** A choice shown in the confirmation dialog, below `confirm` (see ConfirmDialog). */
  confirmBody?: ReactNode;
  confirmTitle?: string;
  confirmLabel?: string;
  /** The confirming button's colour: red (the default) for what cannot be undone. */
  confirmTone?: "destructive" | "default";
  variant?: "destructive-outline" | "outline";
  className?: string;
  success?: SuccessMessage<T>;
  action: () => Promise<T>;
  /** After a success (and its toast): e.g. leave a page the action made unreachable. */
  onSuccess?: (result: T) => void;
}) {
  const m = useMutation();
  async function run() {
    const result = await m.run(props.action, props.success);
    if (result !== undefined) props.onSuccess?.(result);
  }
  const button = (
    <Button
      type="button"
      size="sm"
      variant={props.variant ?? "destructive-outline"}
      className={props.className}
      disabled={m.pending}
      onClick={props.confirm ? undefined : () => void run()}
    >
      {props.label}
    </Button>
  );
  return (
    <div className="flex flex-col items-start gap-2">
      {props.confirm ? (
        <ConfirmDialog
          title={props.confirmTitle ?? `${props.label}?`}
          description={props.confirm}
          body={props.confirmBody}
          confirmLabel={props.confirmLabel ?? props.label}
          tone={props.confirmTone}
          pending={m.pending}
          onConfirm={run}
        >
          {button}
        </ConfirmDialog>
      ) : (
        button
      )}
      <ErrorAlert error={m.error} />
    </div>
  );
}

/** An on/off switch whose change runs a mutation, then refreshes the page's data. */
export function MutationSwitch({
  checked,
  label,
  name,
  success,
  onToggle,
}: {
  checked: boolean;
  label: string;
  /** What the switch controls, when several share a page (its accessible name; `label` stays the visible state). */
  name?: string;
  success?: (next: boolean) => string;
  onToggle: (next: boolean) => Promise<unknown>;
}) {
  const m = useMutation();
  const id = useId();
  return (
    <div className="flex flex-col items-start gap-2">
      <div className="flex items-center gap-2">
        <Switch
          id={id}
          checked={checked}
          aria-label={name}
          disabled={m.pending}
          onCheckedChange={(next) => void m.run(() => onToggle(next), success ? () => success(next) : undefined)}
        />
        <Label htmlFor={id}>{label}</Label>
      </div>
      <ErrorAlert error={m.error} />
    </div>
  );
}
