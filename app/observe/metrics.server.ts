// Metrics: points recorded during a request (or a Durable Object's work) and written once when it
// ends, inside waitUntil, so writing never slows or fails the answer. Workers Analytics Engine when
// the METRICS binding exists; else the metric_points table. Read back through the same small
// interface: Analytics Engine's SQL API with an account token, or the table (decision 0077).
import { and, gte, sql } from "drizzle-orm";
import { metricPoints } from "../../db/schema";
import { createDatabase, type Database } from "../db.server";
import { describeError, log } from "./log.server";
import type { MetricName, MetricPoint } from "./metric-names";
import { currentScope, type Scope } from "./scope.server";

export { METRICS } from "./metric-names";

/** At most this many points leave one request: a loop that records cannot flood the store. */
export const POINTS_PER_WORK = 32;

export type MetricsSink = { write(points: MetricPoint[]): Promise<void> };

/** The dataset the METRICS binding writes to (wrangler.toml), read back by the SQL API. */
export const METRICS_DATASET = "arcanum_metrics";

export function analyticsEngineSink(dataset: AnalyticsEngineDataset): MetricsSink {
  return {
    async write(points) {
      for (const point of points) dataset.writeDataPoint({ indexes: [point.name], blobs: [point.name, point.label], doubles: [point.value] });
    },
  };
}

export function localSink(db: Database): MetricsSink {
  return {
    async write(points) {
      if (points.length === 0) return;
      // Five values a row, under D1's hundred bound parameters a statement.
      const statements = [];
      for (let at = 0; at < points.length; at += 19) statements.push(db.insert(metricPoints).values(points.slice(at, at + 19)));
      await db.batch(statements as [(typeof statements)[number], ...typeof statements]);
    },
  };
}

export function metricsSinkFor(env: Env): MetricsSink {
  return env.METRICS ? analyticsEngineSink(env.METRICS) : localSink(createDatabase(env.DB));
}

/** Notes a point for the work running now; nothing happens outside one. */
export function recordMetric(name: MetricName, label: string, value = 1) {
  const scope = currentScope();
  if (!scope || scope.metrics.length >= POINTS_PER_WORK) return;
  scope.metrics.push({ name, label: label.slice(0, 120), value, at: Date.now() });
}

/** Writes the work's points after it answered; a failure is a log line, never the request's. */
export function flushMetrics(scope: Scope) {
  const points = scope.metrics.splice(0, POINTS_PER_WORK);
  if (points.length === 0) return;
  scope.waitUntil(
    metricsSinkFor(scope.env)
      .write(points)
      .catch((error) => log.warn("metrics not written", { error: describeError(error) })),
  );
}

/** One metric's points of one day and label: how many, and their sum. */
export type MetricRow = { name: string; label: string; day: string; count: number; total: number };

export type MetricsReader = { read(days: number, now?: number): Promise<MetricRow[]> };

const DAY_MS = 24 * 60 * 60 * 1000;

export function localMetricsReader(db: Database): MetricsReader {
  return {
    async read(days, now = Date.now()) {
      const day = sql<string>`strftime('%Y-%m-%d', ${metricPoints.at} / 1000, 'unixepoch')`;
      const rows = await db
        .select({ name: metricPoints.name, label: metricPoints.label, day, count: sql<number>`count(*)`, total: sql<number>`sum(${metricPoints.value})` })
        .from(metricPoints)
        .where(and(gte(metricPoints.at, now - days * DAY_MS)))
        .groupBy(metricPoints.name, metricPoints.label, day);
      return rows.map((row) => ({ ...row, count: Number(row.count), total: Number(row.total) }));
    },
  };
}

/** Analytics Engine's SQL API, read with an account token that may read analytics. */
export function analyticsEngineReader(
  account: { accountId: string; token: string },
  fetcher: typeof fetch = (input, init) => fetch(input, init),
): MetricsReader {
  return {
    async read(days) {
      const span = Math.max(1, Math.min(90, Math.floor(days)));
      const query = `SELECT blob1 AS name, blob2 AS label, formatDateTime(toStartOfDay(timestamp), '%Y-%m-%d') AS day, sum(_sample_interval) AS count, sum(_sample_interval * double1) AS total FROM ${METRICS_DATASET} WHERE timestamp > NOW() - INTERVAL '${span}' DAY GROUP BY name, label, day FORMAT JSON`;
      const response = await fetcher(`https://api.cloudflare.com/client/v4/accounts/${account.accountId}/analytics_engine/sql`, {
        method: "POST",
        headers: { authorization: `Bearer ${account.token}` },
        body: query,
      });
      if (!response.ok) throw new Error(`Analytics Engine answered ${response.status}`);
      const body = (await response.json()) as { data?: { name: string; label: string; day: string; count: number | string; total: number | string }[] };
      return (body.data ?? []).map((row) => ({ name: row.name, label: row.label, day: row.day, count: Number(row.count), total: Number(row.total) }));
    },
  };
}

export function metricsReaderFor(env: Env, db: Database, account: { accountId: string; token: string } | null): MetricsReader {
  return env.METRICS && account ? analyticsEngineReader(account) : localMetricsReader(db);
}

/** The last `days` days of every metric, by day and label: the staff's health page and the staff console. */
export async function metricsForDays(reader: MetricsReader, days: number, now = Date.now()): Promise<MetricRow[]> {
  return reader.read(days, now);
}
