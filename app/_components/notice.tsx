import type { ReactNode } from "react";

/** A message in the alert box of its tone; nothing when there is none. */
function Alert({ tone, children }: { tone: "error" | "success"; children: ReactNode }) {
  return children ? (
    <div className={`alert ${tone}`} role={tone === "error" ? "alert" : "status"}>
      {children}
    </div>
  ) : null;
}

/** An error announced to screen readers at once. */
export function ErrorAlert({ error }: { error: ReactNode }) {
  return <Alert tone="error">{error}</Alert>;
}

/** A success message announced politely. */
export function Notice({ children }: { children: ReactNode }) {
  return <Alert tone="success">{children}</Alert>;
}
