import type { ServerBuild } from "@remix-run/cloudflare";
import { routePartykitRequest } from "partyserver";
import * as build from "remix-build";
import { gatePartyRequest } from "../app/auth/party.server";
import { ensureGuest, shouldCreateGuest, withSessionToken } from "../app/auth/guest.server";
import { isSameOrigin } from "../app/auth/origin";
import { isBearerApiCall } from "../app/api/paths";
import { claimedSessionKind, isSecureRequest, sessionCookieName } from "../app/auth/session-cookie";
import { withPublicPageCache } from "../app/cache/public-pages.server";
import { createDatabase, withRequestBinding } from "../app/db.server";
import { readConfig, type AppConfig } from "../app/env.server";
import { runPeriodicJobs } from "../app/jobs/periodic.server";
import { createPayouts } from "../app/payouts/payouts.server";
import { textResponse } from "../app/lib/http";
import { createLoadContext } from "../app/load-context.server";
import { openRequestSession } from "../app/lib/d1-sessions.server";
import {
  budgetFor,
  countedEnv,
  countFor,
  countingBuild,
  distantD1,
  formatBudget,
  formatRoundTrips,
  newRoundTrips,
  ROUND_TRIPS_BUDGET_HEADER,
  ROUND_TRIPS_HEADER,
} from "../app/lib/round-trips.server";
import { bodyLimitFor, limitRequestBody, refuseUnreadableForm } from "../app/security/request-body.server";
import { logRefusal } from "../app/security/audit.server";
import { newNonce, withSecurityHeaders } from "../app/security/headers.server";
import { withAccountHeader } from "../app/sw/account-header.server";

export { DeckGenerator } from "../party/deck-generator";
export { PrintJob } from "../party/print-job";
export { ReaderPresence } from "../party/reader-presence";
export { ReadingRoom } from "../party/reading-room";
export { UserChannel } from "../party/user-channel";

// The handler comes from the build itself: one copy of Remix on the server, with its route-matching cache.
const handleRemixRequest = build.entry.module.createRequestHandler(build as unknown as ServerBuild);
// Runs that count round trips use the same build with each loader and action noting that it ran,
// made on first use.
let countingHandler: typeof handleRemixRequest | undefined;
const handleCountedRequest: typeof handleRemixRequest = (request, context) => {
  countingHandler ??= build.entry.module.createRequestHandler(countingBuild(build as unknown as ServerBuild));
  return countingHandler(request, context);
};

function withCookies(response: Response, cookies: string[]): Response {
  if (cookies.length === 0) return response;
  const copy = new Response(response.body, response);
  for (const cookie of cookies) copy.headers.append("set-cookie", cookie);
  // A response that starts a session is for this browser only.
  copy.headers.set("cache-control", "private, no-store");
  return copy;
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** The configuration, or null when this deployment must not serve (a production Worker without its secret). */
function configOrNull(env: Env): AppConfig | null {
  try {
    return readConfig(env);
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    return null;
  }
}

async function handle(request: Request, env: Env, ctx: ExecutionContext, config: AppConfig, nonce: string): Promise<Response> {
  const url = new URL(request.url);
  if (url.pathname === "/healthz") return textResponse(200, "ok");
  // Development tools do not exist in production, whatever the build holds.
  if (config.isProduction && (url.pathname === "/dev" || url.pathname.startsWith("/dev/") || url.pathname.startsWith("/dev."))) {
    return textResponse(404, "Not found");
  }
  // One gate for every state-changing request: another site cannot make a browser post here. A call
  // to the API with a bearer token passes: the API reads no cookie, and no other site can make a
  // browser send our token (decision 0056).
  if (!SAFE_METHODS.has(request.method) && !isSameOrigin(request) && !isBearerApiCall(request)) {
    return textResponse(403, "This request came from another site and was refused.");
  }
  if (url.pathname.startsWith("/parties/")) {
    const gated = await gatePartyRequest(request, env);
    if (gated instanceof Response) return gated;
    return (await routePartykitRequest(gated, env)) ?? textResponse(404, "Unknown room");
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
  // Test and benchmark runs count the page's round trips to D1 and R2 (decision 0025).
  const trips = env.COUNT_ROUND_TRIPS === "1" ? newRoundTrips() : null;
  if (trips) env = countedEnv(env, trips);
  // A person's first page visit: a guest account and its session, before anything is rendered.
  const cookies: string[] = [];
  let pageRequest = request;
  if (claimedSessionKind(request) === null && shouldCreateGuest(request)) {
    const guest = await ensureGuest(createDatabase(env.DB), request, config.guestsPerAddressPerHour);
    cookies.push(...guest.setCookies);
    pageRequest = withSessionToken(request, sessionCookieName(isSecureRequest(request)), guest.token);
  }
  let context: ReturnType<typeof createLoadContext> | undefined;
  // Every query the page makes goes to this request's binding, whatever the module that makes it.
  const response = await withRequestBinding(env.DB, () =>
    withPublicPageCache(pageRequest, ctx, nonce, (rendered, as) => {
      context = createLoadContext(rendered, env, ctx, { nonce, config, identity: as === "stranger" ? "none" : "request" });
      if (!trips) return handleRemixRequest(rendered, context);
      countFor(context, trips);
      return handleCountedRequest(rendered, context);
    }),
  );
  // Only a person with a session reads their own writes back; a visitor's page stays free of cookies.
  const bookmark = claimedSessionKind(pageRequest) !== null ? d1Session.cookies() : [];
  // Names the account the page was made for, so the service worker keeps each account's copies apart.
  const answer = await withAccountHeader(withCookies(response, [...cookies, ...(context?.responseCookies ?? []), ...bookmark]), request, context);
  if (!trips) return answer;
  const counted = new Response(answer.body, answer);
  counted.headers.set(ROUND_TRIPS_HEADER, formatRoundTrips(trips));
  const budget = budgetFor(trips, (build as unknown as ServerBuild).routes);
  if (budget) counted.headers.set(ROUND_TRIPS_BUDGET_HEADER, formatBudget(budget));
  return counted;
}

export default {
  async fetch(request, env, ctx) {
    const config = configOrNull(env);
    if (!config) return textResponse(503, "This server is not configured yet.");
    const nonce = newNonce();
    const response = await handle(request, env, ctx, config, nonce);
    ctx.waitUntil(logRefusal(request, response));
    return withSecurityHeaders(response, request, nonce);
  },

  async scheduled(controller, env, _ctx) {
    const db = createDatabase(env.DB);
    const config = configOrNull(env);
    // Awaited, so a run (the cron's, or `npm run jobs` locally) ends when its jobs do and fails when one did.
    const { failed } = await runPeriodicJobs(db, controller.scheduledTime, config ? createPayouts(config, db) : null, config);
    if (failed.length > 0) throw new Error(`Periodic jobs failed: ${failed.join(", ")}`);
  },
} satisfies ExportedHandler<Env>;
