import { createRequestHandler, type ServerBuild } from "@remix-run/cloudflare";
import { routePartykitRequest } from "partyserver";
import * as build from "remix-build";
import { gatePartyRequest } from "../app/auth/party.server";
import { isSameOrigin } from "../app/auth/origin";
import { withPublicPageCache } from "../app/cache/public-pages.server";
import { createDatabase } from "../app/db.server";
import { runPeriodicJobs } from "../app/jobs/periodic.server";
import { createLoadContext } from "../app/load-context.server";

export { ReaderPresence } from "../party/reader-presence";

const handleRemixRequest = createRequestHandler(build as unknown as ServerBuild);

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
    return withPublicPageCache(request, ctx, () =>
      handleRemixRequest(request, createLoadContext(request, env, ctx)),
    );
  },

  async scheduled(controller, env, ctx) {
    ctx.waitUntil(runPeriodicJobs(createDatabase(env.DB), controller.scheduledTime));
  },
} satisfies ExportedHandler<Env>;
