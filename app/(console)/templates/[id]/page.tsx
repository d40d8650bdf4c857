import { ArrowLeftIcon } from "lucide-react";
import type { Metadata } from "next";
import Link from "next/link";
import { api } from "@/lib/trpc/server";
import { Copyable } from "../../../_components/copyable";
import { Badge, Time } from "../../../_components/format";
import { orNotFound } from "../../../_components/not-found";
import { PageHead } from "../../../_components/page-head";
import { Properties, Property } from "../../../_components/properties";
import { Card, CardHeader, CardTitle } from "../../../_components/ui/card";
import { TemplateActions, TemplateEditor, VersionDiff } from "../client";

export const metadata: Metadata = { title: "Template" };

export default async function TemplatePage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const caller = await api();
  const t = await orNotFound(caller.templates.get({ id }));
  const versions = await caller.templates.versions({ id: t.id });
  const fallbacks = Object.fromEntries(t.variables.flatMap((v) => (v.fallback_value === null ? [] : [[v.key, v.fallback_value]])));
  return (
    <>
      <PageHead
        title={<span className="wrap-anywhere">{t.name}</span>}
        above={
          <Link href="/templates" className="inline-flex items-center gap-1 text-sm">
            <ArrowLeftIcon className="size-4" aria-hidden /> Templates
          </Link>
        }
      >
        <span className="flex flex-wrap gap-1.5" data-testid="template-status">
          <Badge value={t.status === "published" ? "enabled" : "pending"} label={t.status} />
          {t.has_unpublished_versions && <Badge value="pending" label="unpublished changes" />}
        </span>
      </PageHead>
      <Card className="mb-6">
        <Properties>
          <Property label="Id">
            <Copyable value={t.id} label="Copy template id" className="-my-1.5" />
          </Property>
          <Property label="Alias">{t.alias ?? "—"}</Property>
          <Property label="Published">
            <Time ms={t.published_at ? Date.parse(t.published_at) : null} />
          </Property>
          <Property label="Variables">
            {t.variables.length
              ? t.variables
                  .map((v) => `${v.key} (${v.type}${v.fallback_value === null ? "" : `, fallback ${v.fallback_value}`})`)
                  .join(", ")
              : "—"}
          </Property>
        </Properties>
        <div className="mt-4">
          <TemplateActions id={t.id} values={fallbacks} />
        </div>
      </Card>
      <TemplateEditor
        // A new key after each save or publish: the form starts again from what is stored.
        key={t.updated_at}
        template={{
          id: t.id,
          name: t.name,
          alias: t.alias,
          from: t.from,
          subject: t.subject,
          html: t.html,
          text: t.text,
          variables: t.variables,
        }}
      />
      <Card role="region" aria-labelledby="versions">
        <CardHeader>
          <CardTitle id="versions">Versions</CardTitle>
        </CardHeader>
        {versions.length === 0 ? (
          <p className="text-sm text-muted-foreground">Not published yet: a draft cannot send.</p>
        ) : (
          <ol className="mb-4 flex flex-col gap-1 text-sm" data-testid="versions">
            {versions.map((v) => (
              <li key={v.id}>
                Version {v.number}
                {v.id === t.current_version_id && " (sending)"}: <Time ms={Date.parse(v.created_at)} />
              </li>
            ))}
          </ol>
        )}
        {versions.length >= 2 && (
          <>
            <h3 className="mb-2 text-sm font-medium">
              Version {versions[1].number} → {versions[0].number} (HTML)
            </h3>
            <VersionDiff older={versions[1].html} newer={versions[0].html} />
          </>
        )}
      </Card>
    </>
  );
}
