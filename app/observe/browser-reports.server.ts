// Errors thrown in a browser, when no DSN sends them to Sentry directly: the page posts a small form
// to /errors; it is checked, limited per client and reported like a server error.
import { z } from "zod";
import { lazySchema } from "../lib/lazy-schema";
import type { Database } from "../db.server";
import { sha256Hex } from "../lib/crypto";
import { clientAddress, rateLimitStatement, rateLimitVerdict, type RateLimitRule } from "../security/rate-limit.server";
import { currentScope } from "./scope.server";
import { reportOf, sendReport } from "./errors.server";

/** A browser's report: its body is at most a few kilobytes (app/worker/request-body.server.ts holds the path to it). */
export const BROWSER_REPORT_BYTES = 8 * 1024;

/** Enough for a page that fails on every click; not enough to fill the table. */
export const BROWSER_REPORTS_PER_CLIENT: RateLimitRule = { limit: 30, windowMs: 10 * 60 * 1000 };

export const browserReportSchema = lazySchema(() =>
  z.object({
    type: z.string().trim().min(1).max(100),
    message: z.string().max(1000),
    stack: z.string().max(4000).optional(),
    /** The page's path; its query is never sent. */
    path: z
      .string()
      .max(300)
      .regex(/^\/[^?#]*$/, "A path starts with / and has no query."),
  }),
);

export type BrowserReport = z.infer<typeof browserReportSchema>;

/** The page a report came from, as a route name: long or numeric segments (ids) made generic. */
export function pageOf(path: string): string {
  return path
    .split("/")
    .map((segment) => (segment.length >= 16 || /\d{3,}/.test(segment) ? ":id" : segment))
    .join("/");
}

/** Counts the report against the client's allowance and, within it, reports it. */
export async function acceptBrowserReport(
  db: Database,
  request: Request,
  report: BrowserReport,
  asker: Promise<string | undefined>,
): Promise<{ ok: true } | { ok: false; retryAfterMs: number }> {
  const key = `browser-errors:${(await sha256Hex(clientAddress(request))).slice(0, 24)}`;
  // Who sent it is asked in the same round trip as the count against the client's allowance.
  const [[row], userId] = await Promise.all([rateLimitStatement(db, key, BROWSER_REPORTS_PER_CLIENT), asker]);
  const verdict = rateLimitVerdict(row, BROWSER_REPORTS_PER_CLIENT);
  if (!verdict.allowed) return { ok: false, retryAfterMs: verdict.retryAfterMs };
  const scope = currentScope();
  const built = await reportOf(report, { source: "browser", requestId: scope?.requestId ?? "none", route: pageOf(report.path), userId });
  void sendReport(built, scope);
  return { ok: true };
}
