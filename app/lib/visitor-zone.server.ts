import { isTimeZone } from "./calendar";

/**
 * The time zone a person without a stored one is taken to live in: the one Cloudflare places their
 * connection in, else UTC. It is read from the request the Worker received, since the request a
 * loader or action sees is often a copy without Cloudflare's properties (a client-side navigation's
 * `.data` request, a request given a guest's session), and a page and the form posted from it must
 * agree on the day (decision 0111).
 */
export function visitorTimeZone(request: Request): string {
  const zone = (request as Request & { cf?: { timezone?: unknown } }).cf?.timezone;
  return typeof zone === "string" && isTimeZone(zone) ? zone : "UTC";
}

/**
 * `visitorTimeZone` read on first use and kept: the runtime builds `request.cf` anew each time it
 * is read, which costs more than most pages' own work, and most pages never ask for the zone.
 */
export function visitorTimeZoneOnce(request: Request): () => string {
  let zone: string | undefined;
  return () => (zone ??= visitorTimeZone(request));
}
