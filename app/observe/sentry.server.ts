// The real error reporter: toucan-js posts each report as an envelope to the DSN's host. What it is
// given is already scrubbed (errors.server.ts); the request it names is rebuilt from the safe parts
// only: method, path, the names of query parameters and a short list of headers.
import { Toucan } from "toucan-js";
import type { ErrorReport, ErrorReporter } from "./report";
import type { Scope } from "./scope.server";

/** The request headers a report may carry; cookies, authorization and addresses never. */
export const SAFE_HEADERS = ["user-agent", "accept", "accept-language", "content-type", "cf-ray", "x-request-id"];

/** The request as a report may name it: no body, no cookie, query values replaced. */
export function scrubbedRequest(request: Request): Request {
  const url = new URL(request.url);
  const safe = new URL(url.origin + url.pathname);
  for (const name of new Set(url.searchParams.keys())) safe.searchParams.set(name, "[filtered]");
  const headers = new Headers();
  for (const name of SAFE_HEADERS) {
    const value = request.headers.get(name);
    if (value) headers.set(name, value);
  }
  return new Request(safe, { method: request.method, headers });
}

export function sentryReporter(dsn: string, fetcher: typeof fetch = (input, init) => fetch(input, init)): ErrorReporter {
  return {
    async send(report: ErrorReport, scope: Scope | undefined) {
      const pending: Promise<unknown>[] = [];
      const toucan = new Toucan({
        dsn,
        release: report.release ?? undefined,
        environment: scope?.config?.appEnv,
        context: { waitUntil: (work: Promise<unknown>) => void pending.push(work) },
        request: scope?.request ? scrubbedRequest(scope.request) : undefined,
        requestDataOptions: { allowedHeaders: SAFE_HEADERS, allowedCookies: [], allowedSearchParams: [], allowedIps: false },
        transportOptions: { fetcher },
        sendDefaultPii: false,
      });
      toucan.setTag("request_id", report.requestId);
      toucan.setTag("route", report.route);
      toucan.setTag("source", report.source);
      if (report.userId) toucan.setUser({ id: report.userId });
      toucan.captureEvent({
        level: "error",
        fingerprint: [report.fingerprint],
        exception: {
          values: [{ type: report.type, value: report.message, ...(report.frame ? { stacktrace: { frames: [{ function: report.frame }] } } : {}) }],
        },
      });
      await Promise.all(pending);
    },
  };
}
