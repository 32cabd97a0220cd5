/**
 * The response headers every answer of the Worker carries, in one place: a Content-Security-Policy
 * (with a per-request nonce on HTML pages), HSTS over https, nosniff, Referrer-Policy, framing
 * refused, a Permissions-Policy that lets only the reading room ask for a camera or microphone,
 * and private caching for anything that did not say otherwise.
 */

import { hexOf, randomBytes } from "../lib/crypto";

/** Pages where a call (video, or voice alone) can start; everywhere else camera and microphone are off. */
const CALL_PAGES = /^\/(reading-room|reading)(\/|$)/;

/** One year, with subdomains; long enough for browsers' preload lists. */
const HSTS = "max-age=31536000; includeSubDomains";

/** 128 random bits in hexadecimal: the nonce that lets this response's own inline scripts run. */
export function newNonce(): string {
  return hexOf(randomBytes(16));
}

export function allowsCalls(pathname: string): boolean {
  return CALL_PAGES.test(pathname);
}

export function permissionsPolicy(pathname: string): string {
  const media = allowsCalls(pathname) ? "(self)" : "()";
  return [
    `camera=${media}`,
    `microphone=${media}`,
    "display-capture=()",
    "geolocation=()",
    "payment=()",
    "usb=()",
    "serial=()",
    "midi=()",
    "browsing-topics=()",
  ].join(", ");
}

/** The policy of an HTML page: our own files, inline scripts only with this response's nonce. */
export function pagePolicy(url: URL, nonce: string): string {
  const socketOrigin = `${url.protocol === "https:" ? "wss" : "ws"}://${url.host}`;
  const directives = [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    // React writes style attributes (card positions, progress bars); scripts stay strict.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    `connect-src 'self' ${socketOrigin}`,
    "media-src 'self' blob:",
    "worker-src 'self'",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    // Sign-in with Google leaves through a form post that redirects to Google.
    "form-action 'self' https://accounts.google.com",
    "frame-ancestors 'none'",
  ];
  if (url.protocol === "https:") directives.push("upgrade-insecure-requests");
  return directives.join("; ");
}

/** Anything that is not a page (data, files, JSON, text) may not run, load or be framed. */
const RESOURCE_POLICY = "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; frame-ancestors 'none'; sandbox";

const isHtml = (response: Response) => (response.headers.get("content-type") ?? "").startsWith("text/html");

/**
 * Puts the security headers on a response. `nonce` is the one the page was rendered with;
 * responses that chose their own Cache-Control or CSP keep them (the framing rule is added).
 */
export function withSecurityHeaders(response: Response, request: Request, nonce: string): Response {
  const url = new URL(request.url);
  // A WebSocket upgrade's answer cannot be copied; it carries no document anyway.
  if (response.status === 101) return response;
  const secured = new Response(response.body, response);
  const headers = secured.headers;
  const own = headers.get("content-security-policy");
  if (isHtml(response)) headers.set("content-security-policy", pagePolicy(url, nonce));
  else if (!own) headers.set("content-security-policy", RESOURCE_POLICY);
  else if (!/frame-ancestors/.test(own)) headers.set("content-security-policy", `${own}; frame-ancestors 'none'`);
  if (url.protocol === "https:") headers.set("strict-transport-security", HSTS);
  headers.set("x-content-type-options", "nosniff");
  headers.set("referrer-policy", "strict-origin-when-cross-origin");
  headers.set("x-frame-options", "DENY");
  headers.set("cross-origin-opener-policy", "same-origin");
  headers.set("permissions-policy", permissionsPolicy(url.pathname));
  // What depends on the person asking must stay in their browser alone; public answers say so themselves.
  if (!headers.has("cache-control")) headers.set("cache-control", "private, no-store");
  if (!/\bpublic\b/.test(headers.get("cache-control") ?? "") && !/\bcookie\b/i.test(headers.get("vary") ?? "")) {
    headers.append("vary", "Cookie");
  }
  return secured;
}
