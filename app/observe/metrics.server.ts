// Metrics: points recorded during a unit of work (a request, a Durable Object's handler, a job) and
// handed on once when it ends, so recording never slows or fails the answer. In production the store
// is Workers Analytics Engine (the METRICS binding, declared in wrangler.toml); a production Worker
// without it keeps no metrics and says so once. Outside production the points are summed in memory
// and written to the metric_points table at most once every few seconds, and only for work done for
// someone: a request from nobody never writes to D1 (decisions 0077, 0091). Read back through one
// small interface: Analytics Engine's SQL API with an account token, or the table.
import { and, gte, sql } from "drizzle-orm";
import { metricPoints } from "../../db/schema";
import type { AppConfig } from "../env.server";
import { createDatabase, type Database } from "../db.server";
import { REFUSAL_STATUSES } from "../lib/http";
import { heldWrite } from "./held-write.server";
import { describeError, log } from "./log.server";
import type { MetricName, MetricPoint } from "./metric-names";
import { currentScope, type Scope } from "./scope.server";

export { METRICS } from "./metric-names";
export { LOCAL_FLUSH_MS } from "./held-write.server";

/** At most this many points leave one request: a loop that records cannot flood the store. */
export const POINTS_PER_WORK = 32;

/** The dataset the METRICS binding writes to (wrangler.toml), read back by the SQL API. */
export const METRICS_DATASET = "arcanum_metrics";

/**
 * Where metrics go: Analytics Engine in production, the local sums outside it (miniflare's own
 * Analytics Engine keeps nothing to read back), nowhere in a production Worker without the binding.
 * A configuration that did not validate counts as production.
 */
export type MetricsStore = "analytics-engine" | "local" | "off";

export function metricsStoreFor(env: Env, config: AppConfig | null): MetricsStore {
  if (config && !config.isProduction) return "local";
  return env.METRICS ? "analytics-engine" : "off";
}

/** Whether a request's answer goes into the metrics: not the health check, a 404 or a refusal (refusals have their log line). */
export function isMeasuredAnswer(pathname: string, status: number): boolean {
  return pathname !== "/healthz" && status !== 404 && !REFUSAL_STATUSES.has(status);
}

/** Notes a point for the work running now; nothing happens outside one. */
export function recordMetric(name: MetricName, label: string, value = 1) {
  const scope = currentScope();
  if (!scope || scope.metrics.length >= POINTS_PER_WORK) return;
  scope.metrics.push({ name, label: label.slice(0, 120), value, at: Date.now() });
}

/** Each metric's points by label since the last write: how many, and their sum. */
const localSums = new Map<string, { name: MetricName; label: string; count: number; total: number; at: number }>();
/** Labels are few (routes, models, outcomes); past this many, points wait out the next write rather than grow the map. */
const LOCAL_LABELS = 500;

const writeLocalSums = heldWrite("metrics", async (env) => {
  const rows = [...localSums.values()].map(({ name, label, count, total, at }) => ({ name, label, count, value: total, at }));
  localSums.clear();
  if (rows.length === 0) return;
  const db = createDatabase(env.DB);
  // Six values a row, under D1's hundred bound parameters a statement.
  const statements = [];
  for (let at = 0; at < rows.length; at += 16) statements.push(db.insert(metricPoints).values(rows.slice(at, at + 16)));
  await db.batch(statements as [(typeof statements)[number], ...typeof statements]);
});

function addToLocalSums(points: MetricPoint[], scope: Scope) {
  for (const point of points) {
    const key = `${point.name}\u0000${point.label}`;
    const sum = localSums.get(key);
    if (sum) {
      sum.count += 1;
      sum.total += point.value;
    } else if (localSums.size < LOCAL_LABELS) {
      localSums.set(key, { name: point.name, label: point.label, count: 1, total: point.value, at: point.at });
    }
  }
  writeLocalSums(scope);
}

let saidOff = false;

/** Hands the work's points to the store after it answered; a failure is a log line, never the request's. */
export function flushMetrics(scope: Scope) {
  const points = scope.metrics.splice(0, POINTS_PER_WORK);
  if (points.length === 0) return;
  const store = metricsStoreFor(scope.env, scope.config);
  if (store === "analytics-engine") {
    try {
      for (const point of points) scope.env.METRICS.writeDataPoint({ indexes: [point.name], blobs: [point.name, point.label], doubles: [point.value] });
    } catch (error) {
      log.warn("metrics not written", { error: describeError(error) });
    }
  } else if (store === "local") {
    // A request nobody was found for (a health check, a robot, a made-up token) leaves nothing in D1.
    if (scope.request && !scope.userId) return;
    addToLocalSums(points, scope);
  } else if (!saidOff) {
    saidOff = true;
    log.warn("metrics off: this production Worker has no METRICS binding (Analytics Engine; see wrangler.toml)");
  }
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
        .select({
          name: metricPoints.name,
          label: metricPoints.label,
          day,
          count: sql<number>`sum(${metricPoints.count})`,
          total: sql<number>`sum(${metricPoints.value})`,
        })
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

/** The reader of the store metrics go to; null when there is none to read (no binding, or no token to read Analytics Engine with). */
export function metricsReaderFor(env: Env, config: AppConfig, db: Database): MetricsReader | null {
  const store = metricsStoreFor(env, config);
  if (store === "local") return localMetricsReader(db);
  return store === "analytics-engine" && config.metricsAccount ? analyticsEngineReader(config.metricsAccount) : null;
}

/** The last `days` days of every metric, by day and label: the staff's health page and the staff console. */
export async function metricsForDays(reader: MetricsReader, days: number, now = Date.now()): Promise<MetricRow[]> {
  return reader.read(days, now);
}
