import type { Metadata } from "next";
import Link from "next/link";
import { api } from "@/lib/trpc/server";
import { CopyButton } from "../../../_components/client";
import { Badge, Time } from "../../../_components/format";
import { LiveRefresh } from "../../../_components/live-refresh";
import { orNotFound } from "../../../_components/not-found";
import { CancelEmailButton } from "./client";

export const metadata: Metadata = { title: "Email" };

export default async function EmailPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const caller = await api();
  const email = await orNotFound(caller.emails.get({ id }));
  // The sink provider keeps the rendered message; other providers have none to show.
  const message = await caller.dashboard.sinkMessage({ emailId: id }).catch(() => null);
  return (
    <>
      <nav className="muted" style={{ marginBottom: 8 }}>
        <Link href="/emails">← Emails</Link>
      </nav>
      <div className="page-head">
        <div>
          <h1>{email.subject || "(no subject)"}</h1>
          <div className="actions">
            <Badge value={email.status} />
          </div>
        </div>
        {email.status === "scheduled" && <CancelEmailButton id={email.id} />}
      </div>
      <LiveRefresh shown={[{ id: email.id, status: email.status }]} />
      <section className="panel">
        <dl className="props">
          <dt>Id</dt>
          <dd className="mono">
            {email.id}{" "}
            <span data-testid="copy-id">
              <CopyButton text={email.id} label="Copy id" />
            </span>
          </dd>
          <dt>From</dt>
          <dd>{email.from}</dd>
          <dt>To</dt>
          <dd>{email.to.join(", ")}</dd>
          {email.cc.length > 0 && (
            <>
              <dt>Cc</dt>
              <dd>{email.cc.join(", ")}</dd>
            </>
          )}
          {email.bcc.length > 0 && (
            <>
              <dt>Bcc</dt>
              <dd>{email.bcc.join(", ")}</dd>
            </>
          )}
          {email.replyTo.length > 0 && (
            <>
              <dt>Reply-To</dt>
              <dd>{email.replyTo.join(", ")}</dd>
            </>
          )}
          <dt>Created</dt>
          <dd>
            <Time ms={email.createdAt} />
          </dd>
          {email.scheduledAt && (
            <>
              <dt>Scheduled for</dt>
              <dd>
                <Time ms={email.scheduledAt} />
              </dd>
            </>
          )}
          <dt>Sent</dt>
          <dd>
            <Time ms={email.sentAt} />
          </dd>
          <dt>Provider id</dt>
          <dd className="mono">{email.sesMessageId ?? "—"}</dd>
          {email.error && (
            <>
              <dt>Error</dt>
              <dd>{email.error}</dd>
            </>
          )}
          {email.tags.length > 0 && (
            <>
              <dt>Tags</dt>
              <dd>
                {email.tags.map((t) => (
                  <span key={t.name} className="badge" style={{ marginRight: 4 }}>
                    {t.name}: {t.value}
                  </span>
                ))}
              </dd>
            </>
          )}
        </dl>
      </section>
      <section className="panel" aria-labelledby="timeline">
        <h2 id="timeline" style={{ marginTop: 0 }}>
          Timeline
        </h2>
        <ol className="timeline" data-testid="timeline">
          {email.timeline.map((t, i) => (
            <li key={`${t.type}-${t.at}-${i}`}>
              <Badge value={t.type} /> <Time ms={t.at} />
              {t.detail && <div className="muted">{t.detail}</div>}
            </li>
          ))}
        </ol>
      </section>
      {message && (
        <section className="panel" aria-labelledby="rendered">
          <h2 id="rendered" style={{ marginTop: 0 }}>
            Rendered message
          </h2>
          {message.html ? (
            // Sandboxed with no scripts and no same-origin: the mail's HTML cannot touch the dashboard.
            <iframe className="preview" title="HTML body" sandbox="" srcDoc={message.html} data-testid="html-preview" />
          ) : (
            <pre data-testid="text-preview">{message.text ?? ""}</pre>
          )}
          {message.html && message.text && (
            <details>
              <summary>Plain-text part</summary>
              <pre data-testid="text-preview">{message.text}</pre>
            </details>
          )}
          {message.attachments.length > 0 && (
            <>
              <h3>Attachments</h3>
              <ul>
                {message.attachments.map((a, i) => (
                  <li key={i}>
                    {a.filename ?? "(unnamed)"}{" "}
                    <span className="muted">
                      {a.mimeType}, {a.size} bytes
                    </span>
                  </li>
                ))}
              </ul>
            </>
          )}
          <details>
            <summary>Headers</summary>
            <div className="table-wrap">
              <table>
                <tbody>
                  {message.headers.map((h, i) => (
                    <tr key={i}>
                      <th scope="row">{h.key}</th>
                      <td className="mono break">{h.value}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </details>
          <details>
            <summary>Raw MIME</summary>
            <pre>{message.raw}</pre>
          </details>
        </section>
      )}
    </>
  );
}
