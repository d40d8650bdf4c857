import { config } from "../config";

export const PLAN_NAMES = ["free", "pro", "scale", "unlimited"] as const;
export type PlanName = (typeof PLAN_NAMES)[number];

export interface Plan {
  /** Messages per calendar month (UTC); null = unlimited. */
  month: number | null;
  /** Messages per UTC day; null = no daily cap. */
  day: number | null;
  domains: number | null;
  webhooks: number | null;
  /** Token bucket: tokens per second and capacity; null = no send-rate limit. */
  rate: { perSecond: number; burst: number } | null;
}

/** The plan table of docs/design.md. `PLANS` (JSON, partial per plan) overrides entries. */
const BUILT_IN: Record<PlanName, Plan> = {
  free: { month: 3000, day: 100, domains: 1, webhooks: 1, rate: { perSecond: 2, burst: 10 } },
  pro: { month: 50000, day: null, domains: 10, webhooks: 10, rate: { perSecond: 14, burst: 50 } },
  scale: { month: 200000, day: null, domains: 1000, webhooks: 50, rate: { perSecond: 14, burst: 50 } },
  unlimited: { month: null, day: null, domains: null, webhooks: null, rate: null },
};

let cache: { source: string | null; plans: Record<PlanName, Plan> } | null = null;

export function plans(): Record<PlanName, Plan> {
  const source = config().plansOverride;
  if (cache && cache.source === source) return cache.plans;
  const merged = structuredClone(BUILT_IN);
  if (source) {
    const override = JSON.parse(source) as Partial<Record<PlanName, Partial<Plan>>>;
    for (const name of PLAN_NAMES) Object.assign(merged[name], override[name] ?? {});
  }
  cache = { source, plans: merged };
  return merged;
}

export function isPlanName(value: string): value is PlanName {
  return (PLAN_NAMES as readonly string[]).includes(value);
}

export function planOf(name: string): Plan {
  return plans()[isPlanName(name) ? name : "free"];
}

/**
 * The grace band's ceiling: month limit × 1.1, rounded up. In integers: 3000 * 1.1 is
 * 3300.0000000000005 in floating point, which would round up to 3301.
 */
export function hardLimit(monthLimit: number): number {
  return Math.ceil((monthLimit * 11) / 10);
}
