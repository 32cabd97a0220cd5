import { createRequestHandler, type ServerBuild } from "@remix-run/cloudflare";
import { routePartykitRequest } from "partyserver";
import * as build from "remix-build";
import { createDatabase } from "../app/db.server";
import { readConfig } from "../app/env.server";
import { runPeriodicJobs } from "../app/jobs/periodic.server";
import { authorizePartyConnection } from "../app/auth/party.server";

export { ReaderPresence } from "../party/reader-presence";

const handleRemixRequest = createRequestHandler(build as unknown as ServerBuild);

export default {
  async fetch(request, env, ctx) {
    const url = new URL(request.url);
    if (url.pathname === "/healthz") {
      return new Response("ok", { headers: { "content-type": "text/plain", "cache-control": "no-store" } });
    }
    if (url.pathname.startsWith("/parties/")) {
      const response = await routePartykitRequest(request, env, {
        onBeforeConnect: (req, lobby) => authorizePartyConnection(req, lobby, env),
      });
      return response ?? new Response("Not found", { status: 404 });
    }
    const config = readConfig(env);
    return handleRemixRequest(request, {
      cloudflare: { env, ctx },
      db: createDatabase(env.DB),
      config,
    });
  },

  async scheduled(controller, env, ctx) {
    ctx.waitUntil(runPeriodicJobs(createDatabase(env.DB), controller.scheduledTime));
  },
} satisfies ExportedHandler<Env>;
