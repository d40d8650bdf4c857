import type { ReactNode } from "react";
import { Card } from "../_components/ui/card";

/** The one card an auth page shows: its heading, then the form or message. */
export function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card className="gap-5">
      <h1 className="text-xl font-semibold tracking-tight">{title}</h1>
      {children}
    </Card>
  );
}
