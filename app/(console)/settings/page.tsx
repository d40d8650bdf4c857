import type { Metadata } from "next";
import { api } from "@/lib/trpc/server";
import { PageHead } from "../../_components/page-head";
import { Time } from "../../_components/format";
import { ChangeEmailForm, ChangePasswordForm, DeleteAccountForm } from "./client";

export const metadata: Metadata = { title: "Settings" };

const limit = (n: number | null, unit = "") => (n === null ? "unlimited" : `${n.toLocaleString("en-US")}${unit}`);

export default async function SettingsPage() {
  const account = await (await api()).account.get({});
  const { limits } = account;
  const owner = account.you.role === "owner";
  return (
    <>
      <PageHead title="Settings">The account, its plan, and your own sign-in.</PageHead>
      <section className="panel" aria-labelledby="account-heading">
        <h2 id="account-heading" style={{ marginTop: 0 }}>
          Account
        </h2>
        <dl className="props">
          <dt>Account id</dt>
          <dd className="mono" data-testid="account-id">
            {account.id}
          </dd>
          <dt>Account email</dt>
          <dd>{account.email}</dd>
          <dt>Status</dt>
          <dd data-testid="account-status">
            {[account.approved ? "approved" : "awaiting review", account.paused ? "sending paused" : ""].filter(Boolean).join(", ")}
          </dd>
          <dt>Created</dt>
          <dd>
            <Time ms={account.createdAt} />
          </dd>
        </dl>
        <p className="muted">Give the operator the account id or email when asking about the account.</p>
      </section>
      <section className="panel" aria-labelledby="plan-heading" data-testid="plan-limits">
        <h2 id="plan-heading" style={{ marginTop: 0 }}>
          Plan: <span data-testid="settings-plan">{account.plan}</span>
        </h2>
        <dl className="props">
          <dt>Emails a month</dt>
          <dd>{limit(limits.month)}</dd>
          <dt>Emails a day (UTC)</dt>
          <dd>{limit(limits.day)}</dd>
          {account.throttlePerDay !== null && (
            <>
              <dt>Review throttle</dt>
              <dd>{limit(account.throttlePerDay, " recipients a day")}</dd>
            </>
          )}
          <dt>Domains</dt>
          <dd>{limit(limits.domains)}</dd>
          <dt>Webhook endpoints</dt>
          <dd>{limit(limits.webhooks)}</dd>
          <dt>Send rate</dt>
          <dd>{limits.rate ? `${limits.rate.perSecond} a second, bursts of ${limits.rate.burst}` : "no limit"}</dd>
        </dl>
        <p className="muted">The operator of this server sets the plan.</p>
      </section>
      <section className="panel" aria-labelledby="you-heading">
        <h2 id="you-heading" style={{ marginTop: 0 }}>
          Your sign-in
        </h2>
        <p>
          <span data-testid="your-email">{account.you.email}</span> · {owner ? "owner" : "member"}
        </p>
      </section>
      <ChangePasswordForm />
      <ChangeEmailForm />
      {owner && <DeleteAccountForm email={account.email} />}
    </>
  );
}
