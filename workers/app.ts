import type { ServerBuild } from "@remix-run/cloudflare";
import * as build from "remix-build";
import type { AppConfig } from "../app/env.server";

// Everything below comes from the server build (app/worker-side.server.ts), so the Worker carries one
// copy of the app and its dependencies.
const {
  routePartykitRequest,
  gatePartyRequest,
  ensureGuest,
  shouldCreateGuest,
  withSessionToken,
  isFromOurPages,
  isSameOrigin,
  isBearerApiCall,
  PAYMENT_WEBHOOK_PATH,
  STOP_NOTICES_PATH,
  claimedSessionKind,
  isSecureRequest,
  sessionCookieName,
  withPublicPageCache,
  createDatabase,
  withRequestBinding,
  readConfig,
  runPeriodicJobs,
  createPayouts,
  textResponse,
  createLoadContext,
  openRequestSession,
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
  bodyLimitFor,
  limitRequestBody,
  refuseUnreadableForm,
  logRefusal,
  newNonce,
  withSecurityHeaders,
  withAccountHeader,
  reportError,
  setRelease,
  log,
  flushMetrics,
  isMeasuredAnswer,
  METRICS,
  recordMetric,
  namingBuild,
  newRequestId,
  openScope,
  REQUEST_ID_HEADER,
  runInScope,
  countedD1,
  wakeDemoPresence,
  visitorTimeZoneOnce,
} = build.entry.module.workerSide;
import type { Scope } from "../app/observe/scope.server";

export const DeckGenerator = build.entry.module.workerSide.DeckGenerator;
export const PrintJob = build.entry.module.workerSide.PrintJob;
export const ReaderPresence = build.entry.module.workerSide.ReaderPresence;
export const ReadingRoom = build.entry.module.workerSide.ReadingRoom;
export const UserChannel = build.entry.module.workerSide.UserChannel;
// The same names as types, for the generated Env (types/worker-configuration.d.ts) to type each namespace's stubs.
export type DeckGenerator = InstanceType<typeof DeckGenerator>;
export type ReaderPresence = InstanceType<typeof ReaderPresence>;
export type ReadingRoom = InstanceType<typeof ReadingRoom>;
export type UserChannel = InstanceType<typeof UserChannel>;
export type PrintJob = InstanceType<typeof PrintJob>;

setRelease((build as unknown as ServerBuild).assets.version);
// Every loader and action names its route for the request's logs, reports and metrics.
const namedBuild = namingBuild(build as unknown as ServerBuild);
// The handler comes from the build itself: one copy of Remix on the server, with its route-matching cache.
const handleRemixRequest = build.entry.module.createRequestHandler(namedBuild);
// Runs that count round trips use the same build with each loader and action noting that it ran,
// made on first use.
let countingHandler: typeof handleRemixRequest | undefined;
const handleCountedRequest: typeof handleRemixRequest = (request, context) => {
  countingHandler ??= build.entry.module.createRequestHandler(countingBuild(namedBuild));
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

/** The configuration, or null when this deployment must not serve (a production Worker without its secret). */
function configOrNull(env: Env): AppConfig | null {
  try {
    return readConfig(env);
  } catch (error) {
    log.error("configuration refused", { error: error instanceof Error ? error.message : String(error) });
    return null;
  }
}

async function handle(request: Request, env: Env, ctx: ExecutionContext, config: AppConfig, nonce: string, scope: Scope): Promise<Response> {
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
      if (!trips) return handleRemixRequest(rendered, context);
      countFor(context, trips);
      return handleCountedRequest(rendered, context);
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
  const budget = budgetFor(trips, (build as unknown as ServerBuild).routes);
  if (budget) counted.headers.set(ROUND_TRIPS_BUDGET_HEADER, formatBudget(budget));
  return counted;
}

export default {
  async fetch(request, env, ctx) {
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
        response = await handle(request, env, ctx, config, nonce, scope);
      } catch (error) {
        reportError(error);
        response = textResponse(500, "Something went wrong on our side. It has been reported.");
      }
      ctx.waitUntil(logRefusal(request, response));
      if (isMeasuredAnswer(new URL(request.url).pathname, response.status)) recordMetric(METRICS.request, scope.route, Date.now() - started);
      flushMetrics(scope);
      return withRequestId(withSecurityHeaders(response, request, nonce), scope.requestId);
    });
  },

  async scheduled(controller, env, ctx) {
    const db = createDatabase(env.DB);
    const config = configOrNull(env);
    const scope = openScope({ route: "job:periodic", env, config, waitUntil: (work) => ctx.waitUntil(work) });
    await runInScope(scope, async () => {
      try {
        // Awaited, so a run (the cron's, or `npm run jobs` locally) ends when its jobs do and fails when one did.
        const { failed } = await runPeriodicJobs(db, controller.scheduledTime, config ? createPayouts(config, db) : null, config, (work) =>
          ctx.waitUntil(work),
        );
        if (failed.length > 0) throw new Error(`Periodic jobs failed: ${failed.join(", ")}`);
      } finally {
        flushMetrics(scope);
      }
    });
  },
} satisfies ExportedHandler<Env>;
