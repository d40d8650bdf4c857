import type { Metadata } from "next";
import { api } from "@/lib/trpc/server";
import { Badge, Time } from "../../_components/format";
import { PageHead } from "../../_components/page-head";
import { Properties, Property } from "../../_components/properties";
import { Card, CardDescription, CardHeader, CardTitle } from "../../_components/ui/card";
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
      <div className="flex flex-col gap-6">
        <Card role="region" aria-labelledby="account-heading">
          <CardHeader>
            <CardTitle id="account-heading">Account</CardTitle>
            <CardDescription>Give the operator the account id or email when asking about the account.</CardDescription>
          </CardHeader>
          <Properties>
            <Property label="Account id" testId="account-id">
              <span className="font-mono wrap-anywhere">{account.id}</span>
            </Property>
            <Property label="Account email">
              <span className="wrap-anywhere">{account.email}</span>
            </Property>
            <Property label="Status" testId="account-status">
              {[account.approved ? "approved" : "awaiting review", account.paused ? "sending paused" : ""].filter(Boolean).join(", ")}
            </Property>
            <Property label="Created">
              <Time ms={account.createdAt} />
            </Property>
          </Properties>
        </Card>
        <Card role="region" aria-labelledby="plan-heading" data-testid="plan-limits">
          <CardHeader>
            <CardTitle id="plan-heading">
              Plan: <span data-testid="settings-plan">{account.plan}</span>
            </CardTitle>
            <CardDescription>The operator of this server sets the plan.</CardDescription>
          </CardHeader>
          <Properties>
            <Property label="Emails a month">{limit(limits.month)}</Property>
            <Property label="Emails a day (UTC)">{limit(limits.day)}</Property>
            {account.throttlePerDay !== null && (
              <Property label="Review throttle">{limit(account.throttlePerDay, " recipients a day")}</Property>
            )}
            <Property label="Domains">{limit(limits.domains)}</Property>
            <Property label="Webhook endpoints">{limit(limits.webhooks)}</Property>
            <Property label="Send rate">
              {limits.rate ? `${limits.rate.perSecond} a second, bursts of ${limits.rate.burst}` : "no limit"}
            </Property>
          </Properties>
        </Card>
        <Card role="region" aria-labelledby="you-heading">
          <CardHeader>
            <CardTitle id="you-heading">Your sign-in</CardTitle>
          </CardHeader>
          <p className="flex flex-wrap items-center gap-2 text-sm">
            <span data-testid="your-email" className="wrap-anywhere">
              {account.you.email}
            </span>
            <Badge value={account.you.role} label={owner ? "owner" : "member"} />
          </p>
        </Card>
        <ChangePasswordForm />
        <ChangeEmailForm />
        {owner && <DeleteAccountForm email={account.email} />}
      </div>
    </>
  );
}
