"use client";
import { useState } from "react";
import { Bar, BarChart, CartesianGrid, Legend, Tooltip, XAxis, YAxis } from "recharts";
import type { Activity } from "@/server/dashboard/schemas";

type DailyCount = Activity["days"][number];

const SERIES = [
  { key: "sent", label: "Sent", color: "#6366f1" },
  { key: "delivered", label: "Delivered", color: "#16a34a" },
  { key: "bounced", label: "Bounced", color: "#dc2626" },
  { key: "complained", label: "Complained", color: "#d97706" },
] as const;

/**
 * Daily sent, delivered, bounced and complained as bars, with the span's totals under them
 * (what a screen reader or a test reads). `spans`: the toggle's choices in days, each the
 * last N of `days` (the server sends the longest once); none, no toggle.
 */
export function ActivityChart({ days, spans, title }: { days: DailyCount[]; spans?: number[]; title: string }) {
  const [span, setSpan] = useState(spans?.[0] ?? days.length);
  const shown = days.slice(-span);
  const totals = SERIES.map((s) => ({ ...s, total: shown.reduce((n, d) => n + d[s.key], 0) }));
  return (
    <section className="panel" aria-label={title} data-testid="activity-chart" data-span={span}>
      <div className="page-head" style={{ marginBottom: 8 }}>
        <h2 style={{ margin: 0 }}>{title}</h2>
        {spans && spans.length > 1 && (
          <div className="actions" role="group" aria-label="Days shown">
            {spans.map((n) => (
              <button
                key={n}
                type="button"
                className={n === span ? "small" : "secondary small"}
                aria-pressed={n === span}
                data-testid={`range-${n}`}
                onClick={() => setSpan(n)}
              >
                {n} days
              </button>
            ))}
          </div>
        )}
      </div>
      <BarChart responsive data={shown} style={{ width: "100%", height: 240 }} margin={{ top: 8, right: 8, bottom: 0, left: -16 }}>
        <CartesianGrid strokeDasharray="3 3" vertical={false} />
        <XAxis dataKey="day" tickFormatter={(day: string) => day.slice(5)} fontSize={12} />
        <YAxis allowDecimals={false} fontSize={12} />
        <Tooltip />
        <Legend />
        {SERIES.map((s) => (
          <Bar key={s.key} dataKey={s.key} name={s.label} fill={s.color} />
        ))}
      </BarChart>
      <dl className="props" data-testid="activity-totals">
        {totals.map((t) => (
          <div key={t.key} style={{ display: "contents" }}>
            <dt>{t.label}</dt>
            <dd data-testid={`total-${t.key}`}>{t.total.toLocaleString("en-US")}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
