import type { ReactNode } from "react";

/** A list page's heading and the line that says what the page is for. */
export function PageHead({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="page-head">
      <div>
        <h1>{title}</h1>
        <p className="muted">{children}</p>
      </div>
    </div>
  );
}
