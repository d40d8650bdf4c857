import type { Metadata } from "next";
import Link from "next/link";
import { api } from "@/lib/trpc/server";

export const metadata: Metadata = { title: "Overview" };

export default async function OverviewPage() {
  const caller = await api();
  const keys = await caller.apiKeys.list({});
  return (
    <>
      <div className="page-head"><div><h1>Overview</h1></div></div>
      <div className="cards">
        <div className="card"><div className="label">API keys</div><div className="value">{keys.data.length}</div></div>
      </div>
      {keys.data.length === 0 && (
        <div className="alert info">Start by <Link href="/api-keys">creating an API key</Link>.</div>
      )}
    </>
  );
}
