const SITE = "http://arcanum.invalid";

/** True for a path a browser resolves to another host: `//host` or `/\host`. */
function leavesTheSite(path: string) {
  return !path.startsWith("/") || path.startsWith("//") || path.startsWith("/\\");
}

/**
 * Returns `target` when it is a path on this site, else `fallback`.
 * The path is normalised the way a browser would (dot segments, percent-encoded dots,
 * backslashes) before the decision, so `/.//host` or `/%2e%2e//host` cannot turn into `//host`.
 * Absolute URLs, protocol-relative `//host`, backslash tricks and control characters are refused.
 */
export function safeRedirect(target: unknown, fallback = "/"): string {
  if (typeof target !== "string" || target.length === 0 || target.length > 2048) return fallback;
  // eslint-disable-next-line no-control-regex -- a control character in a path is refused
  if (leavesTheSite(target) || /[\u0000-\u001f\u007f\\]/.test(target)) return fallback;
  let url: URL;
  try {
    url = new URL(target, SITE);
  } catch {
    return fallback;
  }
  if (url.origin !== SITE) return fallback;
  const normalised = url.pathname + url.search + url.hash;
  // Decided on the normalised path: that is what the browser will follow.
  if (leavesTheSite(normalised)) return fallback;
  return normalised;
}

/** The login URL that brings the visitor back to `returnTo` afterwards. */
export function loginPath(returnTo: string): string {
  const safe = safeRedirect(returnTo, "/");
  return safe === "/" ? "/login" : `/login?redirectTo=${encodeURIComponent(safe)}`;
}
