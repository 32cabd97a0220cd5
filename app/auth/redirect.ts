/**
 * Returns `target` when it is a path on this site, else `fallback`.
 * Rejects absolute URLs, protocol-relative `//host`, backslash tricks and control characters.
 */
export function safeRedirect(target: unknown, fallback = "/"): string {
  if (typeof target !== "string" || target.length === 0 || target.length > 2048) return fallback;
  if (!target.startsWith("/") || target.startsWith("//") || target.startsWith("/\\")) return fallback;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f\\]/.test(target)) return fallback;
  try {
    const base = "http://arcanum.invalid";
    const url = new URL(target, base);
    if (url.origin !== base) return fallback;
    return url.pathname + url.search + url.hash;
  } catch {
    return fallback;
  }
}

/** The login URL that brings the visitor back to `returnTo` afterwards. */
export function loginPath(returnTo: string): string {
  const safe = safeRedirect(returnTo, "/");
  return safe === "/" ? "/login" : `/login?redirectTo=${encodeURIComponent(safe)}`;
}
