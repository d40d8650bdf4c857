import { TriangleAlertIcon } from "lucide-react";
import type { AccountNotice } from "@/server/accounts/schemas";
import { Alert, AlertDescription, AlertTitle } from "./ui/alert";

/**
 * The account's standings (awaiting review, test mode, paused, …), each a callout with its title,
 * what it means and what lifts it, above every console page. The wording is the server's
 * (server/accounts/standing.ts).
 */
export function AccountNotices({ notices }: { notices: AccountNotice[] }) {
  if (notices.length === 0) return null;
  return (
    <section aria-label="Account status" data-testid="account-notices" className="mb-6 flex flex-col gap-3">
      {notices.map((n) => (
        <Alert key={n.kind} tone="warning" role="status" aria-labelledby={`notice-${n.kind}-title`} data-testid={`notice-${n.kind}`}>
          <TriangleAlertIcon className="size-4" aria-hidden />
          <div>
            <AlertTitle id={`notice-${n.kind}-title`}>{n.title}</AlertTitle>
            <AlertDescription>
              <p>{n.meaning}</p>
              <p data-testid="notice-lift">
                <span className="font-medium">What lifts it: </span>
                {n.lift}
              </p>
            </AlertDescription>
          </div>
        </Alert>
      ))}
    </section>
  );
}
