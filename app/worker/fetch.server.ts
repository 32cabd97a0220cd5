/**
 * The Worker's answer to every request (workers/app.ts hands it the server build): request ids and
 * the scope every log line and report carries, the configuration, the one origin gate (decision
 * 0006), sockets to the rooms, body limits, reads from nearby replicas (decision 0041), round
 * trips counted (decision 0050), a first visit's guest, the shared copies of public pages, and the
 * headers every answer gets.
 */
import { createRequestHandler, type ServerBuild } from "@remix-run/cloudflare";
import { routePartykitRequest } from "partyserver";
import { ensureGuest, shouldCreateGuest, withSessionToken } from "../auth/guest.server";
import { isFromOurPages, isSameOrigin } from "../auth/origin";
import { claimedSessionKind, isSecureRequest, sessionCookieName } from "../auth/session-cookie";
import { isBearerApiCall } from "../api/paths";
import { withPublicPageCache } from "../cache/public-pages.server";
import { createDatabase, withRequestBinding } from "../db.server";
import type { AppConfig } from "../env.server";
import { openRequestSession } from "../lib/d1-sessions.server";
import { textResponse } from "../lib/http";
import {
  budgetFor,
  countedD1,
  countedEnv,
  countFor,
  countingBuild,
  distantD1,
  formatBudget,
  formatRoundTrips,
  newRoundTrips,
  ROUND_TRIPS_BUDGET_HEADER,
  ROUND_TRIPS_HEADER,
} from "../lib/round-trips.server";
import { visitorTimeZoneOnce } from "../lib/visitor-zone.server";
import { createLoadContext } from "../load-context.server";
import { reportError, setRelease } from "../observe/errors.server";
import { flushMetrics, isMeasuredAnswer, METRICS, recordMetric } from "../observe/metrics.server";
import { namingBuild } from "../observe/routes.server";
import { newRequestId, openScope, REQUEST_ID_HEADER, runInScope, type Scope } from "../observe/scope.server";
import { PAYMENT_WEBHOOK_PATH } from "../payments/paths";
import { STOP_NOTICES_PATH } from "../readers/notice-links.server";
import { wakeDemoPresence } from "../readers/presence.server";
import { logRefusal } from "../security/audit.server";
import { newNonce, withSecurityHeaders } from "../security/headers.server";
import { withAccountHeader } from "../sw/account-header.server";
import { configOrNull } from "./config.server";
import { gatePartyRequest } from "./party-gate.server";
import { bodyLimitFor, limitRequestBody, refuseUnreadableForm } from "./request-body.server";

type RemixHandler = ReturnType<typeof createRequestHandler>;

/** Remix's handlers for one build, made once per isolate: the plain one, and (on first use) one whose loaders and actions note that they ran. */
let handlers: { build: ServerBuild; named: ServerBuild; plain: RemixHandler; counting?: RemixHandler } | undefined;

function handlersFor(build: ServerBuild) {
  if (handlers?.build !== build) {
    setRelease(build.assets.version);
    // Every loader and action names its route for the request's logs, reports and metrics.
    const named = namingBuild(build);
    handlers = { build, named, plain: createRequestHandler(named) };
  }
  return handlers;
}

function withCookies(response: Response, cookies: string[]): Response {
  if (cookies.length === 0) return response;
  const copy = new Response(response.body, response);
  for (const cookie of cookies) copy.headers.append("set-cookie", cookie);
  // A response that starts a session is for this browser only.
  copy.headers.set("cache-control", "private, no-store");
  return copy;
}

/** The answer naming its request id, so a person's report of a failure leads to its log lines. */
function withRequestId(response: Response, requestId: string): Response {
  // A socket's answer is not copied as a response; it is made again around the same socket.
  const answer = response.status === 101 ? new Response(null, { status: 101, webSocket: response.webSocket, headers: response.headers }) : response;
  try {
    answer.headers.set(REQUEST_ID_HEADER, requestId);
  } catch {
    return answer;
  }
  return answer;
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** Posts that prove themselves by a signature the route checks: Stripe's events, and mail clients' one-click unsubscribe through a signed link (RFC 8058). */
function isSignedPost(pathname: string): boolean {
  return pathname === PAYMENT_WEBHOOK_PATH || pathname.startsWith(`${STOP_NOTICES_PATH}/`);
}

async function handle(
  build: ServerBuild,
  request: Request,
  env: Env,
  ctx: ExecutionContext,
  config: AppConfig,
  nonce: string,
  scope: Scope,
): Promise<Response> {
  const url = new URL(request.url);
  if (url.pathname === "/healthz") return textResponse(200, "ok");
  // Read from the request as received: the copies made of it on the way (a guest's session, Remix's `.data` requests) have no `cf`.
  const timeZone = visitorTimeZoneOnce(request);
  await wakeDemoPresence(env, config.appEnv);
  // Development tools do not exist in production, whatever the build holds.
  if (config.isProduction && (url.pathname === "/dev" || url.pathname.startsWith("/dev/") || url.pathname.startsWith("/dev."))) {
    return textResponse(404, "Not found");
  }
  // One gate for every state-changing request: it must show it comes from our own pages, so another
  // site cannot make a browser post here (decision 0006). A call to the API with a bearer token
  // passes: the API reads no cookie, and no other site can make a browser send our token (decision
  // 0056). Signed posts from outside, which no browser sends, pass on their signature instead.
  if (!SAFE_METHODS.has(request.method) && !isFromOurPages(request) && !isBearerApiCall(request) && !(isSameOrigin(request) && isSignedPost(url.pathname))) {
    return textResponse(403, "This request came from another site and was refused.");
  }
  if (url.pathname.startsWith("/parties/")) {
    scope.route = `party:${url.pathname.split("/")[2] ?? ""}`;
    const gated = await gatePartyRequest(request, env);
    if (gated instanceof Response) return gated;
    // The room logs under the same request id as the Worker that let the socket in.
    const forwarded = new Request(gated);
    forwarded.headers.set(REQUEST_ID_HEADER, scope.requestId);
    return (await routePartykitRequest(forwarded, env)) ?? textResponse(404, "Unknown room");
  }
  const limited = await limitRequestBody(request, bodyLimitFor(url.pathname));
  if (limited instanceof Response) return limited;
  request = limited;
  const unreadable = SAFE_METHODS.has(request.method) ? null : await refuseUnreadableForm(request);
  if (unreadable) return unreadable;
  // Reads from a nearby replica, never older than this person's last write (decision 0041).
  const d1Session = openRequestSession(env.DB, request, isSecureRequest(request));
  env = { ...env, DB: d1Session.db };
  // Outside production, D1_LATENCY_MS makes every D1 round trip of a page as slow as a far primary's.
  const latency = Number(env.D1_LATENCY_MS ?? 0);
  if (!config.isProduction && latency > 0) env = { ...env, DB: distantD1(env.DB, latency) };
  // Test and benchmark runs count the page's round trips to D1 and R2 (decision 0025); every other
  // request counts its D1 round trips for the metrics.
  const trips = env.COUNT_ROUND_TRIPS === "1" ? newRoundTrips() : null;
  if (trips) env = countedEnv(env, trips);
  const d1Trips = trips ?? newRoundTrips();
  if (!trips) env = { ...env, DB: countedD1(env.DB, d1Trips) };
  // A person's first page visit: a guest account and its session, before anything is rendered.
  const cookies: string[] = [];
  let pageRequest = request;
  if (claimedSessionKind(request) === null && shouldCreateGuest(request)) {
    const guest = await ensureGuest(createDatabase(env.DB), request, config.guestsPerAddressPerHour);
    if (guest.userId) scope.userId = guest.userId;
    cookies.push(...guest.setCookies);
    pageRequest = withSessionToken(request, sessionCookieName(isSecureRequest(request)), guest.token);
  }
  let context: ReturnType<typeof createLoadContext> | undefined;
  // Every query the page makes goes to this request's binding, whatever the module that makes it.
  const response = await withRequestBinding(env.DB, () =>
    withPublicPageCache(pageRequest, ctx, nonce, timeZone, (rendered, as) => {
      context = createLoadContext(rendered, env, ctx, { nonce, config, identity: as === "stranger" ? "none" : "request", timeZone });
      const remix = handlersFor(build);
      if (!trips) return remix.plain(rendered, context);
      countFor(context, trips);
      // Runs that count round trips use the same build with each loader and action noting that it ran.
      remix.counting ??= createRequestHandler(countingBuild(remix.named));
      return remix.counting(rendered, context);
    }),
  );
  // Only a person with a session reads their own writes back; a visitor's page stays free of cookies.
  const bookmark = claimedSessionKind(pageRequest) !== null ? d1Session.cookies() : [];
  // Names the account the page was made for, so the service worker keeps each account's copies apart.
  const answer = await withAccountHeader(withCookies(response, [...cookies, ...(context?.responseCookies ?? []), ...bookmark]), request, context);
  if (isMeasuredAnswer(url.pathname, answer.status)) recordMetric(METRICS.d1, scope.route, d1Trips.sequential);
  if (!trips) return answer;
  const counted = new Response(answer.body, answer);
  counted.headers.set(ROUND_TRIPS_HEADER, formatRoundTrips(trips));
  const budget = budgetFor(trips, build.routes);
  if (budget) counted.headers.set(ROUND_TRIPS_BUDGET_HEADER, formatBudget(budget));
  return counted;
}

/** The Worker's `fetch`: every request, answered within its scope, whatever fails on the way. */
export async function handleFetch(build: ServerBuild, request: Request, env: Env, ctx: ExecutionContext): Promise<Response> {
  const started = Date.now();
  const config = configOrNull(env);
  if (!config) return textResponse(503, "This server is not configured yet.");
  // Cloudflare's ray id names the request where there is one; an id a client sends is not taken.
  const ray = request.headers.get("cf-ray");
  const requestId = ray && /^[A-Za-z0-9-]{6,64}$/.test(ray) ? ray : newRequestId();
  const scope = openScope({ requestId, route: "worker", request, env, config, waitUntil: (work) => ctx.waitUntil(work) });
  return runInScope(scope, async () => {
    const nonce = newNonce();
    let response: Response;
    try {
      response = await handle(build, request, env, ctx, config, nonce, scope);
    } catch (error) {
      reportError(error);
      response = textResponse(500, "Something went wrong on our side. It has been reported.");
    }
    ctx.waitUntil(logRefusal(request, response));
    if (isMeasuredAnswer(new URL(request.url).pathname, response.status)) recordMetric(METRICS.request, scope.route, Date.now() - started);
    flushMetrics(scope);
    return withRequestId(withSecurityHeaders(response, request, nonce), scope.requestId);
  });
}
