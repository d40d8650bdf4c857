import type { ReactNode } from "react";
import { Label } from "./ui/label";

/** A labelled form control: `htmlFor` names the control's id. */
export function Field({ htmlFor, label, children }: { htmlFor: string; label: ReactNode; children: ReactNode }) {
  return (
    <div data-slot="field" className="flex min-w-0 flex-col gap-2">
      <Label htmlFor={htmlFor} className="leading-snug">
        {label}
      </Label>
      {children}
    </div>
  );
}
