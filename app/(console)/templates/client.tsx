"use client";
import { useRouter } from "next/navigation";
import { useMemo, useState } from "react";
import { trpc } from "@/lib/trpc/client";
import { MAX_TEMPLATE_KEY_LENGTH, MAX_TEMPLATE_NAME_LENGTH, MAX_TEMPLATE_VARIABLES } from "@/server/limits/constants";
import { compileTemplate, render, type TemplateVariable } from "@/server/templates/render";
import { ConfirmButton, MutationForm, useMutation } from "../../_components/client";
import { Field } from "../../_components/field";
import { ErrorAlert } from "../../_components/notice";
import { Button } from "../../_components/ui/button";
import { Card, CardHeader, CardTitle } from "../../_components/ui/card";
import { Input } from "../../_components/ui/input";
import { NativeSelect } from "../../_components/ui/native-select";
import { Textarea } from "../../_components/ui/textarea";
import { lineDiff } from "@/server/templates/line-diff";

const STARTER = "<p>Hello {{{NAME}}},</p>\n<p>Thanks for signing up.</p>";

export function CreateTemplateForm() {
  const router = useRouter();
  return (
    <MutationForm
      id="create-template"
      title="New template"
      className="mb-6"
      inline
      submit={(form) => {
        const data = new FormData(form);
        return trpc.templates.create.mutate({
          name: String(data.get("name") ?? "").trim(),
          html: STARTER,
          subject: "Welcome, {{{NAME}}}",
          variables: [{ key: "NAME", type: "string", fallback_value: "there" }],
        });
      }}
      success="Template created"
      onSuccess={(created) => router.push(`/templates/${created.id}`)}
      button="Create template"
    >
      <Field htmlFor="template-name" label="Name">
        <Input id="template-name" name="name" required maxLength={MAX_TEMPLATE_NAME_LENGTH} />
      </Field>
    </MutationForm>
  );
}

export interface EditableTemplate {
  id: string;
  name: string;
  alias: string | null;
  from: string | null;
  subject: string | null;
  html: string;
  text: string | null;
  variables: TemplateVariable[];
}

type VariableRow = { key: string; type: "string" | "number"; fallback: string };

const toRows = (variables: TemplateVariable[]): VariableRow[] =>
  variables.map((v) => ({ key: v.key, type: v.type, fallback: v.fallback_value === null ? "" : String(v.fallback_value) }));

function toVariables(rows: VariableRow[]): TemplateVariable[] {
  return rows
    .filter((r) => r.key.trim())
    .map((r) => ({
      key: r.key.trim(),
      type: r.type,
      fallback_value: r.fallback === "" ? null : r.type === "number" ? Number(r.fallback) : r.fallback,
    }));
}

/** The preview: the server's rules, then the same renderer as sending, each fallback (or `[KEY]`) as the value. */
function preview(t: { subject: string; html: string; text: string }, variables: TemplateVariable[]) {
  const sources = { subject: t.subject || null, html: t.html, text: t.text || null };
  try {
    compileTemplate(sources, variables);
    const shown = variables.map((v) => ({
      key: v.key,
      type: "string" as const,
      fallback_value: v.fallback_value === null ? `[${v.key}]` : String(v.fallback_value),
    }));
    return { ok: true as const, ...render(compileTemplate(sources, shown), {}) };
  } catch (err) {
    return { ok: false as const, error: err instanceof Error ? err.message : String(err) };
  }
}

export function TemplateEditor({ template }: { template: EditableTemplate }) {
  const router = useRouter();
  const [name, setName] = useState(template.name);
  const [alias, setAlias] = useState(template.alias ?? "");
  const [from, setFrom] = useState(template.from ?? "");
  const [subject, setSubject] = useState(template.subject ?? "");
  const [html, setHtml] = useState(template.html);
  const [text, setText] = useState(template.text ?? "");
  const [rows, setRows] = useState<VariableRow[]>(toRows(template.variables));
  const save = useMutation();
  const variables = useMemo(() => toVariables(rows), [rows]);
  const shown = useMemo(() => preview({ subject, html, text }, variables), [subject, html, text, variables]);

  const setRow = (i: number, change: Partial<VariableRow>) => setRows(rows.map((r, k) => (k === i ? { ...r, ...change } : r)));
  return (
    <Card className="mb-6" role="region" aria-labelledby="template-editor">
      <CardHeader>
        <CardTitle id="template-editor">Edit</CardTitle>
      </CardHeader>
      <ErrorAlert error={save.error} />
      <form
        className="flex flex-col gap-4"
        onSubmit={async (e) => {
          e.preventDefault();
          const done = await save.run(
            () =>
              trpc.templates.update.mutate({
                id: template.id,
                name,
                alias: alias.trim() || null,
                from: from.trim() || null,
                subject: subject || null,
                html,
                text: text || null,
                variables: variables.map((v) => ({ key: v.key, type: v.type, fallback_value: v.fallback_value })),
              }),
            "Saved: publish to send this version",
          );
          if (done) router.refresh();
        }}
      >
        <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
          <Field htmlFor="t-name" label="Name">
            <Input id="t-name" value={name} onChange={(e) => setName(e.target.value)} required maxLength={MAX_TEMPLATE_NAME_LENGTH} />
          </Field>
          <Field htmlFor="t-alias" label="Alias (optional)">
            <Input id="t-alias" value={alias} onChange={(e) => setAlias(e.target.value)} maxLength={MAX_TEMPLATE_NAME_LENGTH} />
          </Field>
          <Field htmlFor="t-from" label="From (optional)">
            <Input id="t-from" value={from} onChange={(e) => setFrom(e.target.value)} placeholder="Acme <hello@acme.example>" />
          </Field>
          <Field htmlFor="t-subject" label="Subject">
            <Input id="t-subject" value={subject} onChange={(e) => setSubject(e.target.value)} maxLength={998} />
          </Field>
        </div>
        <fieldset className="flex min-w-0 flex-col gap-2">
          <legend className="mb-2 text-sm font-medium">Variables</legend>
          {rows.map((r, i) => (
            <div key={i} className="grid grid-cols-1 gap-2 sm:grid-cols-[1fr_8rem_1fr_auto] sm:items-end" data-testid="variable-row">
              <Field htmlFor={`v-key-${i}`} label="Key">
                <Input
                  id={`v-key-${i}`}
                  value={r.key}
                  maxLength={MAX_TEMPLATE_KEY_LENGTH}
                  onChange={(e) => setRow(i, { key: e.target.value })}
                />
              </Field>
              <Field htmlFor={`v-type-${i}`} label="Type">
                <NativeSelect
                  id={`v-type-${i}`}
                  value={r.type}
                  onChange={(e) => setRow(i, { type: e.target.value as VariableRow["type"] })}
                >
                  <option value="string">string</option>
                  <option value="number">number</option>
                </NativeSelect>
              </Field>
              <Field htmlFor={`v-fallback-${i}`} label="Fallback (optional)">
                <Input id={`v-fallback-${i}`} value={r.fallback} onChange={(e) => setRow(i, { fallback: e.target.value })} />
              </Field>
              <Button type="button" variant="outline" size="sm" onClick={() => setRows(rows.filter((_, k) => k !== i))}>
                Remove <span className="sr-only">{r.key}</span>
              </Button>
            </div>
          ))}
          {rows.length < MAX_TEMPLATE_VARIABLES && (
            <div>
              <Button
                type="button"
                variant="outline"
                size="sm"
                onClick={() => setRows([...rows, { key: "", type: "string", fallback: "" }])}
              >
                Add variable
              </Button>
            </div>
          )}
        </fieldset>
        <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
          <div className="flex min-w-0 flex-col gap-4">
            <Field htmlFor="t-html" label="HTML">
              <Textarea
                id="t-html"
                className="min-h-64 font-mono text-xs"
                value={html}
                onChange={(e) => setHtml(e.target.value)}
                required
              />
            </Field>
            <Field htmlFor="t-text" label="Plain text (optional)">
              <Textarea id="t-text" className="min-h-24 font-mono text-xs" value={text} onChange={(e) => setText(e.target.value)} />
            </Field>
          </div>
          <div className="flex min-w-0 flex-col gap-2">
            <h3 className="text-sm font-medium">Preview</h3>
            {shown.ok ? (
              <>
                <p className="text-sm" data-testid="preview-subject">
                  <span className="text-muted-foreground">Subject: </span>
                  {shown.subject ?? "—"}
                </p>
                {/* No scripts, no same origin: the template's html cannot reach the dashboard. */}
                <iframe
                  title="Template preview"
                  sandbox=""
                  className="min-h-64 w-full flex-1 rounded-md border bg-white"
                  srcDoc={shown.html}
                  data-testid="html-preview"
                />
              </>
            ) : (
              <p role="alert" className="text-sm text-destructive" data-testid="preview-error">
                {shown.error}
              </p>
            )}
          </div>
        </div>
        <div>
          <Button type="submit" disabled={save.pending}>
            Save draft
          </Button>
        </div>
      </form>
    </Card>
  );
}

export function TemplateActions({ id, values }: { id: string; values: Record<string, string | number> }) {
  const router = useRouter();
  const m = useMutation();
  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap gap-2">
        <Button
          type="button"
          disabled={m.pending}
          onClick={async () => {
            if (await m.run(() => trpc.templates.publish.mutate({ id }), "Published: sends use this version now")) router.refresh();
          }}
        >
          Publish
        </Button>
        <Button
          type="button"
          variant="outline"
          disabled={m.pending}
          onClick={async () => {
            const copy = await m.run(() => trpc.templates.duplicate.mutate({ id }), "Duplicated");
            if (copy) router.push(`/templates/${copy.id}`);
          }}
        >
          Duplicate
        </Button>
        <Button
          type="button"
          variant="outline"
          disabled={m.pending}
          onClick={() => m.run(() => trpc.templates.sendTest.mutate({ id, variables: values }), "Test sent to your address")}
        >
          Send a test
        </Button>
        <ConfirmButton
          label="Delete template"
          confirmTitle="Delete this template?"
          confirm="Its versions go too; sends naming it will fail. Mail already sent keeps its template id."
          success="Template deleted"
          action={async () => {
            await trpc.templates.remove.mutate({ id });
            router.push("/templates");
          }}
        />
      </div>
      <ErrorAlert error={m.error} />
    </div>
  );
}

export function VersionDiff({ older, newer }: { older: string; newer: string }) {
  const lines = lineDiff(older, newer);
  if (!lines) return <p className="text-sm text-muted-foreground">Too long to compare here.</p>;
  return (
    <pre className="max-h-96 overflow-auto rounded-md border p-3 font-mono text-xs" data-testid="version-diff" tabIndex={0}>
      {lines.map((l, i) => (
        <div key={i} className={l.kind === "added" ? "bg-success/15" : l.kind === "removed" ? "bg-destructive/15" : undefined}>
          {l.kind === "added" ? "+ " : l.kind === "removed" ? "- " : "  "}
          {l.text}
        </div>
      ))}
    </pre>
  );
}
