// The staff's health page, from metric rows: one value per day for each chart, and the week's rates.
import { METRICS } from "./metric-names";

export type HealthRow = { name: string; label: string; day: string; count: number; total: number };

export type DailySeries = { title: string; unit: string; days: { day: string; value: number }[] };

const DAY_MS = 24 * 60 * 60 * 1000;

/** The last `days` days, oldest first, as YYYY-MM-DD in UTC. */
export function lastDays(days: number, now: number): string[] {
  return Array.from({ length: days }, (_, i) => new Date(now - (days - 1 - i) * DAY_MS).toISOString().slice(0, 10));
}

function series(
  rows: HealthRow[],
  days: string[],
  title: string,
  unit: string,
  pick: (row: HealthRow) => boolean,
  value: (count: number, total: number) => number,
): DailySeries {
  return {
    title,
    unit,
    days: days.map((day) => {
      const of = rows.filter((row) => row.day === day && pick(row));
      const count = of.reduce((sum, row) => sum + row.count, 0);
      const total = of.reduce((sum, row) => sum + row.total, 0);
      return { day, value: count === 0 ? 0 : Math.round(value(count, total) * 10) / 10 };
    }),
  };
}

export type HealthSummary = {
  charts: DailySeries[];
  aiCalls: number;
  aiFailures: number;
  webhooks: number;
  webhookFailures: number;
  /** Average latency by route over the period, slowest first. */
  slowest: { route: string; requests: number; averageMs: number }[];
};

export function healthSummary(rows: HealthRow[], dayCount: number, now: number): HealthSummary {
  const days = lastDays(dayCount, now);
  const named = (name: string) => (row: HealthRow) => row.name === name;
  const sum = (name: string, pick: (row: HealthRow) => boolean = () => true, of: "count" | "total" = "count") =>
    rows.filter((row) => row.name === name && days.includes(row.day) && pick(row)).reduce((total, row) => total + row[of], 0);
  const byRoute = new Map<string, { requests: number; totalMs: number }>();
  for (const row of rows) {
    if (row.name !== METRICS.request || !days.includes(row.day)) continue;
    const seen = byRoute.get(row.label) ?? { requests: 0, totalMs: 0 };
    byRoute.set(row.label, { requests: seen.requests + row.count, totalMs: seen.totalMs + row.total });
  }
  return {
    charts: [
      series(rows, days, "Requests", "", named(METRICS.request), (count) => count),
      series(rows, days, "Average response", "ms", named(METRICS.request), (count, total) => total / count),
      series(rows, days, "D1 round trips a request", "", named(METRICS.d1), (count, total) => total / count),
      series(rows, days, "AI call failures", "", named(METRICS.aiFailure), (count) => count),
      series(
        rows,
        days,
        "Webhook failures",
        "",
        (row) => row.name === METRICS.webhook && row.label === "failed",
        (count) => count,
      ),
      series(rows, days, "Sign-ups", "", named(METRICS.signUp), (count) => count),
      series(rows, days, "Decks made", "", named(METRICS.deckMade), (count) => count),
      series(rows, days, "Purchases", "", named(METRICS.purchase), (count) => count),
      series(rows, days, "Minutes billed", "", named(METRICS.minuteBilled), (_, total) => total),
    ],
    aiCalls: sum(METRICS.aiCall) + sum(METRICS.aiFailure),
    aiFailures: sum(METRICS.aiFailure),
    webhooks: sum(METRICS.webhook),
    webhookFailures: sum(METRICS.webhook, (row) => row.label === "failed"),
    slowest: [...byRoute.entries()]
      .map(([route, seen]) => ({ route, requests: seen.requests, averageMs: Math.round(seen.totalMs / seen.requests) }))
      .sort((a, b) => b.averageMs - a.averageMs)
      .slice(0, 8),
  };
}
