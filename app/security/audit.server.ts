import { sha256Hex } from "../lib/crypto";
import { REFUSAL_STATUSES } from "../lib/http";
import { log } from "../observe/log.server";
import { clientAddress } from "./rate-limit.server";

/**
 * One structured log line per refused request: what was asked, how it was answered, and a short
 * hash of the address (to tell one source from many without keeping addresses). Never a cookie,
 * a token, a query string or a body.
 */
export async function logRefusal(request: Request, response: Response): Promise<void> {
  // Every refused form post (a 4xx from an action) too: what people are told "no" to, and how often.
  const refusedAction = response.status >= 400 && response.status < 500 && request.method !== "GET" && request.method !== "HEAD";
  // Refusals are worth an operator's attention: an attacker's probing or a broken client produces them.
  if (!REFUSAL_STATUSES.has(response.status) && !refusedAction) return;
  const url = new URL(request.url);
  log.warn("request refused", {
    event: "request-refused",
    status: response.status,
    method: request.method,
    path: url.pathname,
    site: request.headers.get("sec-fetch-site"),
    socket: request.headers.get("upgrade")?.toLowerCase() === "websocket",
    source: (await sha256Hex(clientAddress(request))).slice(0, 12),
  });
}
