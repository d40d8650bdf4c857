"use client";
import { useState } from "react";
import { Bar, BarChart, CartesianGrid, Legend, Tooltip, XAxis, YAxis } from "recharts";
import type { Activity } from "@/server/dashboard/schemas";
import { Properties, Property } from "./properties";
import { Button } from "./ui/button";
import { Card, CardHeader, CardTitle } from "./ui/card";

type DailyCount = Activity["days"][number];

/** Colors are the theme's tokens (app/globals.css), so the chart follows light and dark. */
const SERIES = [
  { key: "sent", label: "Sent", color: "var(--chart-1)" },
  { key: "delivered", label: "Delivered", color: "var(--chart-2)" },
  { key: "bounced", label: "Bounced", color: "var(--chart-3)" },
  { key: "complained", label: "Complained", color: "var(--chart-4)" },
] as const;

const axis = { fontSize: 12, stroke: "var(--muted-foreground)", tick: { fill: "var(--muted-foreground)" } };

/**
 * Daily sent, delivered, bounced and complained as bars, with the span's totals under them
 * (what a screen reader or a test reads). `spans`: the toggle's choices in days, each the
 * last N of `days` (the server sends the longest once); none, no toggle.
 */
export function ActivityChart({ days, spans, title }: { days: DailyCount[]; spans?: number[]; title: string }) {
  const [span, setSpan] = useState(spans?.[0] ?? days.length);
  const shown = days.slice(-span);
  const totals = SERIES.map((s) => ({ ...s, total: shown.reduce((n, d) => n + d[s.key], 0) }));
  const summary = `${title}, ${shown.length} days: ${totals.map((t) => `${t.total.toLocaleString("en-US")} ${t.label.toLowerCase()}`).join(", ")}.`;
  const headingId = `chart-${title.replace(/\W+/g, "-").toLowerCase()}`;
  return (
    <Card role="region" aria-labelledby={headingId} className="mb-6" data-testid="activity-chart" data-span={span}>
      <CardHeader className="flex-row flex-wrap items-center justify-between gap-2">
        <CardTitle id={headingId}>{title}</CardTitle>
        {spans && spans.length > 1 && (
          <div className="flex gap-2" role="group" aria-label="Days shown">
            {spans.map((n) => (
              <Button
                key={n}
                type="button"
                size="sm"
                variant={n === span ? "default" : "outline"}
                aria-pressed={n === span}
                data-testid={`range-${n}`}
                onClick={() => setSpan(n)}
              >
                {n} days
              </Button>
            ))}
          </div>
        )}
      </CardHeader>
      <div className="min-w-0" role="img" aria-label={summary}>
        {/* A chart needs a size of its own. */}
        <BarChart responsive data={shown} style={{ width: "100%", height: 240 }} margin={{ top: 8, right: 8, bottom: 0, left: -16 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} stroke="var(--border)" />
          <XAxis dataKey="day" tickFormatter={(day: string) => day.slice(5)} {...axis} />
          <YAxis allowDecimals={false} {...axis} />
          <Tooltip
            cursor={{ fill: "var(--muted)" }}
            contentStyle={{ background: "var(--popover)", color: "var(--popover-foreground)", border: "1px solid var(--border)" }}
            labelStyle={{ color: "var(--popover-foreground)" }}
          />
          <Legend wrapperStyle={{ color: "var(--foreground)", fontSize: 12 }} />
          {SERIES.map((s) => (
            <Bar key={s.key} dataKey={s.key} name={s.label} fill={s.color} />
          ))}
        </BarChart>
      </div>
      <div data-testid="activity-totals">
        <Properties>
          {totals.map((t) => (
            <Property key={t.key} label={t.label} testId={`total-${t.key}`}>
              {t.total.toLocaleString("en-US")}
            </Property>
          ))}
        </Properties>
      </div>
    </Card>
  );
}
