import { CircleAlertIcon, CircleCheckIcon } from "lucide-react";
import type { ReactNode } from "react";
import { Alert } from "./ui/alert";

/** An error announced to screen readers at once; nothing when there is none. */
export function ErrorAlert({ error }: { error: ReactNode }) {
  if (!error) return null;
  return (
    <Alert tone="error" role="alert" data-testid="error-alert">
      <CircleAlertIcon className="size-4" aria-hidden />
      <div>{error}</div>
    </Alert>
  );
}

/** A success message announced politely; nothing when there is none. */
export function Notice({ children }: { children: ReactNode }) {
  if (!children) return null;
  return (
    <Alert tone="success" role="status" data-testid="notice">
      <CircleCheckIcon className="size-4" aria-hidden />
      <div>{children}</div>
    </Alert>
  );
}
