// Uncaught errors, wherever thrown (loaders, actions, the Worker, Durable Objects, the browser), go
// through `reportError`: to Sentry when SENTRY_DSN is set, else to the error_groups table (counted in
// memory and written every few seconds), listed at /dev/errors. A report names the kind of error,
// where and for which request; never an e-mail, a cookie, a body or a card number (decision 0077).
import { desc, gte, sql } from "drizzle-orm";
import { errorGroups } from "../../db/schema";
import { createDatabase, type Database } from "../db.server";
import { sha256Hex } from "../lib/crypto";
import { heldWrite } from "./held-write.server";
import { describeError, log } from "./log.server";
import { currentRelease, currentScope, type Scope } from "./scope.server";
import { sentryReporter } from "./sentry.server";

export type { ErrorReport, ErrorReporter, ErrorSource } from "./report";
import type { ErrorReport, ErrorReporter, ErrorSource } from "./report";

export { setRelease } from "./scope.server";

const LONGEST_MESSAGE = 500;

/** A message with what could name a person taken out: e-mail addresses, card-like numbers, tokens. */
export function scrubText(text: string): string {
  return text
    .replace(/[^\s@<>"'(),;:]+@[^\s@<>"'(),;:]+\.[A-Za-z]{2,}/g, "[email]")
    .replace(/\b(?:\d[ -]?){12,19}\b/g, "[number]")
    .replace(/\b[A-Za-z0-9_-]{32,}\b/g, "[token]")
    .slice(0, LONGEST_MESSAGE);
}

/** The same error twice reads the same: numbers and ids in a message do not make a new kind. */
function messageShape(message: string): string {
  return message
    .replace(/\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/gi, "<id>")
    .replace(/\b[A-Za-z0-9_-]*\d[A-Za-z0-9_-]*\b/g, (word) => (/^\d+$/.test(word) || word.length >= 8 ? "<n>" : word));
}

/** The first frame of a V8 or Firefox stack, without its line, column or query string. */
export function topFrame(stack: string | undefined): string {
  const line = (stack ?? "")
    .split("\n")
    .map((text) => text.trim())
    .find((text) => text.startsWith("at ") || /^[^\s]*@/.test(text));
  if (!line) return "";
  return line
    .replace(/\?[^):\s]*/g, "")
    .replace(/:\d+(:\d+)?(\)?)$/, "$2")
    .replace(/^at /, "")
    .slice(0, 200);
}

export async function fingerprintOf(parts: { source: ErrorSource; type: string; message: string; frame: string }): Promise<string> {
  return (await sha256Hex(`${parts.source}\n${parts.type}\n${messageShape(parts.message)}\n${parts.frame}`)).slice(0, 24);
}

/** A report of an error as it reaches us: its kind, scrubbed message and top frame. */
export async function reportOf(
  error: { type: string; message: string; stack?: string },
  where: { source: ErrorSource; requestId: string; route: string; userId?: string | null; at?: number },
): Promise<ErrorReport> {
  const type = scrubText(error.type).slice(0, 100) || "Error";
  const message = scrubText(error.message);
  const frame = scrubText(topFrame(error.stack));
  return {
    source: where.source,
    type,
    message,
    frame,
    fingerprint: await fingerprintOf({ source: where.source, type, message, frame }),
    requestId: where.requestId,
    route: where.route.slice(0, 200),
    userId: where.userId ?? null,
    release: currentRelease(),
    at: where.at ?? Date.now(),
  };
}

/** Reports waiting for the next write to the table, by fingerprint: the latest of each and how many came. */
const heldReports = new Map<string, { report: ErrorReport; count: number; firstSeen: number }>();
/** Kinds of error held between two writes at most; a flood of new kinds beyond them is in the logs only. */
const HELD_KINDS = 100;

const writeHeldReports = heldWrite("error reports", async (env) => {
  const held = [...heldReports.values()];
  heldReports.clear();
  if (held.length === 0) return;
  const db = createDatabase(env.DB);
  const statements = held.map(({ report, count, firstSeen }) =>
    db
      .insert(errorGroups)
      .values({
        fingerprint: report.fingerprint,
        source: report.source,
        type: report.type,
        message: report.message,
        frame: report.frame,
        count,
        firstSeen,
        lastSeen: report.at,
        requestId: report.requestId,
        route: report.route,
        userId: report.userId,
        release: report.release,
      })
      .onConflictDoUpdate({
        target: errorGroups.fingerprint,
        set: {
          count: sql`${errorGroups.count} + ${count}`,
          lastSeen: report.at,
          requestId: report.requestId,
          route: report.route,
          userId: report.userId,
          release: report.release,
        },
      }),
  );
  await db.batch(statements as [(typeof statements)[number], ...typeof statements]);
});

/**
 * The local reporter: one row per fingerprint, counted. Reports are held in memory and written
 * together every few seconds, so a flood of failing requests is not a write each.
 */
export function localReporter(): ErrorReporter {
  return {
    async send(report, scope) {
      if (!scope) return;
      const held = heldReports.get(report.fingerprint);
      if (held) {
        held.count += 1;
        held.firstSeen = Math.min(held.firstSeen, report.at);
        if (report.at >= held.report.at) held.report = report;
      } else if (heldReports.size < HELD_KINDS) {
        heldReports.set(report.fingerprint, { report, count: 1, firstSeen: report.at });
      } else {
        return;
      }
      writeHeldReports(scope);
    },
  };
}

/** Sentry when a DSN is configured, else the local table. */
export function errorReporterFor(dsn: string | null | undefined): ErrorReporter {
  return dsn ? sentryReporter(dsn) : localReporter();
}

/** Sends a report after the response; a reporter that fails is logged, never thrown. */
export function sendReport(report: ErrorReport, scope: Scope | undefined) {
  const work = (async () => {
    if (!scope) return;
    await errorReporterFor(scope.config?.errorReports?.dsn).send(report, scope);
  })().catch((problem) => log.error("error report not sent", { error: describeError(problem) }));
  if (scope) scope.waitUntil(work);
  return work;
}

/**
 * Reports an uncaught error of the work running now, once: an error already reported (rethrown by
 * an outer layer) is not counted again. A thrown Response is an answer, not an error.
 */
export function reportError(error: unknown, source: ErrorSource = "server"): void {
  if (error instanceof Response) return;
  const scope = currentScope();
  if (scope && typeof error === "object" && error !== null) {
    if (scope.reported.has(error)) return;
    scope.reported.add(error);
  }
  const described = describeError(error);
  log.error("uncaught error", { source, error: { type: described.type, message: scrubText(described.message) } });
  const work = reportOf(
    { ...described, stack: error instanceof Error ? error.stack : undefined },
    { source, requestId: scope?.requestId ?? "none", route: scope?.route ?? "unknown", userId: scope?.userId },
  ).then((report) => sendReport(report, scope));
  scope?.waitUntil(work);
}

export type ErrorGroup = typeof errorGroups.$inferSelect;

/** The error groups seen since `since` (all when omitted), the most recent first: /dev/errors and the staff's health page. */
export async function listErrorGroups(db: Database, options: { since?: number; limit?: number } = {}): Promise<ErrorGroup[]> {
  return db
    .select()
    .from(errorGroups)
    .where(options.since === undefined ? undefined : gte(errorGroups.lastSeen, options.since))
    .orderBy(desc(errorGroups.lastSeen))
    .limit(options.limit ?? 100);
}
