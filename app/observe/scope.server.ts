// What every log line, error report and metric of one unit of work carries: the request (or alarm,
// or socket message) it belongs to, the route that answered, who asked, and where to send things.
// Kept in async context so any module can log or report without being handed it (decision 0077).
import { AsyncLocalStorage } from "node:async_hooks";
import type { AppConfig } from "../env.server";
import type { MetricPoint } from "./metric-names";
import { hexOf, randomBytes } from "../lib/crypto";

export const REQUEST_ID_HEADER = "x-request-id";

const STORE = Symbol.for("arcanum.observe.scope");
const RELEASE = Symbol.for("arcanum.observe.release");

export type Scope = {
  requestId: string;
  /** The Remix route id that answered, a Durable Object's "party:<class>", or the job's name. */
  route: string;
  userId?: string;
  /** The request being answered, when the work is one (never read for its body or cookies). */
  request?: Request;
  env: Env;
  config: AppConfig | null;
  waitUntil: (work: Promise<unknown>) => void;
  /** Points recorded during the work, written once when it ends. */
  metrics: MetricPoint[];
  /** Errors already reported, so a rethrown error is not counted twice. */
  reported: WeakSet<object>;
};

// The Worker entry and the Remix server build are bundled apart, each with its own copy of this
// module: the one store both read lives on the global object.
const shared = globalThis as unknown as { [STORE]?: AsyncLocalStorage<Scope>; [RELEASE]?: string };
const scopes = (shared[STORE] ??= new AsyncLocalStorage<Scope>());

/** The build's version, named on every report (set once by the Worker entry). */
export function setRelease(version: string) {
  shared[RELEASE] = version;
}

export function currentRelease(): string | null {
  return shared[RELEASE] ?? null;
}

export function newRequestId(): string {
  return hexOf(randomBytes(10));
}

/**
 * The request's id: Cloudflare's ray id when there is one (so our lines and Cloudflare's own logs
 * meet), else a header a caller in front of us set (the Worker, for a Durable Object), else new.
 * Only a short id of safe characters is taken from outside.
 */
export function requestIdOf(request: Request): string {
  for (const name of [REQUEST_ID_HEADER, "cf-ray"]) {
    const value = request.headers.get(name);
    if (value && /^[A-Za-z0-9-]{6,64}$/.test(value)) return value;
  }
  return newRequestId();
}

export function openScope(fields: Omit<Scope, "metrics" | "reported" | "requestId"> & { requestId?: string }): Scope {
  return { ...fields, requestId: fields.requestId ?? newRequestId(), metrics: [], reported: new WeakSet() };
}

export function runInScope<T>(scope: Scope, work: () => T): T {
  return scopes.run(scope, work);
}

export function currentScope(): Scope | undefined {
  return scopes.getStore();
}

/** Names the route that answered; the deepest route whose loader or action ran wins. */
export function nameRoute(route: string, depth: number) {
  const scope = currentScope() as (Scope & { routeDepth?: number }) | undefined;
  if (!scope || (scope.routeDepth ?? -1) > depth) return;
  scope.route = route;
  scope.routeDepth = depth;
}

/** Names the person asking, once known. */
export function nameUser(userId: string | undefined) {
  const scope = currentScope();
  if (scope && userId) scope.userId = userId;
}
