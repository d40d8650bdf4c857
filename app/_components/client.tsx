"use client";
import { useRouter } from "next/navigation";
import { useEffect, useState, useTransition, type ReactNode } from "react";
import { errorMessage } from "@/lib/trpc/client";
import { ErrorAlert } from "./notice";

/**
 * Runs a mutation, then re-renders the server components so lists show the new state.
 * Errors are the API's own messages.
 */
export function useMutation() {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  async function run<T>(fn: () => Promise<T>): Promise<T | undefined> {
    setBusy(true);
    setError(null);
    try {
      const result = await fn();
      startTransition(() => router.refresh());
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
 * A titled section holding one form that runs one mutation: the API's error shows under the
 * title, and on success the form is cleared (unless `keep`) and `onSuccess` gets the result.
 * `before` shows above the error and `after` below it. An `inline` form lays its fields out
 * in a row, the submit button in a field of its own.
 */
export function MutationForm<T>(props: {
  id: string;
  title: string;
  className?: string;
  inline?: boolean;
  before?: ReactNode;
  after?: ReactNode;
  keep?: boolean;
  onStart?: () => void;
  submit: (form: HTMLFormElement) => Promise<T>;
  onSuccess?: (result: T) => void;
  button: ReactNode | ((pending: boolean) => ReactNode);
  children: ReactNode;
}) {
  const m = useMutation();
  const button = (
    <button type="submit" disabled={m.pending}>
      {typeof props.button === "function" ? props.button(m.pending) : props.button}
    </button>
  );
  return (
    <section className={props.className ?? "panel"} aria-labelledby={props.id}>
      <h2 id={props.id} style={{ marginTop: 0 }}>
        {props.title}
      </h2>
      {props.before}
      <ErrorAlert error={m.error} />
      {props.after}
      <form
        className={props.inline ? "inline" : undefined}
        onSubmit={async (e) => {
          e.preventDefault();
          const form = e.currentTarget;
          props.onStart?.();
          const result = await m.run(() => props.submit(form));
          if (result) {
            props.onSuccess?.(result);
            if (!props.keep) form.reset();
          }
        }}
      >
        {props.children}
        {props.inline ? <div className="field">{button}</div> : button}
      </form>
    </section>
  );
}

export function CopyButton({ text, label = "Copy" }: { text: string; label?: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <button
      type="button"
      className="secondary small"
      onClick={async () => {
        try {
          await navigator.clipboard.writeText(text);
          setCopied(true);
          setTimeout(() => setCopied(false), 2000);
        } catch {
          setCopied(false);
        }
      }}
    >
      {copied ? "Copied" : label}
    </button>
  );
}

/** A secret shown exactly once, with a copy button and a reminder. */
export function OneTimeSecret({ title, value, onDone }: { title: string; value: string; onDone: () => void }) {
  return (
    <div className="alert success" role="status">
      <strong>{title}</strong>
      <p>Copy it now: it will not be shown again.</p>
      <div className="secret">
        <code data-testid="one-time-secret">{value}</code>
        <CopyButton text={value} />
        <button type="button" className="secondary small" onClick={onDone}>
          Done
        </button>
      </div>
    </div>
  );
}

/** A button that confirms, runs one mutation and reports its error inline. */
export function ConfirmButton(props: { label: string; confirm?: string; className?: string; action: () => Promise<unknown> }) {
  const m = useMutation();
  return (
    <>
      <button
        type="button"
        className={props.className ?? "danger small"}
        disabled={m.pending}
        onClick={() => {
          if (props.confirm && !window.confirm(props.confirm)) return;
          void m.run(props.action);
        }}
      >
        {props.label}
      </button>
      {m.error && (
        <span className="alert error small" role="alert" style={{ display: "block", marginTop: 6 }}>
          {m.error}
        </span>
      )}
    </>
  );
}

/** Marks the page interactive (browser tests wait for it before typing into forms). */
/** An on/off switch whose change runs a mutation, then refreshes the page's data. */
export function MutationSwitch({
  checked,
  label,
  onToggle,
}: {
  checked: boolean;
  label: string;
  onToggle: (next: boolean) => Promise<unknown>;
}) {
  const m = useMutation();
  return (
    <>
      <label className="switch">
        <input
          type="checkbox"
          role="switch"
          aria-checked={checked}
          checked={checked}
          disabled={m.pending}
          onChange={(e) => void m.run(() => onToggle(e.target.checked))}
        />
        {label}
      </label>
      <ErrorAlert error={m.error} />
    </>
  );
}

export function HydrationMark() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = "1";
  }, []);
  return null;
}
