/**
 * True when a request comes from this site's own pages. Browsers send Origin on cross-site
 * requests and on every POST; Sec-Fetch-Site covers the rest.
 */
export function isSameOrigin(request: Request): boolean {
  const site = request.headers.get("sec-fetch-site");
  if (site && site !== "same-origin" && site !== "none") return false;
  const origin = request.headers.get("origin");
  if (origin === null) return true;
  return origin === new URL(request.url).origin;
}

/**
 * True when a state-changing request shows it comes from this site's own pages: a same-origin
 * Origin or Sec-Fetch-Site, and neither saying otherwise. Browsers send one or both on every POST,
 * so a request with neither came from no page of ours (a script, a mail client, a forged call).
 */
export function isFromOurPages(request: Request): boolean {
  return isSameOrigin(request) && (request.headers.has("origin") || request.headers.has("sec-fetch-site"));
}

/**
 * True when a person opened this page themselves: typed it, bookmarked it, or followed a link on
 * this site. A page that changes something on a GET asks before doing it otherwise.
 */
export function isOwnNavigation(request: Request): boolean {
  const site = request.headers.get("sec-fetch-site");
  return site === "same-origin" || site === "none";
}
