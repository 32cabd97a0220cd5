import { createRequestHandler, type ServerBuild } from "@remix-run/cloudflare";
import { routePartykitRequest } from "partyserver";
import * as build from "remix-build";
import { gatePartyRequest } from "../app/auth/party.server";
import { ensureGuest, shouldCreateGuest, withSessionToken } from "../app/auth/guest.server";
import { isSameOrigin } from "../app/auth/origin";
import { claimedSessionKind, isSecureRequest, sessionCookieName } from "../app/auth/session-cookie";
import { withPublicPageCache } from "../app/cache/public-pages.server";
import { createDatabase } from "../app/db.server";
import { runPeriodicJobs } from "../app/jobs/periodic.server";
import { createLoadContext } from "../app/load-context.server";

export { DeckGenerator } from "../party/deck-generator";
export { ReaderPresence } from "../party/reader-presence";
export { ReadingRoom } from "../party/reading-room";

const handleRemixRequest = createRequestHandler(build as unknown as ServerBuild);

function withCookies(response: Response, cookies: string[]): Response {
  if (cookies.length === 0) return response;
  const copy = new Response(response.body, response);
  for (const cookie of cookies) copy.headers.append("set-cookie", cookie);
  // A response that starts a session is for this browser only.
  copy.headers.set("cache-control", "private, no-store");
  return copy;
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export default {
  async fetch(request, env, ctx) {
    const url = new URL(request.url);
    if (url.pathname === "/healthz") {
      return new Response("ok", { headers: { "content-type": "text/plain", "cache-control": "no-store" } });
    }
    // One gate for every state-changing request: another site cannot make a browser post here.
    if (!SAFE_METHODS.has(request.method) && !isSameOrigin(request)) {
      return new Response("This request came from another site and was refused.", { status: 403 });
    }
    if (url.pathname.startsWith("/parties/")) {
      const gated = await gatePartyRequest(request, env);
      if (gated instanceof Response) return gated;
      return (await routePartykitRequest(gated, env)) ?? new Response("Unknown room", { status: 404 });
    }
    // A person's first page visit: a guest account and its session, before anything is rendered.
    const cookies: string[] = [];
    let pageRequest = request;
    if (claimedSessionKind(request) === null && shouldCreateGuest(request)) {
      const guest = await ensureGuest(createDatabase(env.DB), request);
      cookies.push(...guest.setCookies);
      pageRequest = withSessionToken(request, sessionCookieName(isSecureRequest(request)), guest.token) as typeof request;
    }
    let context: ReturnType<typeof createLoadContext> | undefined;
    const response = await withPublicPageCache(pageRequest, ctx, (rendered) => {
      context = createLoadContext(rendered, env, ctx);
      return handleRemixRequest(rendered, context);
    });
    return withCookies(response, [...cookies, ...(context?.responseCookies ?? [])]);
  },

  async scheduled(controller, env, ctx) {
    ctx.waitUntil(runPeriodicJobs(createDatabase(env.DB), controller.scheduledTime));
  },
} satisfies ExportedHandler<Env>;
