import type { AccountNotice } from "@/server/accounts/schemas";

/**
 * The account's standings (awaiting review, test mode, paused, …), each saying what it means
 * and what lifts it, above every console page. The wording is the server's (server/accounts/standing.ts).
 */
export function AccountNotices({ notices }: { notices: AccountNotice[] }) {
  if (notices.length === 0) return null;
  return (
    <section aria-label="Account status" data-testid="account-notices">
      {notices.map((n) => (
        <div key={n.kind} className="alert info" role="status" data-testid={`notice-${n.kind}`}>
          <strong>{n.title}.</strong> {n.meaning} <span data-testid="notice-lift">{n.lift}</span>
        </div>
      ))}
    </section>
  );
}
